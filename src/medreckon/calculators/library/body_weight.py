"""Ideal body weight (Devine) and adjusted body weight; shared by Cockcroft-Gault."""

from __future__ import annotations

from pydantic import Field

from ..fields import Height, Inputs, Sex, Weight
from ..spec import MedCalcBench, Output, Reference, Secondary, Working, calculator, fmt, invalid

DEVINE = Reference(
    "Devine BJ. Gentamicin therapy. Drug Intell Clin Pharm. 1974;8:650-655.",
)
PAI = Reference(
    "Pai MP, Paloucek FP. The origin of the 'ideal' body weight equations. Ann Pharmacother. "
    "2000;34(9):1066-1069.",
    "https://doi.org/10.1345/aph.19381",
)
BAUER = Reference(
    "Bauer LA. Applied Clinical Pharmacokinetics. 2nd ed. McGraw-Hill; 2008 (adjusted body weight, "
    "correction factor 0.4).",
)

CM_PER_INCH = 2.54


def ideal_body_weight(sex: str, height_cm: float, w: Working) -> float:
    """Devine: 50 kg (men) or 45.5 kg (women) + 2.3 kg per inch over 5 feet."""
    base = 50.0 if sex == "male" else 45.5
    inches = w.step("height in inches", lambda: f"{fmt(height_cm)} cm / 2.54", height_cm / CM_PER_INCH, "in")
    return w.step(
        "ideal body weight (Devine)",
        lambda: f"{fmt(base, 1)} + 2.3 × ({fmt(inches)} − 60)",
        base + 2.3 * (inches - 60),
        "kg",
    )


def adjusted_body_weight(ibw: float, weight: float, w: Working) -> float:
    return w.step(
        "adjusted body weight",
        lambda: f"{fmt(ibw)} + 0.4 × ({fmt(weight)} − {fmt(ibw)})",
        ibw + 0.4 * (weight - ibw),
        "kg",
    )


class IdealBodyWeightInputs(Inputs):
    sex: Sex = Field(description="Biological sex, as the Devine formula distinguishes it.")
    height: Height = Field(description="Standing height (cm by default; '5 ft 7 in' or '170 cm' also work).")
    weight: Weight | None = Field(None, description="Actual body weight (kg by default; lb with its unit); "
                                  "optional. Given, the adjusted body weight and the actual weight as a percentage "
                                  "of ideal are returned too (MDCalc's Ideal Body Weight and Adjusted Body Weight).")


@calculator(
    id="ideal-body-weight",
    name="Ideal Body Weight (Devine)",
    aliases=("ibw", "devine", "Ideal Body Weight and Adjusted Body Weight"),
    kind="equation",
    specialty="pharmacology",
    output=Output("kg", "decimal", 1, range=(0, 120), secondary=(
        Secondary("adjusted_body_weight", "IBW + 0.4 × (actual − IBW), when the actual weight is given", "kg",
                  "decimal", 1),
        Secondary("percent_of_ideal", "actual weight as a percentage of IBW, when given", "%", "integer"),
    )),
    inputs=IdealBodyWeightInputs,
    references=(DEVINE, PAI, BAUER),
    formula="IBW (kg) = 50 (male) or 45.5 (female) + 2.3 × (height in inches − 60); with the actual weight: "
    "adjusted body weight = IBW + 0.4 × (actual − IBW), and actual / IBW × 100 %",
    description="Ideal body weight by the Devine formula, used for drug dosing. Below 60 inches (152.4 cm) "
    "the formula extrapolates linearly and can fall well below a healthy weight.",
    medcalc_bench=MedCalcBench(10, {"sex": "sex", "height": "height"}),
    example={"sex": "female", "height": "5 ft 5 in"},
)
def ideal_body_weight_calculator(x: IdealBodyWeightInputs, w: Working) -> float:
    if x.height < 152.4:
        w.warn("height below 5 ft: Devine extrapolates below its derivation range", "height", "note")
    ibw = ideal_body_weight(x.sex, x.height, w)
    if x.weight is not None:
        if ibw <= 0:
            raise invalid("height", x.height, "a height whose Devine ideal body weight is above 0 kg (over about "
                          "3 ft 2 in for a man, 3 ft 4 in for a woman)", "the formula has no meaning at this height")
        w.output("adjusted_body_weight", adjusted_body_weight(ibw, x.weight, w))
        percent = w.output("percent_of_ideal", w.step("actual weight as % of IBW", lambda: f"{fmt(x.weight)} / "
                                                      f"{fmt(ibw)} × 100", x.weight / ibw * 100, "%"))
        w.interpretation = f"actual weight {fmt(percent, 0)}% of ideal"
    return ibw


class AdjustedBodyWeightInputs(Inputs):
    sex: Sex = Field(description="Biological sex (for the ideal body weight).")
    height: Height = Field(description="Standing height.")
    weight: Weight = Field(description="Actual (total) body weight.")


@calculator(
    id="adjusted-body-weight",
    name="Adjusted Body Weight",
    aliases=("abw", "adjbw", "dosing-weight"),
    kind="equation",
    specialty="pharmacology",
    output=Output("kg", "decimal", 1, range=(0, 200)),
    inputs=AdjustedBodyWeightInputs,
    references=(BAUER, DEVINE),
    formula="ABW (kg) = IBW + 0.4 × (actual weight − IBW), IBW by Devine",
    description="Dosing weight for obese patients: ideal body weight plus 40% of the excess.",
    medcalc_bench=MedCalcBench(62, {"sex": "sex", "height": "height", "weight": "weight"}),
    example={"sex": "male", "height": 178, "weight": 118},
)
def adjusted_body_weight_calculator(x: AdjustedBodyWeightInputs, w: Working) -> float:
    ibw = ideal_body_weight(x.sex, x.height, w)
    return adjusted_body_weight(ibw, x.weight, w)
