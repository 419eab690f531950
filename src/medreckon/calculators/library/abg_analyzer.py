"""Arterial blood gas analysis, step by step: the primary disorder, its compensation, the anion gap
and, in an anion gap metabolic acidosis, the delta gap (the stepwise approach of the ATS ABG
tutorial; MDCalc's ABG Analyzer)."""

from __future__ import annotations

from pydantic import Field

from ..fields import Albumin, ArterialPH, Bicarbonate, Chloride, Inputs, PaCO2, Sodium, choice
from ..rounding import round_half_away
from ..spec import Output, Reference, Secondary, Working, calculator, fmt, invalid
from .anion_gap import (
    ALBUMIN_FACTOR,
    FIGGE,
    NORMAL_ALBUMIN,
    NORMAL_ANION_GAP,
    NORMAL_BICARBONATE,
    WRENN,
)
from .winters_formula import MARGIN as WINTERS_MARGIN

NORMAL_PH = 7.40
NORMAL_PACO2 = 40.0  # mm Hg
# pH change per mm Hg of PaCO2 change from 40: acute 0.08 and chronic 0.03 per 10 mm Hg
PH_PER_MMHG = {"acute": 0.008, "chronic": 0.003}
# pH is reported to 0.01: an observed pH within this of the expected one is the expected compensation
PH_MARGIN = 0.01
ALKALOSIS_MARGIN = 2.0  # mm Hg either side of 0.7 × HCO3- + 21
GAP_UPPER_NORMAL = NORMAL_ANION_GAP + 2.0  # anion gap 12 ± 2 mEq/L: above 14 (albumin-corrected) is high

PRIMARY = ("Primary Respiratory Acidosis", "Primary Respiratory Alkalosis", "Primary Metabolic Acidosis",
           "Primary Metabolic Alkalosis", "Mixed Respiratory and Metabolic Acidosis",
           "Mixed Respiratory and Metabolic Alkalosis", "Normal pH")
GAP_ACIDOSIS, NON_GAP_ACIDOSIS = "Anion Gap Metabolic Acidosis", "Non-Gap Metabolic Acidosis"

ATS = Reference("Kaufman DA. Interpretation of Arterial Blood Gases (ABGs). American Thoracic Society, "
                "Patient and Clinician Education.",
                "https://www.thoracic.org/professionals/clinical-resources/critical-care/clinical-education/abgs.php")
BEREND = Reference("Berend K, de Vries APJ, Gans ROB. Physiological approach to assessment of acid-base "
                   "disturbances. N Engl J Med. 2014;371(15):1434-1445.", "https://doi.org/10.1056/NEJMra1003327")
WINTERS = Reference("Albert MS, Dell RB, Winters RW. Quantitative displacement of acid-base equilibrium in "
                    "metabolic acidosis. Ann Intern Med. 1967;66(2):312-322.")
MDCALC = Reference("MDCalc: Arterial Blood Gas (ABG) Analyzer.", "https://www.mdcalc.com/calc/1731/arterial-blood-gas-abg-analyzer")


class ABGInputs(Inputs):
    ph: ArterialPH = Field(description="Arterial pH (e.g. 7.31); below 7.40 is an acidaemia, above an alkalaemia.")
    paco2: PaCO2 = Field(description="Arterial PaCO2, mm Hg by default (kPa with its unit). Not the PaO2.")
    bicarbonate: Bicarbonate = Field(description="HCO3-, mEq/L (= mmol/L): the blood gas's or the chemistry "
                                     "panel's total CO2. Not the base excess.")
    sodium: Sodium = Field(description="Serum sodium, mEq/L, for the anion gap.")
    chloride: Chloride = Field(description="Serum chloride, mEq/L, for the anion gap.")
    albumin: Albumin = Field(description="Serum albumin, g/dL by default (g/L with its unit): corrects the anion "
                             "gap (+2.5 mEq/L per g/dL below 4).")
    chronicity: choice("acute", "chronic") | None = Field(  # type: ignore[valid-type]
        None, description="Of a respiratory disorder: 'acute' (hours; pH moves 0.08 per 10 mm Hg PaCO2) or "
        "'chronic' (days, renal compensation; 0.03 per 10 mm Hg). Needed only when the primary disorder is "
        "respiratory.")


