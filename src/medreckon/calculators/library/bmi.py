"""Body mass index (Quetelet)."""

from __future__ import annotations

from pydantic import Field

from ..fields import BMI, Height, Inputs, Weight
from ..spec import MedCalcBench, Output, Reference, Secondary, Working, calculator, fmt
from .body_surface_area import mosteller

WHO_BANDS = ((16.0, "severe thinness"), (17.0, "moderate thinness"), (18.5, "mild thinness"),
             (25.0, "normal weight"), (30.0, "overweight"), (35.0, "obese class I"),
             (40.0, "obese class II"))


def height_in_metres(height_cm: float, w: Working) -> float:
    return w.step("height in metres", lambda: f"{fmt(height_cm)} cm / 100", height_cm / 100, "m")


def bmi_value(weight_kg: float, height_cm: float, w: Working) -> float:
    m = height_in_metres(height_cm, w)
    return w.step("BMI", lambda: f"{fmt(weight_kg)} kg / ({fmt(m)} m)²", weight_kg / (m * m), "kg/m²")


def who_category(bmi: float) -> str:
    """WHO adult BMI class; each band's upper limit is exclusive (18.5 is normal, 25.0 overweight)."""
    for upper, label in WHO_BANDS:
        if bmi < upper:
            return label
    return "obese class III"


class BMIInputs(Inputs):
    weight: Weight = Field(description="Body weight (kg by default; lb and g accepted with a unit).")
    height: Height = Field(description="Standing height (cm by default; m, in, ft accepted with a unit).")
    target_bmi: BMI | None = Field(None, description="Optional target BMI in kg/m² (e.g. 25): the weight at "
                                   "this height that gives it is returned as target_weight. Leave out if none.")


@calculator(
    id="bmi",
    name="Body Mass Index (BMI)",
    aliases=("body-mass-index", "quetelet-index", "BMI Calculator (Body Mass Index and BSA)",
             "BMI and BSA (Mosteller)"),
    kind="equation",
    specialty="general",
    output=Output("kg/m²", "decimal", 1, range=(10, 60), secondary=(
        Secondary("bsa", "body surface area (Mosteller), as MDCalc's BMI calculator shows beside the BMI", "m²",
                  "decimal", 2),
        Secondary("target_weight", "weight at this height for the target BMI, when one is given", "kg",
                  "decimal", 1),
    )),
    inputs=BMIInputs,
    references=(
        Reference("World Health Organization. Obesity: preventing and managing the global epidemic. "
                  "WHO Technical Report Series 894. Geneva; 2000."),
        Reference("Mosteller RD. Simplified calculation of body-surface area. N Engl J Med. 1987;317(17):1098.",
                  "https://doi.org/10.1056/NEJM198710223171717"),
        Reference("MDCalc. BMI Calculator (Body Mass Index and BSA).",
                  "https://www.mdcalc.com/calc/29/bmi-calculator-body-mass-index-bsa"),
    ),
    formula="BMI = weight (kg) / height (m)²; also BSA (Mosteller) = √(height (cm) × weight (kg) / 3600) and, "
    "for a target BMI, target weight = target BMI × height (m)²",
    description="Weight relative to height squared; WHO adult categories as interpretation. Like MDCalc's BMI "
    "calculator it also returns the body surface area (Mosteller) and, when a target BMI is given, the weight "
    "that reaches it.",
    medcalc_bench=MedCalcBench(6, {"weight": "weight", "height": "height"}),
    example={"weight": "176 lb", "height": "5 ft 9 in"},
)
def bmi(x: BMIInputs, w: Working) -> float:
    # the further outputs first: the last step is the main result (step verification reads it so)
    w.output("bsa", mosteller(x.height, x.weight, w))
    if x.target_bmi is not None:
        m = x.height / 100
        w.output("target_weight", w.step("target weight", lambda: f"{fmt(x.target_bmi)} kg/m² × ({fmt(m)} m)²",
                                         x.target_bmi * m * m, "kg"))
    value = bmi_value(x.weight, x.height, w)
    w.interpretation = f"{who_category(value)} (WHO adult classification)"
    return value
