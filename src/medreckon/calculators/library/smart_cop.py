"""SMART-COP for intensive respiratory or vasopressor support in community-acquired pneumonia (Charles 2008)."""

from __future__ import annotations

from pydantic import Field

from ..fields import (
    Age,
    Albumin,
    ArterialPH,
    BloodPressure,
    Finding,
    FiO2,
    HeartRate,
    Inputs,
    PaO2,
    RespiratoryRate,
)
from ..points import compared, finding, sum_points, threshold
from ..rounding import round_half_away
from ..rules import AtLeastOne
from ..spec import Output, Reference, Working, calculator, fmt
from .perc import OxygenSaturation


class SMARTCOPInputs(Inputs):
    systolic_bp: BloodPressure = Field(description="Systolic blood pressure in mm Hg; < 90 scores 2.")
    multilobar_infiltrates: bool = Finding("Multilobar involvement on the chest radiograph (1 point).")
    albumin: Albumin = Field(description="Serum albumin, g/dL by default ('32 g/L' with its unit); < 3.5 g/dL scores 1.")
    age: Age = Field(
        description="Age in years; sets the respiratory-rate and oxygenation cut-offs (≤ 50 or > 50). Age itself "
        "does not score."
    )
    respiratory_rate: RespiratoryRate = Field(
        description="Respiratory rate per minute; scores 1 when ≥ 25 (age ≤ 50) or ≥ 30 (age > 50)."
    )
    heart_rate: HeartRate = Field(description="Heart rate per minute; ≥ 125 scores 1.")
    confusion: bool = Finding("New-onset confusion (1 point).")
    pao2: PaO2 | None = Field(
        None, description="Arterial PaO2, mm Hg (kPa with its unit). Low oxygenation (2 points): < 70 (age ≤ 50) or < 60 "
        "(age > 50), or a low SpO2 or PaO2/FiO2. Give pao2, oxygen_saturation or both."
    )
    oxygen_saturation: OxygenSaturation | None = Field(
        None, description="SpO2 in %; low when ≤ 93 (age ≤ 50) or ≤ 90 (age > 50)."
    )
    fio2: FiO2 | None = Field(
        None, description="FiO2 in % ('0.4' needs the unit '1') with pao2, for the PaO2/FiO2 ratio: low when < 333 "
        "(age ≤ 50) or < 250 (age > 50). Not given: the ratio is not used."
    )
    arterial_ph: ArterialPH | None = Field(
        None, description="Arterial pH; < 7.35 scores 2. Not given (no blood gas): scored 0 with a warning."
    )

    rules = (AtLeastOne(("oxygen_saturation", "pao2"), "oxygen_saturation", "an SpO2 (or a PaO2) to score oxygenation",
                        "give oxygen_saturation in %, or pao2 in mm Hg"),)


