"""SAPS II: Simplified Acute Physiology Score II and its hospital-mortality logit (Le Gall 1993)."""

from __future__ import annotations

import math

from pydantic import Field

from ..fields import (
    BUN,
    Age,
    Bicarbonate,
    Bilirubin,
    BloodPressure,
    Finding,
    FiO2,
    GCSTotal,
    HeartRate,
    Inputs,
    PaO2,
    Potassium,
    Sodium,
    Temperature,
    WhiteCells,
    choice,
    q,
)
from ..points import category, cut_offs, sum_points, threshold
from ..rounding import round_half_away
from ..rules import Is, RequiredWhen
from ..spec import Output, Reference, Working, calculator, fmt

UrineOutput = q("L/d", ge=0, plausible=(0, 10), units=("L/d", "mL/d", "mL/h"))
ChronicDisease = choice("none", "metastatic cancer", "hematologic malignancy", "AIDS",
                        synonyms={"haematologic malignancy": "hematologic malignancy",
                                  "hematological malignancy": "hematologic malignancy", "no": "none",
                                  "metastatic": "metastatic cancer", "aids": "AIDS"})
AdmissionType = choice("scheduled surgical", "medical", "unscheduled surgical",
                       synonyms={"elective surgery": "scheduled surgical", "scheduled surgery": "scheduled surgical",
                                 "emergency surgery": "unscheduled surgical",
                                 "unscheduled surgery": "unscheduled surgical"})
CHRONIC_POINTS = {"none": 0, "metastatic cancer": 9, "hematologic malignancy": 10, "AIDS": 17}
ADMISSION_POINTS = {"scheduled surgical": 0, "medical": 6, "unscheduled surgical": 8}
WORST = "the worst value in the first 24 hours in the ICU"


class SAPSIIInputs(Inputs):
    age: Age = Field(description="Age in years at the last birthday.")
    heart_rate: HeartRate = Field(
        description=f"Heart rate per minute, {WORST} (the one scoring more points, low or high; cardiac arrest "
        "scores as < 40)."
    )
    systolic_bp: BloodPressure = Field(description=f"Systolic blood pressure in mm Hg, {WORST} (low or high).")
    temperature: Temperature = Field(description="Highest temperature, °C by default ('102.4 degF' with its unit); ≥ 39 °C scores 3.")
    mechanical_ventilation_or_cpap: bool = Finding(
        "On mechanical ventilation or CPAP; only then is PaO2/FiO2 scored (6-11 points)."
    )
    pao2: PaO2 | None = Field(None, description="PaO2 in mm Hg (kPa with its unit) for the lowest PaO2/FiO2; needed when ventilated.")
    fio2: FiO2 | None = Field(None, description="FiO2 in % ('0.5' needs the unit '1') with pao2; needed when ventilated.")
    urine_output: UrineOutput = Field(
        description="Urine output over 24 hours, L/day by default ('800 mL/d'); for a stay under 24 h, extrapolate "
        "to 24 h. < 0.5 L scores 11, 0.5-0.999 L 4."
    )
    bun: BUN = Field(
        description="Highest blood urea nitrogen, mg/dL by default. Serum urea in mmol/L is accepted with its unit "
        "('12 mmol/L'; 10 mmol/L urea = 28 mg/dL BUN). A urea in mg/dL is NOT a BUN: divide it by 2.14 first."
    )
    white_cells: WhiteCells = Field(
        description="White cell count, ×10⁹/L (= ×10³/mm³) by default; the worst value. A count per mm³ such as "
        "15000 must carry its unit ('15000 /uL'). < 1 scores 12, ≥ 20 3."
    )
    potassium: Potassium = Field(description="Serum potassium, mEq/L (= mmol/L), the worst value: < 3 or ≥ 5 scores 3.")
    sodium: Sodium = Field(description="Serum sodium, mEq/L (= mmol/L), the worst value: < 125 scores 5, ≥ 145 1.")
    bicarbonate: Bicarbonate = Field(description="Lowest serum bicarbonate, mEq/L: < 15 scores 6, 15-19 3.")
    bilirubin: Bilirubin = Field(
        description="Highest bilirubin, mg/dL by default ('70 umol/L' with its unit): 4.0-5.9 scores 4, ≥ 6 9."
    )
    gcs: GCSTotal = Field(
        description="Lowest Glasgow Coma Scale total, 3-15; for a sedated patient, the estimated GCS before sedation."
    )
    chronic_disease: ChronicDisease = Field(
        description="The one chronic disease that applies: 'AIDS' (17; HIV with clinical complications), "
        "'hematologic malignancy' (10; lymphoma, acute leukaemia, multiple myeloma), 'metastatic cancer' (9; "
        "proven metastases), or 'none'."
    )
    admission_type: AdmissionType = Field(
        description="'scheduled surgical' (0; surgery scheduled at least 24 h in advance), 'medical' (6; no "
        "surgery within a week of ICU admission) or 'unscheduled surgical' (8; surgery added within 24 h)."
    )

    rules = (RequiredWhen(("pao2", "fio2"), (Is("mechanical_ventilation_or_cpap", True),),
                          "a value when mechanical_ventilation_or_cpap is true",
                          "give both pao2 and fio2 for the PaO2/FiO2 ratio"),)


