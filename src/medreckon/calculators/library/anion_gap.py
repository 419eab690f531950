"""The anion-gap family: anion gap, delta gap, delta ratio, and their albumin-corrected forms.

All six share the formulas below and three documented normal values: an anion gap of 12 mEq/L,
a bicarbonate of 24 mEq/L and an albumin of 4 g/dL (the values MDCalc and MedCalc-Bench use).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pydantic import Field

from ..fields import Albumin, Bicarbonate, Chloride, Inputs, Sodium
from ..rules import Relation
from ..spec import Calculator, MedCalcBench, Output, Reference, Working, calculator, fmt, invalid

NORMAL_ANION_GAP = 12.0  # mEq/L
NORMAL_BICARBONATE = 24.0  # mEq/L
NORMAL_ALBUMIN = 4.0  # g/dL
ALBUMIN_FACTOR = 2.5  # mEq/L of anion gap per g/dL of albumin (Figge 1998)

# Delta ratio bands as MDCalc states them: each upper limit is exclusive except 2.0, which is
# still a pure high anion gap acidosis (0.8-2.0); above 2.0 a metabolic alkalosis is added.
DELTA_RATIO_BANDS = (
    (0.4, "pure normal anion gap (hyperchloremic) metabolic acidosis"),
    (0.8, "mixed high and normal anion gap metabolic acidosis"),
)
PURE_HIGH_GAP = "pure high anion gap metabolic acidosis"
HIGH_GAP_WITH_ALKALOSIS = ("high anion gap metabolic acidosis with a concurrent metabolic alkalosis "
                           "(or a pre-existing compensated respiratory acidosis)")

EMMETT = Reference("Emmett M, Narins RG. Clinical use of the anion gap. Medicine (Baltimore). 1977;56(1):38-54.")
KRAUT = Reference("Kraut JA, Madias NE. Serum anion gap: its uses and limitations in clinical medicine. "
                  "Clin J Am Soc Nephrol. 2007;2(1):162-174.", "https://doi.org/10.2215/CJN.03020906")
FIGGE = Reference("Figge J, Jabor A, Kazda A, Fencl V. Anion gap and hypoalbuminemia. Crit Care Med. "
                  "1998;26(11):1807-1810.", "https://doi.org/10.1097/00003246-199811000-00019")
WRENN = Reference("Wrenn K. The delta (delta) gap: an approach to mixed acid-base disorders. Ann Emerg Med. "
                  "1990;19(11):1310-1313.")
RASTEGAR = Reference("Rastegar A. Use of the ΔAG/ΔHCO3- ratio in the diagnosis of mixed acid-base disorders. "
                     "J Am Soc Nephrol. 2007;18(9):2429-2431.", "https://doi.org/10.1681/ASN.2006121408")
MDCALC = Reference("MDCalc: Anion Gap (with delta gap, delta ratio and albumin correction).",
                   "https://www.mdcalc.com/calc/1669/anion-gap")

ELECTROLYTES = {"Sodium": "sodium", "Chloride": "chloride", "Bicarbonate": "bicarbonate"}
WITH_ALBUMIN = {**ELECTROLYTES, "Albumin": "albumin"}


# ---------------------------------------------------------------- the shared formulas


def anion_gap(x: AnionGapInputs, w: Working) -> float:
    gap = w.step(
        "anion gap",
        f"{fmt(x.sodium)} − ({fmt(x.chloride)} + {fmt(x.bicarbonate)})",
        x.sodium - (x.chloride + x.bicarbonate),
        "mEq/L",
    )
    if gap < 0:
        w.warn(f"negative anion gap ({fmt(gap)} mEq/L): check the units of sodium, chloride and bicarbonate "
               "and consider laboratory interference (e.g. bromide, severe hyperlipidemia)")
    return gap


def albumin_corrected_anion_gap(x: AlbuminCorrectedInputs, w: Working) -> float:
    gap = anion_gap(x, w)
    return w.step(
        "albumin-corrected anion gap",
        f"{fmt(gap)} + {fmt(ALBUMIN_FACTOR)} × ({fmt(NORMAL_ALBUMIN)} − {fmt(x.albumin, 4)})",
        gap + ALBUMIN_FACTOR * (NORMAL_ALBUMIN - x.albumin),
        "mEq/L",
    )


def delta_gap(gap: float, w: Working, what: str = "delta gap") -> float:
    return w.step(what, f"{fmt(gap)} − {fmt(NORMAL_ANION_GAP)}", gap - NORMAL_ANION_GAP, "mEq/L")


def delta_ratio(excess_gap: float, bicarbonate: float, w: Working, what: str = "delta ratio") -> float:
    if bicarbonate == NORMAL_BICARBONATE:
        raise invalid("bicarbonate", bicarbonate, "a bicarbonate other than 24 mEq/L",
                      "the delta ratio divides by (24 − bicarbonate), which is zero at 24 mEq/L")
    fall = w.step("bicarbonate fall", f"{fmt(NORMAL_BICARBONATE)} − {fmt(bicarbonate)}",
                  NORMAL_BICARBONATE - bicarbonate, "mEq/L")
    ratio = w.step(what, f"{fmt(excess_gap)} / {fmt(fall)}", excess_gap / fall)
    if excess_gap > 0 and fall > 0:
        w.interpretation = delta_ratio_band(ratio)
    else:
        w.interpretation = ("not interpretable: the delta ratio applies to a high anion gap metabolic acidosis "
                            "(anion gap above 12 and bicarbonate below 24 mEq/L)")
        w.warn(f"no high anion gap acidosis (excess anion gap {fmt(excess_gap)}, bicarbonate fall {fmt(fall)} "
               "mEq/L): the ratio has no diagnostic meaning", "bicarbonate")
    return ratio


def delta_ratio_band(ratio: float) -> str:
    """MDCalc's bands: < 0.4, 0.4 to < 0.8, 0.8 to 2.0, > 2.0."""
    for upper, label in DELTA_RATIO_BANDS:
        if ratio < upper:
            return label
    return PURE_HIGH_GAP if ratio <= 2.0 else HIGH_GAP_WITH_ALKALOSIS


