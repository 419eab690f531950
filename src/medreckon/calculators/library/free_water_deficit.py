"""Free water deficit in hypernatremia, total body water estimated from age and sex."""

from __future__ import annotations

from pydantic import Field

from ..fields import Age, Inputs, Option, Sex, Sodium, Weight
from ..spec import MedCalcBench, Output, Reference, Working, calculator, fmt

TARGET_SODIUM = 140.0  # mEq/L: the normal sodium the deficit restores unless another target is given
ADULT_AGE = 18.0  # years: children are younger than this
ELDERLY_AGE = 65.0  # years: elderly from this age on
# fraction of body weight that is water (Adrogué & Madias 2000; MDCalc)
TBW_FRACTION = {
    ("child", "male"): 0.6, ("child", "female"): 0.6,
    ("adult", "male"): 0.6, ("adult", "female"): 0.5,
    ("elderly", "male"): 0.5, ("elderly", "female"): 0.45,
}


def age_group(age: float) -> str:
    """child below 18 years, adult from 18 to below 65, elderly from 65."""
    if age < ADULT_AGE:
        return "child"
    return "adult" if age < ELDERLY_AGE else "elderly"


class FreeWaterDeficitInputs(Inputs):
    age: Age = Field(description="Age in years (months accepted with a unit); sets the total body water fraction: "
                     "below 18 a child, 65 and over elderly.")
    sex: Sex = Field(description="Biological sex; adult and elderly women have a lower water fraction than men.")
    weight: Weight = Field(description="Actual body weight (kg by default; lb accepted with a unit).")
    sodium: Sodium = Field(
        description="Serum sodium, mEq/L (= mmol/L). The deficit is positive only above the target sodium."
    )
    target_sodium: Sodium = Option(
        TARGET_SODIUM, "The sodium to correct to, mEq/L (default 140, the normal sodium; MDCalc's 'sodium "
        "desired'). A target reached stepwise (e.g. 145 first) gives the water for that step.")


@calculator(
    id="free-water-deficit",
    name="Free Water Deficit",
    aliases=("fwd", "water-deficit", "free-water-deficit-hypernatremia", "Free Water Deficit in Hypernatremia"),
    kind="equation",
    specialty="nephrology",
    output=Output("L", "decimal", 1, range=(-5, 15)),
    inputs=FreeWaterDeficitInputs,
    references=(
        Reference("Adrogué HJ, Madias NE. Hypernatremia. N Engl J Med. 2000;342(20):1493-1499.",
                  "https://doi.org/10.1056/NEJM200005183422006"),
        Reference("MDCalc: Free Water Deficit in Hypernatremia.",
                  "https://www.mdcalc.com/calc/86/free-water-deficit-hypernatremia"),
    ),
    formula="Free water deficit (L) = TBW fraction × weight (kg) × (Na / target Na − 1), target 140 unless "
    "given; TBW fraction 0.6 for "
    "children (< 18 y) and adult men, 0.5 for adult women (18-64 y) and elderly men (≥ 65 y), 0.45 for "
    "elderly women",
    description="The water needed to bring a hypernatremic patient's sodium back to 140 mEq/L (or another "
    "target). A negative value (sodium below the target) is a free water excess, not a deficit.",
    medcalc_bench=MedCalcBench(38, {"age": "age", "sex": "sex", "weight": "weight", "Sodium": "sodium"}),
    example={"age": 78, "sex": "female", "weight": "132 lb", "sodium": 156},
)
def free_water_deficit(x: FreeWaterDeficitInputs, w: Working) -> float:
    group = age_group(x.age)
    fraction = TBW_FRACTION[group, x.sex]
    w.step("total body water fraction", f"{group} {x.sex}, age {fmt(x.age, 1)} y", fraction)
    tbw = w.step("total body water", f"{fmt(fraction, 2)} × {fmt(x.weight)} kg", fraction * x.weight, "L")
    target = x.target_sodium
    deficit = w.step(
        "free water deficit",
        f"{fmt(tbw)} × ({fmt(x.sodium)} / {fmt(target)} − 1)",
        tbw * (x.sodium / target - 1),
        "L",
    )
    if x.sodium > target:
        w.interpretation = f"free water deficit of {fmt(deficit, 1)} L to bring sodium to {fmt(target)} mEq/L"
    else:
        w.interpretation = (f"no free water deficit: sodium {fmt(x.sodium)} mEq/L is not above the target "
                            f"{fmt(target)}; the formula is meant for hypernatremia")
    return deficit