@calculator(
    id="smart-cop",
    name="SMART-COP Score for Pneumonia Severity",
    aliases=("smartcop", "smart-cop-score"),
    kind="score",
    specialty="pulmonology",
    output=Output("points", "integer", 0, range=(0, 11)),
    inputs=SMARTCOPInputs,
    references=(
        Reference("Charles PG, Wolfe R, Whitby M, et al. SMART-COP: a tool for predicting the need for intensive "
                  "respiratory or vasopressor support in community-acquired pneumonia. Clin Infect Dis. "
                  "2008;47(3):375-384.", "https://doi.org/10.1086/589754"),
        Reference("MDCalc. SMART-COP Score for Pneumonia Severity.",
                  "https://www.mdcalc.com/calc/1893/smart-cop-score-pneumonia-severity"),
    ),
    formula="Systolic BP < 90 mm Hg +2; Multilobar chest X-ray involvement +1; Albumin < 3.5 g/dL +1; Respiratory "
    "rate ≥ 25 (age ≤ 50) or ≥ 30 (age > 50) +1; Tachycardia ≥ 125/min +1; new Confusion +1; low Oxygen (age "
    "≤ 50: PaO2 < 70 mm Hg, SpO2 ≤ 93% or PaO2/FiO2 < 333; age > 50: PaO2 < 60, SpO2 ≤ 90% or PaO2/FiO2 < 250) "
    "+2; arterial pH < 7.35 +2. Total 0-11: 0-2 low, 3-4 moderate, 5-6 high, ≥ 7 very high risk of needing "
    "intensive respiratory or vasopressor support (IRVS); ≥ 3 identified 92% of those who needed it.",
    description="Predicts the need for intensive respiratory or vasopressor support in adults with "
    "community-acquired pneumonia; not a mortality score.",
    example={"systolic_bp": 102, "multilobar_infiltrates": True, "albumin": "31 g/L", "age": 63,
             "respiratory_rate": 28, "heart_rate": 118, "confusion": False, "oxygen_saturation": 89,
             "arterial_ph": 7.38},
)
def smart_cop(x: SMARTCOPInputs, w: Working) -> int:
    young = x.age <= 50
    s = threshold(w, "systolic BP < 90", f"SBP {fmt(x.systolic_bp)} mmHg", x.systolic_bp, "<", 90, 2)
    m = finding(w, "multilobar chest X-ray involvement", x.multilobar_infiltrates)
    albumin = round_half_away(x.albumin, 3)  # '35 g/L' is 3.5 g/dL
    a = threshold(w, "albumin < 3.5 g/dL", f"albumin {fmt(albumin, 2)} g/dL", albumin, "<", 3.5)
    rr_limit = 25 if young else 30
    r = threshold(w, f"respiratory rate ≥ {rr_limit} (age {'≤' if young else '>'} 50)",
                  f"RR {fmt(x.respiratory_rate)}/min", x.respiratory_rate, "≥", rr_limit)
    t = threshold(w, "heart rate ≥ 125", f"HR {fmt(x.heart_rate)}/min", x.heart_rate, "≥", 125)
    c = finding(w, "new confusion", x.confusion)
    o = _oxygenation(x, w, young)
    if x.arterial_ph is None:
        w.warn("arterial_ph not given; scored as not acidaemic (0 points)", "arterial_ph", "assumed_default")
        p = w.step("arterial pH < 7.35", "not measured; scored 0", 0, "points")
    else:
        p = threshold(w, "arterial pH < 7.35", f"pH {fmt(x.arterial_ph, 2)}", x.arterial_ph, "<", 7.35, 2)
    total = sum_points(w, (s, m, a, r, t, c, o, p))
    if total <= 2:
        w.interpretation = "low risk (0-2) of needing intensive respiratory or vasopressor support"
    elif total <= 4:
        w.interpretation = "moderate risk (3-4; about 1 in 8) of needing intensive respiratory or vasopressor support"
    elif total <= 6:
        w.interpretation = "high risk (5-6; about 1 in 3) of needing intensive respiratory or vasopressor support"
    else:
        w.interpretation = "very high risk (≥ 7; about 2 in 3) of needing intensive respiratory or vasopressor support"
    return total


def _oxygenation(x: SMARTCOPInputs, w: Working, young: bool) -> int:
    pao2_limit, sat_limit, ratio_limit = (70, 93, 333) if young else (60, 90, 250)
    texts, low = [], False
    if x.pao2 is not None:
        hit, text = compared(f"PaO2 {fmt(x.pao2)}", x.pao2, "<", pao2_limit, " mmHg")
        low, texts = low or hit, [*texts, text]
        if x.fio2 is not None:
            ratio = x.pao2 / (x.fio2 / 100)
            hit, text = compared(f"P/F {fmt(ratio, 0)}", ratio, "<", ratio_limit)
            low, texts = low or hit, [*texts, text]
    if x.oxygen_saturation is not None:
        hit, text = compared(f"SpO2 {fmt(x.oxygen_saturation)}%", x.oxygen_saturation, "≤", sat_limit)
        low, texts = low or hit, [*texts, text]
    return w.step(f"low oxygenation (age {'≤' if young else '>'} 50)", ", ".join(texts), 2 * low, "points")
