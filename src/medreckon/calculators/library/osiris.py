"""OSIRIS: Osteoporosis Index of Risk (Sedrine 2002)."""

from __future__ import annotations

import math

from pydantic import Field

from ..fields import Age, Finding, Inputs, Weight
from ..points import finding, sum_points
from ..spec import Output, Reference, Secondary, Working, calculator, fmt

RISK = ("High", "Intermediate", "Low")


class OSIRISInputs(Inputs):
    age: Age = Field(description="Age in years.")
    weight: Weight = Field(description="Body weight, kg (lb with its unit).")
    current_hrt: bool = Finding("Currently taking hormone replacement therapy (+2).")
    prior_low_impact_fracture: bool = Finding("History of a low-impact (fragility) fracture after menopause (−2).")


@calculator(
    id="osiris",
    name="Osteoporosis Index of Risk (OSIRIS)",
    aliases=("Osteoporosis Index of Risk (OSIRIS)", "osteoporosis-index-of-risk"),
    kind="score",
    specialty="rheumatology",
    # the points range is the domain: the formula over the inputs' bounds (weight < 1000 kg, age 0-130)
    output=Output("points", "integer", 0, range=(-28, 201), secondary=(
        Secondary("risk", "osteoporosis risk: High (< −3), Intermediate (−3 to 1) or Low (> 1)", None, "text"),
    )),
    inputs=OSIRISInputs,
    references=(
        Reference("Sedrine WB, Chevallier T, Zegels B, et al. Development and assessment of the Osteoporosis Index "
                  "of Risk (OSIRIS) to facilitate selection of women for bone densitometry. Gynecol Endocrinol. "
                  "2002;16(3):245-250.", "https://doi.org/10.1080/gye.16.3.245.250"),
        Reference("MDCalc. Osteoporosis Index of Risk (OSIRIS).",
                  "https://www.mdcalc.com/calc/10197/osteoporosis-index-risk-osiris"),
    ),
    formula="OSIRIS = integer part of [0.2 × (weight kg − age years)] + 2 if on hormone replacement therapy − 2 if a "
    "prior low-impact fracture. < −3 high risk (bone densitometry recommended), −3 to 1 intermediate, > 1 low risk.",
    description="Selects postmenopausal women for bone densitometry. The weight term keeps its integer part (decimals "
    "dropped, as published: −2.9 is −2); MDCalc's calculator appears to round it instead.",
    example={"age": 68, "weight": "114.6 lb", "current_hrt": False, "prior_low_impact_fracture": True},
)
def osiris(x: OSIRISInputs, w: Working) -> int:
    raw = w.step("0.2 × (weight − age)", f"0.2 × ({fmt(x.weight, 1)} − {fmt(x.age)})", 0.2 * (x.weight - x.age))
    base = w.step("integer part", fmt(round(raw, 6), 3), math.trunc(round(raw, 9)), "points")
    total = sum_points(w, (base, finding(w, "current HRT", x.current_hrt, 2),
                           finding(w, "prior low-impact fracture", x.prior_low_impact_fracture, -2)))
    risk = w.output("risk", RISK[0] if total < -3 else RISK[1] if total <= 1 else RISK[2])
    w.interpretation = {RISK[0]: "high risk (< −3): bone densitometry recommended",
                        RISK[1]: "intermediate risk (−3 to 1): consider bone densitometry with other risk factors",
                        RISK[2]: "low risk (> 1): bone densitometry can usually be deferred"}[risk]
    return total
