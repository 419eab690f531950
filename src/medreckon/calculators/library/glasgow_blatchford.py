"""Glasgow-Blatchford bleeding score for upper gastrointestinal bleeding (Blatchford 2000)."""

from __future__ import annotations

from pydantic import Field

from ..fields import BUN, BloodPressure, Finding, HeartRate, Hemoglobin, Inputs, Sex
from ..points import cut_offs, finding, sum_points, threshold
from ..rounding import round_half_away
from ..spec import MedCalcBench, Output, Reference, Working, calculator, fmt

# BUN bands in mg/dL: the paper's urea bands (6.5, 8, 10, 25 mmol/L) × 2.8, lower limits inclusive
BUN_BANDS = ((70.0, 6), (28.0, 4), (22.4, 3), (18.2, 2))


class GlasgowBlatchfordInputs(Inputs):
    bun: BUN = Field(
        description="Blood urea nitrogen, mg/dL by default. A serum urea in mmol/L must carry its unit "
        "('9.1 mmol/L'; 1 mmol/L urea = 2.8 mg/dL BUN). Bands: < 18.2 mg/dL 0, 18.2-22.3 2, 22.4-27.9 3, "
        "28-69.9 4, ≥ 70 6."
    )
    hemoglobin: Hemoglobin = Field(
        description="Hemoglobin, g/dL by default; a value in g/L must carry its unit ('118 g/L' is 11.8 g/dL)."
    )
    sex: Sex = Field(description="Sex; the hemoglobin bands differ for men and women.")
    systolic_bp: BloodPressure = Field(description="Systolic blood pressure in mmHg (< 90 scores 3, 90-99 2, 100-109 1).")
    heart_rate: HeartRate = Field(description="Heart rate in beats per minute; ≥ 100 scores 1.")
    melena: bool = Finding("Melena (black, tarry stool) at presentation.")
    syncope: bool = Finding("Syncope at presentation (recent fainting).")
    hepatic_disease: bool = Finding(
        "History of hepatic disease: known chronic liver disease, or clinical and laboratory evidence of "
        "chronic or acute liver disease.",
    )
    cardiac_failure: bool = Finding(
        "Cardiac failure: known history of heart failure, or clinical and echocardiographic evidence of it.",
    )


@calculator(
    id="glasgow-blatchford",
    name="Glasgow-Blatchford Bleeding Score (GBS)",
    aliases=("gbs", "blatchford", "glasgow-blatchford-score"),
    kind="score",
    specialty="gastroenterology",
    output=Output("points", "integer", 0, range=(0, 23)),
    inputs=GlasgowBlatchfordInputs,
    references=(
        Reference("Blatchford O, Murray WR, Blatchford M. A risk score to predict need for treatment for "
                  "upper-gastrointestinal haemorrhage. Lancet. 2000;356(9238):1318-1321.",
                  "https://doi.org/10.1016/S0140-6736(00)02816-6"),
        Reference("Stanley AJ, Ashley D, Dalton HR, et al. Outpatient management of patients with low-risk "
                  "upper-gastrointestinal haemorrhage: multicentre validation and prospective evaluation. "
                  "Lancet. 2009;373(9657):42-47.", "https://doi.org/10.1016/S0140-6736(08)61769-9"),
        Reference("MDCalc. Glasgow-Blatchford Bleeding Score (GBS).",
                  "https://www.mdcalc.com/calc/518/glasgow-blatchford-bleeding-score-gbs"),
    ),
    formula=(
        "BUN (mg/dL) < 18.2 0, 18.2-22.3 2, 22.4-27.9 3, 28-69.9 4, ≥ 70 6 (urea 6.5/8/10/25 mmol/L); "
        "hemoglobin (g/dL) men ≥ 13 0, 12-12.9 1, 10-11.9 3, < 10 6; women ≥ 12 0, 10-11.9 1, < 10 6; "
        "systolic BP (mmHg) ≥ 110 0, 100-109 1, 90-99 2, < 90 3; heart rate ≥ 100 1; melena 1; syncope 2; "
        "hepatic disease 2; cardiac failure 2. Total 0-23."
    ),
    description="Risk that a patient with upper gastrointestinal bleeding needs intervention (transfusion, "
    "endoscopic treatment or surgery); a score of 0 identifies patients who may be managed as outpatients.",
    medcalc_bench=MedCalcBench(
        27,
        {
            "Blood Urea Nitrogen (BUN)": "bun",
            "Hemoglobin": "hemoglobin",
            "sex": "sex",
            "Systolic Blood Pressure": "systolic_bp",
            "Heart Rate or Pulse": "heart_rate",
            "Melena present": "melena",
            "Recent syncope": "syncope",
            "Hepatic disease history": "hepatic_disease",
            "Cardiac failure present": "cardiac_failure",
        },
    ),
    example={
        "bun": 32, "hemoglobin": "108 g/L", "sex": "male", "systolic_bp": 104, "heart_rate": 104,
        "melena": True, "syncope": False, "hepatic_disease": False, "cardiac_failure": False,
    },
)
def glasgow_blatchford(x: GlasgowBlatchfordInputs, w: Working) -> int:
    # measured values compared at 0.01 precision, so unit-conversion noise cannot cross a band limit
    bun = round_half_away(x.bun, 2)
    for lower, points in BUN_BANDS:
        if bun >= lower:
            u = w.step("BUN", f"BUN {fmt(bun, 2)} mg/dL ≥ {fmt(lower, 1)}", points, "points")
            break
    else:
        u = w.step("BUN", f"BUN {fmt(bun, 2)} mg/dL < 18.2", 0, "points")

    hb = round_half_away(x.hemoglobin, 2)
    hb_points, hb_band = _hb_band(hb, x.sex)
    h = w.step("hemoglobin", f"{x.sex}, hemoglobin {fmt(hb, 2)} g/dL: {hb_band}", hb_points, "points")

    sbp = round_half_away(x.systolic_bp, 2)
    s = cut_offs(w, "systolic blood pressure", f"SBP {fmt(sbp)} mmHg", sbp, ((110, 0), (100, 1), (90, 2), (None, 3)))

    hr = round_half_away(x.heart_rate, 2)
    p = threshold(w, "heart rate ≥ 100", f"{fmt(hr)}/min", hr, "≥", 100)
    mel = finding(w, "melena", x.melena)
    syn = finding(w, "syncope", x.syncope, 2)
    liver = finding(w, "hepatic disease", x.hepatic_disease, 2)
    heart = finding(w, "cardiac failure", x.cardiac_failure, 2)
    total = sum_points(w, (u, h, s, p, mel, syn, liver, heart))
    w.interpretation = (
        "score 0: low risk of needing intervention; outpatient management may be considered" if total == 0
        else f"score {total}: not low risk; higher scores mean a greater likelihood of needing transfusion, "
        "endoscopic treatment or surgery"
    )
    return total


def _hb_band(hb: float, sex: str) -> tuple[int, str]:
    if sex == "male":
        if hb >= 13:
            return 0, "≥ 13 (men)"
        if hb >= 12:
            return 1, "12-12.9 (men)"
        if hb >= 10:
            return 3, "10-11.9 (men)"
        return 6, "< 10 (men)"
    if hb >= 12:
        return 0, "≥ 12 (women)"
    if hb >= 10:
        return 1, "10-11.9 (women)"
    return 6, "< 10 (women)"
