"""Estimated weight of a child from age (APLS formulas), for emergency dosing when weighing is impossible."""

from __future__ import annotations

import math
from typing import Literal

from pydantic import Field

from ..fields import Age, Inputs, Option, scoped
from ..rules import Between, Is, RangeWhen
from ..spec import Output, Reference, Working, calculator, fmt, invalid

APLS = Reference("Advanced Life Support Group. Advanced Paediatric Life Support: A Practical Approach to "
                 "Emergencies. 5th ed. Wiley-Blackwell; 2011 (updated weight formulas).")
LUSCOMBE = Reference("Luscombe M, Owens B. Weight estimation in resuscitation: is the current formula still valid? "
                     "Arch Dis Child. 2007;92(5):412-415.", "https://doi.org/10.1136/adc.2006.107284")


# ages past 12 completed years are refused: the schema says so, `compute` says why
ScopedAge = scoped(Age, below=13)


class APLSWeightInputs(Inputs):
    age: ScopedAge = Field(description="Age; a bare number is years, months need their unit ('9 months'). The formulas "
                     "use completed months (under 1 year) or completed years (1-12 years).")
    formula: Literal["apls_2011", "apls_classic"] = Option(
        "apls_2011", "'apls_2011' (default; APLS 5th ed.: 0.5 × months + 4 under 1 year, 2 × years + 8 for 1-5, "
        "3 × years + 7 for 6-12) or 'apls_classic' ((years + 4) × 2 for 1-10 years).")

    # 1-10 completed years: an age of at least 1 and below 11 years, in whatever unit it is given
    rules = (RangeWhen(Between("age", ge=1, lt=11), (Is("formula", "apls_classic"),),
                       "an age of 1-10 completed years for the classic APLS formula",
                       "use formula='apls_2011' for infants and children up to 12"),)


@calculator(
    id="apls-weight-estimate",
    name="Pediatric Weight Estimation by Age (APLS)",
    aliases=("apls-weight", "pediatric-weight-estimate", "child-weight-from-age", "paediatric-weight-estimate"),
    kind="equation",
    specialty="pediatrics",
    output=Output("kg", "decimal", 0, range=(3, 50)),
    inputs=APLSWeightInputs,
    references=(APLS, LUSCOMBE),
    formula="APLS 2011: 0-12 months: 0.5 × age (months) + 4; 1-5 years: 2 × age (years) + 8; 6-12 years: "
    "3 × age (years) + 7. Classic APLS: (age (years) + 4) × 2 for 1-10 years.",
    description="Estimated body weight of a child from age alone, for resuscitation drug and fluid doses when the "
    "child cannot be weighed. Use a measured weight, or a length-based tape, whenever available; the estimate "
    "can be far off for obese or malnourished children.",
    example={"age": 4},
)
def apls_weight(x: APLSWeightInputs, w: Working) -> float:
    if x.formula == "apls_classic":
        years = min(math.floor(x.age + 1e-9), 10)  # 1 <= age < 11: the rule above, checked by the engine
        weight = w.step("estimated weight (classic APLS)", f"({years} + 4) × 2", (years + 4) * 2.0, "kg")
    elif x.age < 1:
        months = math.floor(x.age * 12 + 1e-9)
        weight = w.step("estimated weight (under 1 year)", f"0.5 × {months} months + 4", 0.5 * months + 4, "kg")
    else:
        years = min(math.floor(x.age + 1e-9), 12)  # below 13 (the scope) is 12 completed years at most
        if x.age >= 13:
            raise invalid("age", x.age, "an age up to 12 completed years",
                          "weigh the patient; age-based formulas are not used beyond 12 years")
        if years <= 5:
            weight = w.step("estimated weight (1-5 years)", f"2 × {years} + 8", 2.0 * years + 8, "kg")
        else:
            weight = w.step("estimated weight (6-12 years)", f"3 × {years} + 7", 3.0 * years + 7, "kg")
    w.interpretation = f"estimated weight about {fmt(weight, 1)} kg: use a measured weight as soon as possible"
    return weight
