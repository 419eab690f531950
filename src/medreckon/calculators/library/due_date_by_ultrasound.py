"""Estimated due date from an ultrasound-dated gestational age (ACOG Committee Opinion 700)."""

from __future__ import annotations

import datetime as dt

from pydantic import Field

from ..fields import Date, Inputs, q
from ..rules import Relation
from ..spec import Output, Reference, Secondary, Working, calculator, fmt, invalid

GestationalAge = q("wk", gt=0, lt=45, plausible=(5, 42), units=("wk", "d"))
TERM = 280  # days from the LMP-equivalent date to the due date


class DueDateUltrasoundInputs(Inputs):
    ultrasound_date: Date = Field(description="Date of the dating ultrasound, YYYY-MM-DD or MM/DD/YYYY.")
    gestational_age_at_ultrasound: GestationalAge = Field(description="Gestational age measured at that ultrasound, "
                                                          "weeks with the days: '23 weeks 1 day', '23w1d' or 23.14.")
    current_date: Date | None = Field(None, description="Today's date, for the current gestational age (optional).")

    rules = (Relation(("current_date", "ultrasound_date"), "current_date on or after ultrasound_date"),)


@calculator(
    id="due-date-by-ultrasound",
    name="Due Date by Ultrasound",
    aliases=("Due Date by Ultrasound", "edd-by-ultrasound"),
    kind="equation",
    specialty="obstetrics",
    output=Output(None, "date", secondary=(
        Secondary("current_gestational_age", "gestational age on the current date, weeks and days", None, "text"),
        Secondary("current_gestational_age_days", "gestational age on the current date, days", "d", "integer"),
        Secondary("end_of_first_trimester", "the date of 13 weeks 6 days (ACOG)", None, "text"),
    )),
    inputs=DueDateUltrasoundInputs,
    references=(
        Reference("American College of Obstetricians and Gynecologists. Committee Opinion No. 700: Methods for "
                  "estimating the due date. Obstet Gynecol. 2017;129(5):e150-e154.",
                  "https://doi.org/10.1097/AOG.0000000000002046"),
        Reference("MDCalc. Due Date by Ultrasound."),
    ),
    formula="EDD = ultrasound date + (280 days − gestational age at the ultrasound in days); current gestational age "
    "= gestational age at the ultrasound + days since it. The first trimester ends at 13 weeks 6 days.",
    description="Due date from an ultrasound estimate of gestational age; the earliest crown-rump-length scan is the "
    "most accurate. MDCalc shows the end of the first trimester at 12 weeks 0 days; ACOG's is given here.",
    example={"ultrasound_date": "2025-08-25", "gestational_age_at_ultrasound": "23 weeks 1 day",
             "current_date": "2025-12-15"},
)
def due_date_by_ultrasound(x: DueDateUltrasoundInputs, w: Working) -> dt.date:
    ga_days = w.step("gestational age at ultrasound", f"{fmt(x.gestational_age_at_ultrasound, 4)} weeks × 7",
                     int(round(x.gestational_age_at_ultrasound * 7)), "d")
    start = x.ultrasound_date - dt.timedelta(days=ga_days)  # the LMP-equivalent date
    edd = w.step("estimated due date", f"{x.ultrasound_date.isoformat()} + ({TERM} − {ga_days}) d",
                 start + dt.timedelta(days=TERM))
    w.output("end_of_first_trimester", (start + dt.timedelta(days=13 * 7 + 6)).isoformat())
    if x.current_date is None:
        w.output("current_gestational_age", None)
        w.output("current_gestational_age_days", None)
        w.interpretation = f"estimated due date {edd.isoformat()}"
        return edd
    if x.current_date < x.ultrasound_date:
        raise invalid("current_date", x.current_date.isoformat(), "a date on or after the ultrasound",
                      "the two dates may be swapped")
    now = w.output("current_gestational_age_days", w.step(
        "current gestational age", f"{ga_days} + ({x.current_date.isoformat()} − {x.ultrasound_date.isoformat()})",
        ga_days + (x.current_date - x.ultrasound_date).days, "d"))
    weeks, days = divmod(now, 7)
    w.output("current_gestational_age", f"{weeks} weeks {days} days")
    w.interpretation = f"estimated due date {edd.isoformat()}; today {weeks} weeks {days} days"
    return edd
