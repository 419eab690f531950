"""Postmenstrual age of an infant (AAP Committee on Fetus and Newborn 2004); the shared inputs of the\ncorrected age."""

from __future__ import annotations

from pydantic import Field

from ..fields import Date, Inputs, q
from ..rules import Relation
from ..spec import Output, Reference, Working, calculator, fmt, invalid

AAP_2004 = Reference("Engle WA; American Academy of Pediatrics Committee on Fetus and Newborn. Age terminology during "
                     "the perinatal period. Pediatrics. 2004;114(5):1362-1364.", "https://doi.org/10.1542/peds.2004-1915")
TERM_DAYS = 280  # 40 weeks 0 days
GestationalAge = q("wk", gt=0, lt=50, plausible=(22, 44), units=("wk", "d"))


def birth_days(x: BirthAndTodayInputs, w: Working) -> int:
    """The gestational age at birth in whole days (31w1d is 218)."""
    return w.step("gestational age at birth", f"{fmt(x.gestational_age_at_birth, 4)} weeks × 7",
                  int(round(x.gestational_age_at_birth * 7)), "d")


class BirthAndTodayInputs(Inputs):
    gestational_age_at_birth: GestationalAge = Field(description="Gestational age at birth in weeks with the days: "
                                                     "'31 weeks 1 day', '31w1d' or 31.14 (whole days are used).")
    date_of_birth: Date = Field(description="Date of birth, YYYY-MM-DD or MM/DD/YYYY.")
    current_date: Date = Field(description="The date at which the age is wanted (today), on or after the birth.")

    rules = (Relation(("current_date", "date_of_birth"), "current_date on or after date_of_birth"),)


def chronological_days(x: BirthAndTodayInputs, w: Working) -> int:
    if x.current_date < x.date_of_birth:
        raise invalid("current_date", x.current_date.isoformat(), f"a date on or after the birth "
                      f"{x.date_of_birth.isoformat()}", "the two dates may be swapped")
    return w.step("chronological age", f"{x.current_date.isoformat()} − {x.date_of_birth.isoformat()}",
                  (x.current_date - x.date_of_birth).days, "d")


def weeks_days(w: Working, what: str, days: int) -> tuple[int, int]:
    weeks, rest = divmod(days, 7)
    return w.step(what, f"{days} d = {weeks} × 7 + {rest}", (weeks, rest))


@calculator(
    id="postmenstrual-age",
    name="Postmenstrual Age Calculator",
    aliases=("Postmenstrual Age Calculator", "pma"),
    kind="equation",
    specialty="neonatology",
    output=Output(None, "gestational_age"),
    inputs=BirthAndTodayInputs,
    references=(AAP_2004, Reference("MDCalc. Postmenstrual Age Calculator.")),
    formula="postmenstrual age = gestational age at birth + chronological age (days since birth), in weeks and days",
    description="Age of a (preterm) infant counted from the mother's last menstrual period, used in the neonatal "
    "period and on growth charts such as Fenton's until about 50 weeks.",
    example={"gestational_age_at_birth": "31 weeks 1 day", "date_of_birth": "2025-09-20",
             "current_date": "2025-12-15"},
)
def postmenstrual_age(x: BirthAndTodayInputs, w: Working) -> tuple[int, int]:
    ga = birth_days(x, w)
    age = chronological_days(x, w)
    pma = weeks_days(w, "postmenstrual age", ga + age)
    w.interpretation = f"postmenstrual age {pma[0]} weeks {pma[1]} days"
    return pma