@calculator(
    id="saps-ii",
    name="Simplified Acute Physiology Score (SAPS) II",
    aliases=("saps2", "saps-2", "simplified-acute-physiology-score-ii"),
    kind="score",
    specialty="critical care",
    output=Output("points", "integer", 0, range=(0, 163)),
    inputs=SAPSIIInputs,
    references=(
        Reference("Le Gall JR, Lemeshow S, Saulnier F. A new Simplified Acute Physiology Score (SAPS II) based on a "
                  "European/North American multicenter study. JAMA. 1993;270(24):2957-2963.",
                  "https://doi.org/10.1001/jama.1993.03510240069035"),
        Reference("MDCalc. Simplified Acute Physiology Score (SAPS) II.",
                  "https://www.mdcalc.com/calc/4108/simplified-acute-physiology-score-saps-ii"),
    ),
    formula="Age < 40 0, 40-59 7, 60-69 12, 70-74 15, 75-79 16, ≥ 80 18; heart rate < 40 11, 40-69 2, 70-119 0, "
    "120-159 4, ≥ 160 7; systolic BP < 70 13, 70-99 5, 100-199 0, ≥ 200 2; temperature ≥ 39 °C 3; if ventilated "
    "or on CPAP PaO2/FiO2 < 100 11, 100-199 9, ≥ 200 6; urine output < 0.5 L/d 11, 0.5-0.999 4; BUN < 28 mg/dL "
    "0, 28-83 6, ≥ 84 10; WBC < 1 12, ≥ 20 3 (×10³/mm³); potassium < 3 or ≥ 5 3; sodium < 125 5, ≥ 145 1; "
    "bicarbonate < 15 6, 15-19 3; bilirubin 4-5.9 mg/dL 4, ≥ 6 9; GCS 14-15 0, 11-13 5, 9-10 7, 6-8 13, < 6 26; "
    "metastatic cancer 9, haematologic malignancy 10, AIDS 17; admission scheduled surgical 0, medical 6, "
    "unscheduled surgical 8. Predicted hospital mortality: logit = −7.7631 + 0.0737 × SAPS II + 0.9971 × "
    "ln(SAPS II + 1); mortality = e^logit / (1 + e^logit).",
    description="Severity of illness in adult ICU patients from the worst values of the first 24 hours, with "
    "the predicted hospital mortality. For groups of patients (benchmarking), not individual prognosis.",
    example={"age": 68, "heart_rate": 124, "systolic_bp": 86, "temperature": 38.4,
             "mechanical_ventilation_or_cpap": True, "pao2": 78, "fio2": 50, "urine_output": "650 mL/d",
             "bun": "12 mmol/L", "white_cells": 17.5, "potassium": 4.6, "sodium": 138, "bicarbonate": 18,
             "bilirubin": 1.1, "gcs": 13, "chronic_disease": "none", "admission_type": "medical"},
)
def saps_ii(x: SAPSIIInputs, w: Working) -> int:
    parts = [
        cut_offs(w, "age", f"age {fmt(x.age)}", x.age, ((80, 18), (75, 16), (70, 15), (60, 12), (40, 7), (None, 0))),
        cut_offs(w, "heart rate", f"HR {fmt(x.heart_rate)}/min", x.heart_rate,
                 ((160, 7), (120, 4), (70, 0), (40, 2), (None, 11))),
        cut_offs(w, "systolic BP", f"SBP {fmt(round_half_away(x.systolic_bp, 2))} mmHg", round_half_away(x.systolic_bp, 2),
                 ((200, 2), (100, 0), (70, 5), (None, 13))),
        threshold(w, "temperature ≥ 39 °C", f"{fmt(x.temperature, 2)} °C", round_half_away(x.temperature, 2), "≥", 39, 3),
        _oxygenation(x, w),
        cut_offs(w, "urine output", f"{fmt(x.urine_output)} L/d", round_half_away(x.urine_output, 6),
                 ((1, 0), (0.5, 4), (None, 11))),
        cut_offs(w, "BUN", f"BUN {fmt(x.bun, 2)} mg/dL", round_half_away(x.bun, 2), ((84, 10), (28, 6), (None, 0))),
        cut_offs(w, "white cell count", f"WBC {fmt(x.white_cells)} ×10⁹/L", x.white_cells, ((20, 3), (1, 0), (None, 12))),
        cut_offs(w, "potassium", f"K {fmt(x.potassium)} mEq/L", x.potassium, ((5, 3), (3, 0), (None, 3))),
        cut_offs(w, "sodium", f"Na {fmt(x.sodium)} mEq/L", x.sodium, ((145, 1), (125, 0), (None, 5))),
        cut_offs(w, "bicarbonate", f"HCO3 {fmt(x.bicarbonate)} mEq/L", x.bicarbonate, ((20, 0), (15, 3), (None, 6))),
        cut_offs(w, "bilirubin", f"bilirubin {fmt(x.bilirubin, 2)} mg/dL", round_half_away(x.bilirubin, 2),
                 ((6, 9), (4, 4), (None, 0))),
        cut_offs(w, "Glasgow Coma Scale", f"GCS {x.gcs}", x.gcs, ((14, 0), (11, 5), (9, 7), (6, 13), (None, 26))),
        category(w, "chronic disease", x.chronic_disease, CHRONIC_POINTS),
        category(w, "type of admission", x.admission_type, ADMISSION_POINTS),
    ]
    total = sum_points(w, parts)
    logit = w.step("mortality logit", f"−7.7631 + 0.0737 × {total} + 0.9971 × ln({total} + 1)",
                   -7.7631 + 0.0737 * total + 0.9971 * math.log(total + 1))
    mortality = w.step("predicted hospital mortality", f"100 × e^{fmt(logit, 4)} / (1 + e^{fmt(logit, 4)})",
                       100 / (1 + math.exp(-logit)), "%")
    w.interpretation = f"predicted hospital mortality {fmt(mortality, 1)}%"
    return total


def _oxygenation(x: SAPSIIInputs, w: Working) -> int:
    if not x.mechanical_ventilation_or_cpap:
        return w.step("PaO2/FiO2 (only if ventilated or on CPAP)", "not ventilated", 0, "points")
    ratio = w.step("PaO2/FiO2", f"{fmt(x.pao2)} / {fmt(x.fio2 / 100, 2)}", x.pao2 / (x.fio2 / 100), "mmHg")
    return cut_offs(w, "PaO2/FiO2 (ventilated or CPAP)", f"P/F {fmt(ratio, 1)}", ratio, ((200, 6), (100, 9), (None, 11)))
