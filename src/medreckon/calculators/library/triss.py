"""TRISS: probability of survival after trauma from the Revised Trauma Score, ISS, age and mechanism
(Boyd 1987), with the Major Trauma Outcome Study coefficients."""

from __future__ import annotations

import math
from typing import Literal

from pydantic import Field

from ..fields import Age, Inputs, Option, choice
from ..points import cut_offs
from ..spec import Output, Reference, Working, calculator, fmt

# (b0, b1 RTS, b2 ISS, b3 age index) by coefficient set and mechanism
COEFFICIENTS = {
    "mtos-revised": {"blunt": (-1.2470, 0.9544, -0.0768, -1.9052),
                     "penetrating": (-0.6029, 1.1430, -0.1516, -2.6676)},
    "boyd-1987": {"blunt": (-0.4499, 0.8085, -0.0835, -1.7430),
                  "penetrating": (-2.5355, 0.9934, -0.0651, -1.1360)},
}
CHILD_AGE = 15  # below it the blunt coefficients apply whatever the mechanism (Boyd 1987)
Mechanism = choice("blunt", "penetrating")


class TRISSInputs(Inputs):
    mechanism: Mechanism = Field(description="Trauma type: 'blunt' or 'penetrating'.")
    rts: float = Field(ge=0, le=7.8408, description="Revised Trauma Score, 0-7.8408 (the weighted score, e.g. 6.904; not the triage "
                     "RTS sum 0-12).")
    iss: int = Field(ge=0, le=75, description="Injury Severity Score, 0-75.")
    age: Age = Field(description="Age in years: the age index is 0 up to 54 and 1 from 55.")
    coefficients: Literal["mtos-revised", "boyd-1987"] = Option(
        "mtos-revised", "'mtos-revised' (default: the revised MTOS coefficients, which MDCalc uses; blunt b0 −1.2470) "
        "or 'boyd-1987' (the original MTOS coefficients published with the method; blunt b0 −0.4499).")


@calculator(
    id="triss",
    name="Trauma Score and Injury Severity Score (TRISS)",
    aliases=("trauma-and-injury-severity-score",),
    kind="equation",
    specialty="emergency medicine",
    output=Output("%", "decimal", 1, range=(0, 100)),
    inputs=TRISSInputs,
    references=(
        Reference("Boyd CR, Tolson MA, Copes WS. Evaluating trauma care: the TRISS method. J Trauma. "
                  "1987;27(4):370-378."),
        Reference("Champion HR, Copes WS, Sacco WJ, et al. The Major Trauma Outcome Study: establishing national "
                  "norms for trauma care. J Trauma. 1990;30(11):1356-1365."),
        Reference("MDCalc. Trauma Score and Injury Severity Score (TRISS) (the revised MTOS coefficients)."),
    ),
    formula="Ps = 1 / (1 + e^−b), b = b0 + b1 × RTS + b2 × ISS + b3 × age index (0 if age ≤ 54, 1 if ≥ 55); under 15 "
    "the blunt coefficients apply. Revised MTOS: blunt b0 −1.2470, b1 0.9544, b2 −0.0768, b3 −1.9052; penetrating "
    "−0.6029, 1.1430, −0.1516, −2.6676. Boyd 1987: blunt −0.4499, 0.8085, −0.0835, −1.7430; penetrating −2.5355, "
    "0.9934, −0.0651, −1.1360.",
    description="Probability of survival after injury, in %, for comparing outcomes with the Major Trauma Outcome "
    "Study norms. The coefficient set is an explicit option: the revised MTOS set by default, as MDCalc; Boyd's "
    "original set on request.",
    example={"mechanism": "blunt", "rts": 6.904, "iss": 34, "age": 40},
)
def triss(x: TRISSInputs, w: Working) -> float:
    mechanism = x.mechanism
    if x.age < CHILD_AGE and mechanism == "penetrating":
        mechanism = "blunt"
        w.warn(f"age {fmt(x.age)} < {CHILD_AGE}: TRISS uses the blunt coefficients for children whatever the mechanism",
               "mechanism", "convention")
    b0, b1, b2, b3 = COEFFICIENTS[x.coefficients][mechanism]
    age_index = cut_offs(w, "age index", f"age {fmt(x.age)}", x.age, ((55, 1), (None, 0)))
    b = w.step("b", lambda: f"{b0} + {b1} × {fmt(x.rts, 4)} + ({b2}) × {x.iss} + ({b3}) × {age_index}",
               b0 + b1 * x.rts + b2 * x.iss + b3 * age_index)
    ps = w.step("probability of survival", lambda: f"100 / (1 + e^−({fmt(b, 4)}))", 100 / (1 + math.exp(-b)), "%")
    expected = "survival would be unexpected" if ps < 50 else "a death would be unexpected"
    w.interpretation = (f"probability of survival {fmt(ps, 1)}% ({mechanism}, {x.coefficients} coefficients): "
                        f"{expected} by MTOS norms")
    return ps
