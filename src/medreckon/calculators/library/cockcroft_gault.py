"""Creatinine clearance by Cockcroft-Gault, with the body-weight rule as an explicit option."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from ..fields import Age, Creatinine, Height, Inputs, Option, Sex, Weight
from ..rules import Is, RequiredWhen
from ..spec import MedCalcBench, Output, Reference, Working, calculator, fmt
from .bmi import bmi_value
from .body_weight import adjusted_body_weight, devine_rules, ideal_body_weight

WeightRule = Literal["bmi_adjusted", "actual", "ideal", "adjusted"]


class CockcroftGaultInputs(Inputs):
    age: Age = Field(description="Age in years.")
    sex: Sex = Field(description="The patient's biological sex, as the note states it.")
    weight: Weight = Field(description="Actual body weight.")
    creatinine: Creatinine = Field(
        description="Serum creatinine, mg/dL by default. A value in µmol/L must carry its unit "
        "('106 umol/L'); do not pass µmol/L labelled as mg/dL."
    )
    height: Height | None = Field(
        None, description="Height; needed for every weight rule except 'actual'."
    )
    weight_rule: WeightRule = Option(
        "bmi_adjusted",
        "Which weight enters the formula. 'bmi_adjusted' (default; MDCalc's recommendation and "
        "MedCalc-Bench's convention): actual weight if BMI < 18.5, the lesser of ideal and "
        "actual if 18.5 ≤ BMI < 25, adjusted weight if BMI ≥ 25. Or always 'actual', 'ideal' "
        "or 'adjusted'.",
    )

    rules = (RequiredWhen(("height",), (Is("weight_rule", "bmi_adjusted", "ideal", "adjusted"),),
                          "a height, which every weight_rule but 'actual' needs (ideal body weight)",
                          "give the height, or set weight_rule='actual'"),
             *devine_rules(Is("weight_rule", "bmi_adjusted", "ideal", "adjusted")))


@calculator(
    id="cockcroft-gault",
    name="Creatinine Clearance (Cockcroft-Gault Equation)",
    aliases=("crcl", "creatinine-clearance", "cockcroft-gault-equation", "CrCl Cockroft-Gault"),
    kind="equation",
    specialty="nephrology",
    output=Output("mL/min", "decimal", 1, range=(0, 200)),
    inputs=CockcroftGaultInputs,
    references=(
        Reference("Cockcroft DW, Gault MH. Prediction of creatinine clearance from serum creatinine. "
                  "Nephron. 1976;16(1):31-41.", "https://doi.org/10.1159/000180580"),
        Reference("Winter MA, Guhr KN, Berg GM. Impact of various body weights and serum creatinine "
                  "concentrations on the bias and accuracy of the Cockcroft-Gault equation. "
                  "Pharmacotherapy. 2012;32(7):604-612.", "https://doi.org/10.1002/j.1875-9114.2012.01098.x"),
    ),
    formula="CrCl (mL/min) = (140 − age) × weight (kg) × [0.85 if female] / (72 × serum creatinine (mg/dL))",
    description="Estimated creatinine clearance for drug dosing.",
    medcalc_bench=MedCalcBench(
        2,
        {"age": "age", "sex": "sex", "weight": "weight", "height": "height", "creatinine": "creatinine"},
        options={"weight_rule": "bmi_adjusted"},
    ),
    example={"age": 72, "sex": "male", "weight": "176 lb", "height": "5 ft 9 in", "creatinine": 1.4},
)
def cockcroft_gault(x: CockcroftGaultInputs, w: Working) -> float:
    weight = dosing_weight(x, w)
    factor = 0.85 if x.sex == "female" else 1.0
    crcl = w.step(
        "creatinine clearance",
        lambda: f"(140 − {fmt(x.age)}) × {fmt(weight)} × {fmt(factor, 2)} / (72 × {fmt(x.creatinine)})",
        (140 - x.age) * weight * factor / (72 * x.creatinine),
        "mL/min",
    )
    if x.age > 140:
        w.warn("age above 140 gives a negative clearance; the formula does not apply", "age")
    return crcl


def dosing_weight(x: CockcroftGaultInputs, w: Working) -> float:
    if x.weight_rule == "actual":
        return w.step("weight used (actual)", lambda: f"{fmt(x.weight)} kg", x.weight, "kg")
    ibw = ideal_body_weight(x.sex, x.height, w)
    if x.weight_rule == "ideal":
        return w.step("weight used (ideal)", lambda: f"{fmt(ibw)} kg", ibw, "kg")
    if x.weight_rule == "adjusted":
        return adjusted_body_weight(ibw, x.weight, w)
    bmi = bmi_value(x.weight, x.height, w)
    if bmi < 18.5:
        return w.step("weight used (BMI < 18.5: actual)", lambda: f"{fmt(x.weight)} kg", x.weight, "kg")
    if bmi < 25:
        used = min(ibw, x.weight)
        return w.step("weight used (18.5 ≤ BMI < 25: min(ideal, actual))",
                      lambda: f"min({fmt(ibw)}, {fmt(x.weight)})", used, "kg")
    return adjusted_body_weight(ibw, x.weight, w)
