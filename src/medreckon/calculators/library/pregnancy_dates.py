"""Pregnancy dating from the last menstrual period (LMP): estimated due date (Naegele's rule with
the cycle-length adjustment), estimated date of conception, and gestational age.

The cycle-length adjustment follows from a luteal phase of about 14 days: ovulation, and so
conception, falls about 14 days before the next expected period, i.e. on cycle day
(cycle length − 14); the due date is conception + 266 days = LMP + 280 days + (cycle length − 28)
days. A longer cycle moves both dates later, a shorter one earlier.
"""

from __future__ import annotations

import datetime as dt

from pydantic import Field

from ..fields import Date, Inputs, q
from ..rules import Relation
from ..spec import MedCalcBench, Output, Reference, Working, calculator, fmt, invalid

GESTATION_FROM_LMP = 280  # days, for a 28-day cycle (Naegele)
STANDARD_CYCLE = 28  # days
LUTEAL_PHASE = 14  # days from ovulation to the next period

ACOG_700 = Reference(
    "American College of Obstetricians and Gynecologists. Methods for estimating the due date. Committee "
    "Opinion No. 700. Obstet Gynecol. 2017;129(5):e150-e154 (EDD = LMP + 280 days; ultrasound "
    "redating).",
    "https://doi.org/10.1097/AOG.0000000000002046",
)
LENTON_1984 = Reference(
    "Lenton EA, Landgren BM, Sexton L. Normal variation in the length of the luteal phase of the menstrual "
    "cycle: identification of the short luteal phase. Br J Obstet Gynaecol. 1984;91(7):685-689 (luteal phase "
    "about 14 days, so cycle-length differences are differences in the follicular phase).",
)

# longer than the 14-day luteal phase once rounded to whole days (round(14.5) is 14)
CycleLength = q("d", gt=14.5, lt=365, plausible=(20, 45), units=("d", "wk"))

LMP_DESCRIPTION = (
    "First day of the last menstrual period, as YYYY-MM-DD or MM/DD/YYYY (month first, US style); "
    "not the last day of bleeding."
)
CYCLE_DESCRIPTION = (
    "Usual length of the menstrual cycle in days, from the first day of one period to the first day of the "
    "next (not the days of bleeding). 28 when not given."
)

# the due date and the conception date read the same entities and share a worked example
LMP_AND_CYCLE_ENTITIES = {"Last menstrual date": "last_menstrual_period", "cycle length": "cycle_length"}
LMP_AND_CYCLE_EXAMPLE = {"last_menstrual_period": "2024-03-12", "cycle_length": 30}


def whole_days(cycle_length: float, w: Working) -> int:
    days = int(round(cycle_length))
    if days != cycle_length:
        w.warn(f"cycle length {fmt(cycle_length)} d rounded to {days} d", "cycle_length", "note")
    return days


class DueDateInputs(Inputs):
    last_menstrual_period: Date = Field(description=LMP_DESCRIPTION)
    cycle_length: CycleLength = Field(float(STANDARD_CYCLE), description=CYCLE_DESCRIPTION)


@calculator(
    id="estimated-due-date",
    name="Estimated Due Date",
    aliases=("edd", "due-date", "naegele", "naegeles-rule"),
    kind="equation",
    specialty="obstetrics",
    output=Output(None, "date"),
    inputs=DueDateInputs,
    references=(ACOG_700, LENTON_1984),
    formula="EDD = LMP + 280 days + (cycle length − 28) days",
    description="Estimated date of delivery from the last menstrual period by Naegele's rule, moved later "
    "for cycles longer than 28 days and earlier for shorter ones. A first-trimester ultrasound "
    "supersedes it when the two disagree (ACOG).",
    medcalc_bench=MedCalcBench(13, LMP_AND_CYCLE_ENTITIES),
    example=LMP_AND_CYCLE_EXAMPLE,
)
def estimated_due_date(x: DueDateInputs, w: Working) -> dt.date:
    cycle = whole_days(x.cycle_length, w)
    adjustment = w.step("cycle adjustment", f"{cycle} − {STANDARD_CYCLE}", cycle - STANDARD_CYCLE, "d")
    return w.step(
        "estimated due date",
        f"{x.last_menstrual_period.isoformat()} + {GESTATION_FROM_LMP} d + ({adjustment}) d",
        x.last_menstrual_period + dt.timedelta(days=GESTATION_FROM_LMP + adjustment),
    )