@calculator(
    id="abg-analyzer",
    name="Arterial Blood Gas (ABG) Analyzer",
    aliases=("abg", "abg-analysis", "arterial-blood-gas-analysis", "blood-gas-interpretation"),
    kind="score",
    specialty="critical care",
    output=Output(None, "category", categories=PRIMARY, secondary=(
        Secondary("summary", "the analysis in MDCalc's words: the primary disorder with its compensation and any "
                  "additional process", None, "text"),
        Secondary("compensation", "how the other system responds: appropriately compensated, or a secondary "
                  "disorder", None, "text"),
        Secondary("expected_ph", "pH expected from a respiratory disorder of the given chronicity", None, "decimal", 2),
        Secondary("expected_paco2", "PaCO2 expected from a metabolic disorder (middle of the range)", "mmHg",
                  "decimal", 1),
        Secondary("anion_gap", "Na − (Cl + HCO3-)", "mEq/L", "decimal", 1),
        Secondary("corrected_anion_gap", "anion gap + 2.5 × (4 − albumin)", "mEq/L", "decimal", 1),
        Secondary("gap", "in a metabolic acidosis: anion gap or non-gap", None, "text"),
        Secondary("additional", "in an anion gap metabolic acidosis: a further metabolic process from the delta "
                  "gap", None, "text"),
    )),
    inputs=ABGInputs,
    references=(ATS, BEREND, WINTERS, FIGGE, WRENN, MDCALC),
    formula="1) pH < 7.40 acidaemia, > 7.40 alkalaemia. 2) Primary: respiratory when PaCO2 moved the pH (acidaemia "
    "with PaCO2 > 40, alkalaemia with PaCO2 < 40), metabolic when HCO3- did (< 24 or > 24); when both did, the "
    "larger relative change (|PaCO2 − 40| / 40 vs |HCO3- − 24| / 24) is primary, equal changes a mixed disorder. "
    "3) Respiratory: expected pH = 7.40 ∓ 0.008 (acute) or 0.003 (chronic) × |PaCO2 − 40|; a pH more than 0.01 "
    "above it is a secondary metabolic alkalosis, below it a secondary metabolic acidosis. 4) Metabolic "
    "acidosis: expected PaCO2 = 1.5 × HCO3- + 8 ± 2 (Winters); metabolic alkalosis: 0.7 × HCO3- + 21 ± 2; above "
    "the range a secondary respiratory acidosis, below it a secondary respiratory alkalosis. 5) Anion gap = Na − "
    "(Cl + HCO3-), corrected + 2.5 × (4 − albumin); high above 14. 6) In a high gap acidosis, HCO3- + (corrected "
    "gap − 12) below 24 adds a non-gap metabolic acidosis, above 24 a metabolic alkalosis.",
    description="Interprets an arterial blood gas with the electrolytes: primary acid-base disorder, whether it "
    "is compensated as expected or accompanied by a second disorder, and the anion gap and delta gap of a "
    "metabolic acidosis. The chronicity of a respiratory disorder must be given; pH, PaCO2 and HCO3- must be "
    "from the same sample.",
    example={"ph": 7.20, "paco2": 24, "bicarbonate": 10, "sodium": 140, "chloride": 110, "albumin": 3.0,
             "chronicity": "acute"},
)
def abg_analyzer(x: ABGInputs, w: Working) -> str:
    gap = w.output("anion_gap", w.step("anion gap", f"{fmt(x.sodium)} − ({fmt(x.chloride)} + {fmt(x.bicarbonate)})",
                                       x.sodium - (x.chloride + x.bicarbonate), "mEq/L"))
    corrected = w.output("corrected_anion_gap", w.step(
        "albumin-corrected anion gap", f"{fmt(gap)} + {fmt(ALBUMIN_FACTOR)} × ({fmt(NORMAL_ALBUMIN)} − {fmt(x.albumin)})",
        gap + ALBUMIN_FACTOR * (NORMAL_ALBUMIN - x.albumin), "mEq/L"))
    primary = _primary(x, w)
    if primary in ("Primary Respiratory Acidosis", "Primary Respiratory Alkalosis"):
        text = _respiratory(x, primary, w)
    elif primary in ("Primary Metabolic Acidosis", "Primary Metabolic Alkalosis"):
        text = _metabolic(x, primary, round_half_away(corrected, 2), w)
    else:
        text = primary
    w.output("summary", text)
    w.interpretation = text
    return primary


def _primary(x: ABGInputs, w: Working) -> str:
    """Steps 1-2: the pH's side of 7.40 and which of PaCO2 and HCO3- moved it there."""
    ph = round_half_away(x.ph, 3)
    if ph == NORMAL_PH:
        w.step("pH", "7.40: neither acidaemia nor alkalaemia (a mixed disorder may be hidden)", ph)
        return "Normal pH"
    acid = ph < NORMAL_PH
    respiratory = x.paco2 > NORMAL_PACO2 if acid else x.paco2 < NORMAL_PACO2
    metabolic = x.bicarbonate < NORMAL_BICARBONATE if acid else x.bicarbonate > NORMAL_BICARBONATE
    side = "Acidosis" if acid else "Alkalosis"
    w.step("acidaemia or alkalaemia", f"pH {fmt(x.ph, 2)} {'<' if acid else '>'} 7.40", side.lower())
    if not (respiratory or metabolic):
        raise invalid("ph", x.ph, f"a pH on the side of 7.40 that PaCO2 {fmt(x.paco2)} mm Hg and HCO3- "
                      f"{fmt(x.bicarbonate)} mEq/L give (Henderson-Hasselbalch)",
                      "the three values are inconsistent: check that they come from one sample")
    if respiratory and metabolic:  # both moved the pH: the larger relative change is the primary one
        by_paco2 = round_half_away(abs(x.paco2 - NORMAL_PACO2) / NORMAL_PACO2, 6)
        by_hco3 = round_half_away(abs(x.bicarbonate - NORMAL_BICARBONATE) / NORMAL_BICARBONATE, 6)
        w.step("relative change from normal", f"PaCO2 |{fmt(x.paco2)} − 40| / 40 = {fmt(by_paco2)}, HCO3- "
               f"|{fmt(x.bicarbonate)} − 24| / 24 = {fmt(by_hco3)}", max(by_paco2, by_hco3))
        respiratory, metabolic = by_paco2 >= by_hco3, by_hco3 >= by_paco2
    if respiratory and metabolic:
        primary = f"Mixed Respiratory and Metabolic {side}"
    else:
        primary = f"Primary {'Respiratory' if respiratory else 'Metabolic'} {side}"
    w.step("primary disorder", f"PaCO2 {fmt(x.paco2)} mm Hg, HCO3- {fmt(x.bicarbonate)} mEq/L", primary)
    return primary


