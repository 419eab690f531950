"""Sodium correction rate: the infusion rate of a fluid that moves serum sodium at a chosen hourly rate
(Adrogué-Madias), in hyponatraemia or hypernatraemia."""

from __future__ import annotations

from pydantic import Field

from ..fields import Age, Inputs, Sex, Sodium, Weight, q
from ..rules import Relation
from ..spec import Output, Reference, Working, calculator, fmt, invalid
from .adrogue_madias import InfusatePotassium, InfusateSodium
from .sodium_deficit import ADROGUE, total_body_water

CorrectionRate = q("mEq/L/h", gt=0, le=5, plausible=(0.1, 1), units=("mEq/L/h", "mEq/L/d"))
SAFE_RATE = 0.5  # mEq/L/h: about 10-12 mEq/L per day, the usual limit in chronic hypo- and hypernatraemia
NORMAL_SODIUM = (135.0, 145.0)


class SodiumCorrectionRateInputs(Inputs):
    age: Age = Field(description="Age in years; sets the body-water fraction (children < 18, elderly ≥ 65).")
    sex: Sex = Field(description="Biological sex; sets the body-water fraction.")
    weight: Weight = Field(description="Actual body weight, kg by default (lb with its unit).")
    sodium: Sodium = Field(description="Measured serum sodium, mEq/L (= mmol/L).")
    infusate_sodium: InfusateSodium = Field(
        description="Sodium concentration of the fluid, mEq/L: 5% dextrose 0, 0.2% saline 34, 0.45% saline 77, "
        "Ringer's lactate 130, 0.9% saline 154, 3% saline 513. The concentration, not the percentage.")
    correction_rate: CorrectionRate = Field(
        description="Desired change of serum sodium per hour, mEq/L/h (a daily goal with its unit, '8 mEq/L/day'); "
        "the size of the change, whichever its direction.")
    infusate_potassium: InfusatePotassium | None = Field(
        None, description="Potassium in the fluid, mEq/L (e.g. 20 mEq KCl per litre); optional: not given, none "
        "is counted. Potassium raises serum sodium as sodium does.")

    rules = (Relation(("infusate_sodium", "infusate_potassium", "sodium"), "infusate_sodium (+ infusate_potassium) differs from the serum sodium: a fluid at the serum sodium cannot change it"),)


@calculator(
    id="sodium-correction-rate",
    name="Sodium Correction Rate in Hyponatremia and Hypernatremia",
    aliases=("sodium-correction-infusion-rate", "adrogue-madias-infusion-rate", "hyponatremia-infusion-rate"),
    kind="equation",
    specialty="nephrology",
    output=Output("mL/h", "decimal", 0, range=(1, 2000)),
    inputs=SodiumCorrectionRateInputs,
    references=(
        ADROGUE,
        Reference("Adrogué HJ, Madias NE. Hypernatremia. N Engl J Med. 2000;342(20):1493-1499.",
                  "https://doi.org/10.1056/NEJM200005183422006"),
        Reference("Spasovski G, Vanholder R, Allolio B, et al. Clinical practice guideline on diagnosis and "
                  "treatment of hyponatraemia. Eur J Endocrinol. 2014;170(3):G1-G47.",
                  "https://doi.org/10.1530/EJE-13-1020"),
        Reference("MDCalc: Sodium Correction Rate in Hyponatremia and Hypernatremia.",
                  "https://www.mdcalc.com/calc/10186/sodium-correction-rate-hyponatremia-hypernatremia"),
    ),
    formula="change of serum Na per litre = (infusate Na [+ K] − serum Na) / (total body water + 1); infusion rate "
    "(mL/h) = desired rate (mEq/L/h) / |change per litre| × 1000; total body water = weight × 0.6 (children, adult "
    "men), 0.5 (adult women, elderly men) or 0.45 (elderly women)",
    description="The infusion rate of a chosen fluid that changes serum sodium by a chosen amount per hour, by the "
    "Adrogué-Madias formula. The fluid must move sodium in the wanted direction (above the serum sodium to raise "
    "it, below to lower it). It ignores ongoing losses and a water diuresis: recheck sodium every few hours.",
    example={"age": 40, "sex": "male", "weight": "180 lb", "sodium": 154, "infusate_sodium": 0,
             "correction_rate": 0.3},
)
def sodium_correction_rate(x: SodiumCorrectionRateInputs, w: Working) -> float:
    tbw = total_body_water(x.age, x.sex, x.weight, w)
    potassium = x.infusate_potassium or 0.0
    change = w.step("change in serum sodium per litre",
                    f"({fmt(x.infusate_sodium)} + {fmt(potassium)} − {fmt(x.sodium)}) / ({fmt(tbw)} + 1)",
                    (x.infusate_sodium + potassium - x.sodium) / (tbw + 1), "mEq/L")
    if round(change, 9) == 0:
        raise invalid("infusate_sodium", x.infusate_sodium, f"a fluid whose sodium (+ potassium) differs from the "
                      f"serum sodium {fmt(x.sodium)} mEq/L", "a fluid at the serum sodium cannot change it")
    rate = w.step("infusion rate", f"{fmt(x.correction_rate)} / {fmt(abs(change), 3)} × 1000",
                  x.correction_rate / abs(change) * 1000, "mL/h")
    direction = "raise" if change > 0 else "lower"
    w.interpretation = f"{fmt(rate, 0)} mL/h to {direction} sodium by {fmt(x.correction_rate)} mEq/L/h"
    lo, hi = NORMAL_SODIUM
    if (direction == "raise" and x.sodium >= lo) or (direction == "lower" and x.sodium <= hi):
        w.warn(f"this fluid would {direction} a sodium of {fmt(x.sodium)} mEq/L: confirm that correction in that "
               "direction is wanted", "infusate_sodium")
    if x.correction_rate > SAFE_RATE:
        w.warn(f"more than {fmt(SAFE_RATE)} mEq/L/h (about 10-12 mEq/L a day) risks osmotic demyelination or "
               "cerebral oedema in chronic dysnatraemia", "correction_rate")
    return rate