@calculator(
    id="estimated-conception-date",
    name="Estimated Date of Conception",
    aliases=("conception-date", "date-of-conception"),
    kind="equation",
    specialty="obstetrics",
    output=Output(None, "date"),
    inputs=DueDateInputs,
    references=(LENTON_1984, ACOG_700),
    formula="conception ≈ ovulation = LMP + (cycle length − 14) days  (LMP + 14 days for a 28-day cycle)",
    description="Estimated date of conception from the last menstrual period, taking ovulation 14 days before "
    "the next expected period. Consistent with the due date: EDD = conception + 266 days.",
    medcalc_bench=MedCalcBench(68, LMP_AND_CYCLE_ENTITIES),
    example=LMP_AND_CYCLE_EXAMPLE,
)
def estimated_conception_date(x: DueDateInputs, w: Working) -> dt.date:
    cycle = whole_days(x.cycle_length, w)
    if cycle <= LUTEAL_PHASE:
        raise invalid("cycle_length", x.cycle_length, f"a cycle longer than the {LUTEAL_PHASE}-day luteal phase",
                      "give the days from the first day of one period to the first day of the next")
    ovulation_day = w.step("days from LMP to ovulation", f"{cycle} − {LUTEAL_PHASE}", cycle - LUTEAL_PHASE, "d")
    return w.step(
        "estimated date of conception",
        f"{x.last_menstrual_period.isoformat()} + {ovulation_day} d",
        x.last_menstrual_period + dt.timedelta(days=ovulation_day),
    )


class GestationalAgeInputs(Inputs):
    last_menstrual_period: Date = Field(description=LMP_DESCRIPTION)
    current_date: Date = Field(
        description="The date at which the gestational age is wanted (today's date in the note), as YYYY-MM-DD "
        "or MM/DD/YYYY; not before the last menstrual period."
    )

    rules = (Relation(("current_date", "last_menstrual_period"), "current_date on or after last_menstrual_period"),)


@calculator(
    id="gestational-age",
    name="Estimated Gestational Age",
    aliases=("ga", "gestational-age-by-lmp"),
    kind="equation",
    specialty="obstetrics",
    output=Output(None, "gestational_age"),
    inputs=GestationalAgeInputs,
    references=(
        ACOG_700,
        Reference("American College of Obstetricians and Gynecologists. Definition of term pregnancy. Committee "
                  "Opinion No. 579. Obstet Gynecol. 2013;122(5):1139-1140 (trimesters and term by completed "
                  "weeks)."),
    ),
    formula="gestational age = current date − LMP, written as completed weeks + days",
    description="Gestational (menstrual) age from the last menstrual period to a given date, in completed "
    "weeks and days, with the trimester.",
    medcalc_bench=MedCalcBench(69, {"Last menstrual date": "last_menstrual_period", "Current Date": "current_date"}),
    example={"last_menstrual_period": "2024-03-12", "current_date": "2024-08-23"},
)
def gestational_age(x: GestationalAgeInputs, w: Working) -> tuple[int, int]:
    if x.current_date < x.last_menstrual_period:
        raise invalid("current_date", x.current_date.isoformat(),
                      f"a date on or after the last menstrual period {x.last_menstrual_period.isoformat()}",
                      "the two dates may be swapped")
    days = w.step("days since LMP", f"{x.current_date.isoformat()} − {x.last_menstrual_period.isoformat()}",
                  (x.current_date - x.last_menstrual_period).days, "d")
    weeks, rest = divmod(days, 7)
    value = w.step("gestational age", f"{days} d = {weeks} × 7 + {rest}", (weeks, rest))
    if weeks < 14:
        w.interpretation = "first trimester (up to 13 weeks 6 days)"
    elif weeks < 28:
        w.interpretation = "second trimester (14 weeks 0 days to 27 weeks 6 days)"
    else:
        w.interpretation = "third trimester (from 28 weeks 0 days)"
    if weeks >= 45:
        w.warn(f"{weeks} weeks is longer than any pregnancy; check the dates", "current_date", "implausible")
    return value