def _respiratory(x: ABGInputs, primary: str, w: Working) -> str:
    """Step 3: the pH expected for an acute or a chronic respiratory disorder."""
    if x.chronicity is None:
        raise invalid("chronicity", None, "'acute' or 'chronic': the primary disorder is respiratory",
                      "the expected pH differs: 0.08 (acute) or 0.03 (chronic) per 10 mm Hg of PaCO2")
    rate = PH_PER_MMHG[x.chronicity]
    expected = w.output("expected_ph", w.step(
        f"expected pH ({x.chronicity})", f"7.40 − {fmt(rate, 3)} × ({fmt(x.paco2)} − 40)",
        NORMAL_PH - rate * (x.paco2 - NORMAL_PACO2)))
    difference = round_half_away(x.ph - expected, 4)
    if difference > PH_MARGIN:
        compensation = "Secondary Metabolic Alkalosis"
    elif difference < -PH_MARGIN:
        compensation = "Secondary Metabolic Acidosis"
    else:
        compensation = "Appropriately Compensated by Metabolic " + ("Alkalosis" if "Acidosis" in primary else "Acidosis")
    w.step("compensation", f"pH {fmt(x.ph, 2)} vs expected {fmt(expected, 3)} ± {fmt(PH_MARGIN, 2)}", compensation)
    w.output("compensation", compensation)
    return f"{primary}, {x.chronicity.capitalize()}, with: {compensation}"


def _metabolic(x: ABGInputs, primary: str, corrected_gap: float, w: Working) -> str:
    """Step 4 (the respiratory compensation), then for an acidosis steps 5-6 (anion gap, delta gap)."""
    acidosis = primary.endswith("Acidosis")
    if acidosis:
        expected = w.step("expected PaCO2 (Winters)", f"1.5 × {fmt(x.bicarbonate)} + 8", 1.5 * x.bicarbonate + 8, "mm Hg")
        margin = WINTERS_MARGIN
    else:
        expected = w.step("expected PaCO2", f"0.7 × {fmt(x.bicarbonate)} + 21", 0.7 * x.bicarbonate + 21, "mm Hg")
        margin = ALKALOSIS_MARGIN
    w.output("expected_paco2", expected)
    paco2, expected_r = round_half_away(x.paco2, 4), round_half_away(expected, 4)
    if paco2 > expected_r + margin:
        compensation = "Secondary Respiratory Acidosis"
    elif paco2 < expected_r - margin:
        compensation = "Secondary Respiratory Alkalosis"
    else:
        compensation = "Appropriately Compensated by Respiratory " + ("Alkalosis" if acidosis else "Acidosis")
    w.step("compensation", f"PaCO2 {fmt(x.paco2)} vs {fmt(expected)} ± {fmt(margin)} mm Hg", compensation)
    w.output("compensation", compensation)
    if not acidosis:
        return f"{primary}, with: {compensation}"
    high = corrected_gap > GAP_UPPER_NORMAL
    gap_type = w.output("gap", GAP_ACIDOSIS if high else NON_GAP_ACIDOSIS)
    w.step("anion gap", f"corrected gap {fmt(corrected_gap)} {'>' if high else '≤'} {fmt(GAP_UPPER_NORMAL)} mEq/L", gap_type)
    text = f"{primary}, with: {compensation}"
    if high:
        additional = _delta(x, corrected_gap, w)
        if additional:
            text += f" and {additional}"
    article = "an" if high else "a"
    return f"This is {article} {gap_type}. {text}"


def _delta(x: ABGInputs, corrected_gap: float, w: Working) -> str | None:
    """Step 6: the bicarbonate before the gap acid was added, HCO3- + (gap − 12), against 24."""
    before = w.step("bicarbonate before the gap acid", f"{fmt(x.bicarbonate)} + ({fmt(corrected_gap)} − 12)",
                    round_half_away(x.bicarbonate + corrected_gap - NORMAL_ANION_GAP, 4), "mEq/L")
    if before < NORMAL_BICARBONATE:
        additional = "Additional Non-Gap Metabolic Acidosis"
    elif before > NORMAL_BICARBONATE:
        additional = "Additional Metabolic Alkalosis"
    else:
        additional = None
    return w.output("additional", additional)
