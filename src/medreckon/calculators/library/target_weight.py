"""Target body weight for a chosen BMI."""

from __future__ import annotations

from pydantic import Field

from ..fields import Height, Inputs, q
from ..spec import MedCalcBench, Output, Reference, Working, calculator, fmt
from .bmi import height_in_metres, who_category

TargetBMI = q("kg/m^2", gt=0, lt=300, plausible=(15, 40), units=("kg/m^2",))


class TargetWeightInputs(Inputs):
    target_bmi: TargetBMI = Field(
        description="The body mass index to aim for, in kg/m² (e.g. 22); the goal, not the patient's current BMI."
    )
    height: Height = Field(description="Standing height (cm by default; m, in, ft accepted with a unit, '5 ft 9 in').")


@calculator(
    id="target-weight",
    name="Target weight",
    aliases=("target-body-weight", "weight-for-target-bmi"),
    kind="equation",
    specialty="general",
    output=Output("kg", "decimal", 1, range=(20, 200)),
    inputs=TargetWeightInputs,
    references=(
        Reference("World Health Organization. Obesity: preventing and managing the global epidemic. "
                  "WHO Technical Report Series 894. Geneva; 2000 (BMI = weight / height²)."),
    ),
    formula="target weight (kg) = target BMI (kg/m²) × height (m)²",
    description="The body weight at which a person of the given height would have the target BMI.",
    medcalc_bench=MedCalcBench(61, {"Body Mass Index (BMI)": "target_bmi", "height": "height"}),
    example={"target_bmi": 24, "height": "1.68 m"},
)
def target_weight(x: TargetWeightInputs, w: Working) -> float:
    m = height_in_metres(x.height, w)
    value = w.step("target weight", f"{fmt(x.target_bmi)} × ({fmt(m)} m)²", x.target_bmi * m * m, "kg")
    w.interpretation = f"target BMI {fmt(x.target_bmi, 1)} kg/m² is {who_category(x.target_bmi)} (WHO adult classification)"
    return value