def gap_interpretation(gap: float, what: str) -> str:
    side = "above" if gap > NORMAL_ANION_GAP else "not above"
    return f"{what} {side} the normal {fmt(NORMAL_ANION_GAP)} mEq/L (laboratory reference ranges vary)"


# ---------------------------------------------------------------- inputs


class AnionGapInputs(Inputs):
    sodium: Sodium = Field(
        description="Serum sodium, mEq/L (= mmol/L). A note that prints sodium in 'mg/dL' almost certainly "
        "means mmol/L (137 mg/dL would be 60 mEq/L): pass the unit the value really has."
    )
    chloride: Chloride = Field(description="Serum chloride, mEq/L (= mmol/L).")
    bicarbonate: Bicarbonate = Field(
        description="Serum bicarbonate (total CO2 of the chemistry panel), mEq/L (= mmol/L); not the base "
        "excess and not the PaCO2."
    )


class AlbuminCorrectedInputs(AnionGapInputs):
    albumin: Albumin = Field(
        description="Serum albumin, g/dL (normal about 4); g/L accepted with its unit ('32 g/L'). A note that "
        "prints albumin in 'mg/dL' almost certainly means g/dL (3.2 mg/dL would be 0.0032 g/dL)."
    )


# the delta ratio divides by (24 − bicarbonate): a value any unit can express, so a relation
_NOT_NORMAL_BICARBONATE = Relation(("bicarbonate",), "bicarbonate ≠ 24 mEq/L (the delta ratio divides by 24 − it)")


class DeltaRatioInputs(AnionGapInputs):
    rules = (_NOT_NORMAL_BICARBONATE,)


class AlbuminCorrectedDeltaRatioInputs(AlbuminCorrectedInputs):
    rules = (_NOT_NORMAL_BICARBONATE,)


# ---------------------------------------------------------------- the six calculators


def gap_calculator(*, albumin: bool, delta_ratio: bool = False, references: tuple[Reference, ...], medcalc_bench_id: int,
                   **declaration: Any) -> Callable[[Callable[[Any, Working], float]], Calculator]:
    """The declaration the six share: nephrology equations on the electrolytes (with albumin for the
    albumin-corrected three), MDCalc's page as the last reference, one worked example."""
    example = {"sodium": 138, "chloride": 100, "bicarbonate": 14}
    return calculator(
        kind="equation",
        specialty="nephrology",
        inputs=(AlbuminCorrectedDeltaRatioInputs if delta_ratio else AlbuminCorrectedInputs) if albumin else (
            DeltaRatioInputs if delta_ratio else AnionGapInputs),
        references=(*references, MDCALC),
        medcalc_bench=MedCalcBench(medcalc_bench_id, WITH_ALBUMIN if albumin else ELECTROLYTES),
        example={**example, "albumin": "28 g/L"} if albumin else example,
        **declaration,
    )


@gap_calculator(
    id="anion-gap",
    name="Anion Gap",
    aliases=("ag", "serum-anion-gap"),
    albumin=False,
    output=Output("mEq/L", "decimal", 1, range=(0, 40)),
    references=(EMMETT, KRAUT),
    formula="Anion gap (mEq/L) = Na − (Cl + HCO3)",
    description="Unmeasured anions in serum; a high anion gap points to an acidosis from added acids "
    "(lactate, ketones, toxins, uremia). Hypoalbuminemia lowers it: see the albumin-corrected anion gap.",
    medcalc_bench_id=39,
)
def anion_gap_calculator(x: AnionGapInputs, w: Working) -> float:
    gap = anion_gap(x, w)
    w.interpretation = gap_interpretation(gap, "anion gap")
    return gap


