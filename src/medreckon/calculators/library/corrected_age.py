"""Corrected age of an infant born preterm (AAP Committee on Fetus and Newborn 2004)."""

from __future__ import annotations

from ..spec import Output, Reference, Working, calculator, invalid
from .postmenstrual_age import (
    AAP_2004,
    TERM_DAYS,
    BirthAndTodayInputs,
    birth_days,
    chronological_days,
    weeks_days,
)


@calculator(
    id="corrected-age",
    name="Corrected Age (Prematurity)",
    aliases=("Corrected Age (Prematurity)", "adjusted-age-prematurity"),
    kind="equation",
    specialty="neonatology",
    output=Output(None, "gestational_age"),
    inputs=BirthAndTodayInputs,
    references=(AAP_2004, Reference("MDCalc. Corrected Age (Prematurity).")),
    formula="corrected age = chronological age − (40 weeks − gestational age at birth), in weeks and days; no "
    "correction for a birth at 40 weeks or later",
    description="Age of a preterm infant from the due date, used to judge growth and development until about 2-3 "
    "years. Before the term-equivalent date, use the postmenstrual age instead.",
    example={"gestational_age_at_birth": "31 weeks 1 day", "date_of_birth": "2025-09-20",
             "current_date": "2025-12-15"},
)
def corrected_age(x: BirthAndTodayInputs, w: Working) -> tuple[int, int]:
    ga = birth_days(x, w)
    age = chronological_days(x, w)
    early = w.step("weeks born before term", f"max(0, {TERM_DAYS} − {ga})", max(0, TERM_DAYS - ga), "d")
    if age < early:
        raise invalid("current_date", x.current_date.isoformat(), "a date on or after the term-equivalent date "
                      f"(40 weeks postmenstrual, {early - age} days later)", "before term use the postmenstrual age")
    corrected = weeks_days(w, "corrected age", age - early)
    w.interpretation = f"corrected age {corrected[0]} weeks {corrected[1]} days"
    return corrected
