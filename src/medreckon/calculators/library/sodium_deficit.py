"""Sodium deficit in hyponatraemia: total body water × (target − measured sodium)."""

from __future__ import annotations

from pydantic import Field

from ..fields import Age, Inputs, Sex, Sodium, Weight, q
from ..spec import Domain, Output, Reference, Working, calculator, fmt
from .free_water_deficit import TBW_FRACTION, age_group

DAILY_LIMIT = 8.0  # mEq/L per 24 h: the usual limit for high-risk patients (Verbalis 2013; Spasovski 2014)
TargetSodium = q("mEq/L", analyte="sodium", gt=0, plausible=(110, 150), units=("mEq/L", "mmol/L"))
ADROGUE = Reference("Adrogué HJ, Madias NE. Hyponatremia. N Engl J Med. 2000;342(21):1581-1589.",
                    "https://doi.org/10.1056/NEJM200005253422107")
VERBALIS = Reference("Verbalis JG, Goldsmith SR, Greenberg A, et al. Diagnosis, evaluation, and treatment of "
                     "hyponatremia: expert panel recommendations. Am J Med. 2013;126(10 Suppl 1):S1-S42.",
                     "https://doi.org/10.1016/j.amjmed.2013.07.006")
TBW_NOTE = ("total body water = weight × 0.6 (children and adult men), 0.5 (adult women, elderly men) or 0.45 "
            "(elderly women; elderly from 65 years)")


def total_body_water(age: float, sex: str, weight: float, w: Working) -> float:
    group = age_group(age)
    fraction = TBW_FRACTION[group, sex]
    w.step("total body water fraction", f"{group} {sex}, age {fmt(age, 1)} y", fraction)
    return w.step("total body water", f"{fmt(fraction, 2)} × {fmt(weight)} kg", fraction * weight, "L")


class SodiumDeficitInputs(Inputs):
    age: Age = Field(description="Age in years; sets the body-water fraction (children < 18, elderly ≥ 65).")
    sex: Sex = Field(description="Biological sex; sets the body-water fraction.")
    weight: Weight = Field(description="Actual body weight, kg by default (lb with its unit).")
    sodium: Sodium = Field(description="Measured serum sodium, mEq/L (= mmol/L). Correct it for hyperglycaemia "
                           "first if glucose is high.")
    target_sodium: TargetSodium = Field(
        140.0, description="Sodium to correct to, mEq/L; default 140. Choose an interim target within the safe "
        "correction rate (usually ≤ 8 mEq/L in 24 h when at risk of osmotic demyelination), not the normal value.")


@calculator(
    id="sodium-deficit",
    name="Sodium Deficit in Hyponatremia",
    aliases=("na-deficit", "sodium-deficit-hyponatremia"),
    kind="equation",
    specialty="nephrology",
    # a sodium at or above the target needs no sodium: 0 mEq, not a negative deficit
    output=Output("mEq", "decimal", 0, range=(0, 2000), domain=Domain(
        ge=0, clamp="no sodium deficit: the sodium is at or above the target, so the deficit is 0 mEq")),
    inputs=SodiumDeficitInputs,
    references=(ADROGUE, VERBALIS),
    formula=f"sodium deficit (mEq) = total body water × (target Na − measured Na); {TBW_NOTE}",
    description="Amount of sodium needed to raise the serum sodium to a target, distributed in total body water. "
    "It ignores ongoing losses and water shifts; the rate of correction, not the deficit, is what prevents "
    "osmotic demyelination, so re-check sodium often.",
    example={"age": 72, "sex": "female", "weight": 60, "sodium": 118, "target_sodium": 124},
)
def sodium_deficit(x: SodiumDeficitInputs, w: Working) -> float:
    tbw = total_body_water(x.age, x.sex, x.weight, w)
    deficit = w.step("sodium deficit", f"{fmt(tbw)} × ({fmt(x.target_sodium)} − {fmt(x.sodium)})",
                     tbw * (x.target_sodium - x.sodium), "mEq")
    rise = round(x.target_sodium - x.sodium, 6)
    if rise <= 0:
        w.interpretation = f"no deficit: sodium {fmt(x.sodium)} is not below the target {fmt(x.target_sodium)} mEq/L"
    else:
        w.interpretation = f"about {fmt(deficit, 0)} mEq of sodium to raise sodium by {fmt(rise)} mEq/L"
    if rise > DAILY_LIMIT:
        w.warn(f"target is {fmt(rise)} mEq/L above the measured sodium: more than the usual 24-hour limit of "
               f"{fmt(DAILY_LIMIT)} mEq/L for patients at risk of osmotic demyelination", "target_sodium")
    return deficit