@gap_calculator(
    id="delta-gap",
    name="Delta Gap",
    aliases=("delta-anion-gap", "excess-anion-gap"),
    albumin=False,
    output=Output("mEq/L", "decimal", 1, range=(-12, 30)),
    references=(WRENN, EMMETT),
    formula="Delta gap (mEq/L) = anion gap − 12, anion gap = Na − (Cl + HCO3)",
    description="How far the anion gap rises above its normal value of 12 mEq/L.",
    medcalc_bench_id=63,
)
def delta_gap_calculator(x: AnionGapInputs, w: Working) -> float:
    return delta_gap(anion_gap(x, w), w)


@gap_calculator(
    id="delta-ratio",
    name="Delta Ratio",
    aliases=("delta-delta", "delta-delta-ratio", "delta-gap-ratio"),
    albumin=False,
    delta_ratio=True,
    output=Output(None, "decimal", 2, range=(0, 4)),
    references=(RASTEGAR, WRENN),
    formula="Delta ratio = (anion gap − 12) / (24 − HCO3); bands: < 0.4 pure normal anion gap acidosis, "
    "0.4 to < 0.8 mixed high and normal anion gap acidosis, 0.8-2.0 pure high anion gap acidosis, "
    "> 2.0 high anion gap acidosis with a concurrent metabolic alkalosis",
    description="In a high anion gap metabolic acidosis, compares the rise of the anion gap with the fall of "
    "bicarbonate to reveal a second, mixed disorder.",
    medcalc_bench_id=64,
)
def delta_ratio_calculator(x: AnionGapInputs, w: Working) -> float:
    return delta_ratio(delta_gap(anion_gap(x, w), w), x.bicarbonate, w)


@gap_calculator(
    id="albumin-corrected-anion-gap",
    name="Albumin Corrected Anion Gap",
    aliases=("corrected-anion-gap", "corrected-ag"),
    albumin=True,
    output=Output("mEq/L", "decimal", 1, range=(0, 45)),
    references=(FIGGE, KRAUT),
    formula="Albumin-corrected anion gap (mEq/L) = Na − (Cl + HCO3) + 2.5 × (4 − albumin (g/dL))",
    description="The anion gap a patient would have at a normal albumin of 4 g/dL; each g/dL of albumin "
    "lost lowers the anion gap by about 2.5 mEq/L.",
    medcalc_bench_id=65,
)
def albumin_corrected_anion_gap_calculator(x: AlbuminCorrectedInputs, w: Working) -> float:
    gap = albumin_corrected_anion_gap(x, w)
    w.interpretation = gap_interpretation(gap, "albumin-corrected anion gap")
    return gap


@gap_calculator(
    id="albumin-corrected-delta-gap",
    name="Albumin Corrected Delta Gap",
    aliases=("corrected-delta-gap",),
    albumin=True,
    output=Output("mEq/L", "decimal", 1, range=(-12, 35)),
    references=(FIGGE, WRENN),
    formula="Albumin-corrected delta gap (mEq/L) = albumin-corrected anion gap − 12, corrected anion gap = "
    "Na − (Cl + HCO3) + 2.5 × (4 − albumin (g/dL))",
    description="How far the albumin-corrected anion gap rises above its normal value of 12 mEq/L.",
    medcalc_bench_id=66,
)
def albumin_corrected_delta_gap_calculator(x: AlbuminCorrectedInputs, w: Working) -> float:
    return delta_gap(albumin_corrected_anion_gap(x, w), w, "albumin-corrected delta gap")


@gap_calculator(
    id="albumin-corrected-delta-ratio",
    name="Albumin Corrected Delta Ratio",
    aliases=("corrected-delta-ratio",),
    albumin=True,
    delta_ratio=True,
    output=Output(None, "decimal", 2, range=(0, 4)),
    references=(FIGGE, RASTEGAR),
    formula="Albumin-corrected delta ratio = (albumin-corrected anion gap − 12) / (24 − HCO3); bands as for "
    "the delta ratio",
    description="The delta ratio computed from the albumin-corrected anion gap, for hypoalbuminemic patients.",
    medcalc_bench_id=67,
)
def albumin_corrected_delta_ratio_calculator(x: AlbuminCorrectedInputs, w: Working) -> float:
    excess = delta_gap(albumin_corrected_anion_gap(x, w), w, "albumin-corrected delta gap")
    return delta_ratio(excess, x.bicarbonate, w, "albumin-corrected delta ratio")
