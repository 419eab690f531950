"""Simplified Pulmonary Embolism Severity Index (sPESI; Jiménez 2010)."""

from __future__ import annotations

from pydantic import Field

from ..fields import Age, BloodPressure, Finding, HeartRate, Inputs, q
from ..points import finding, sum_points, threshold
from ..spec import Output, Reference, Secondary, Working, calculator, fmt

OxygenSaturation = q("%", ge=0, le=100, plausible=(50, 100), units=("%",))


class SPESIInputs(Inputs):
    age: Age = Field(description="Age in years; 1 point above 80.")
    cancer: bool = Finding("History of cancer: active cancer or cancer treated in the last year.")
    chronic_cardiopulmonary_disease: bool = Finding("Chronic heart failure or chronic lung disease.")
    heart_rate: HeartRate = Field(description="Heart rate, beats/min; 1 point at 110 or more.")
    systolic_bp: BloodPressure = Field(description="Systolic blood pressure, mm Hg; 1 point below 100.")
    oxygen_saturation: OxygenSaturation = Field(description="Arterial oxygen saturation (SaO2 or SpO2), %; 1 point "
                                                "below 90 (with or without supplemental oxygen).")


@calculator(
    id="spesi",
    name="Simplified PESI (Pulmonary Embolism Severity Index)",
    aliases=("simplified-pesi", "s-pesi", "spesi-score"),
    kind="score",
    specialty="pulmonology",
    output=Output("points", "integer", 0, range=(0, 6), secondary=(
        Secondary("risk", "Low (0 points) or High (≥ 1)", None, "text"),
        Secondary("mortality", "30-day all-cause mortality of that group in the derivation cohort", "%", "decimal", 1),
    )),
    inputs=SPESIInputs,
    references=(
        Reference("Jiménez D, Aujesky D, Moores L, et al. Simplification of the pulmonary embolism severity index for "
                  "prognostication in patients with acute symptomatic pulmonary embolism. Arch Intern Med. "
                  "2010;170(15):1383-1389.", "https://doi.org/10.1001/archinternmed.2010.199"),
        Reference("MDCalc: Simplified PESI (Pulmonary Embolism Severity Index).",
                  "https://www.mdcalc.com/calc/1247/simplified-pesi-pulmonary-embolism-severity-index"),
    ),
    formula="1 point each: age > 80; history of cancer; chronic cardiopulmonary disease; heart rate ≥ 110; systolic BP "
    "< 100 mm Hg; O2 saturation < 90%. 0 low risk (30-day mortality 1.1%), ≥ 1 high risk (8.9%)",
    description="30-day mortality risk after acute pulmonary embolism; a score of 0 identifies patients who may be "
    "treated as outpatients.",
    example={"age": 56, "cancer": False, "chronic_cardiopulmonary_disease": False, "heart_rate": 98,
             "systolic_bp": 126, "oxygen_saturation": 95},
)
def spesi(x: SPESIInputs, w: Working) -> int:
    total = sum_points(w, (
        threshold(w, "age > 80", f"age {fmt(x.age)}", x.age, ">", 80),
        finding(w, "history of cancer", x.cancer),
        finding(w, "chronic cardiopulmonary disease", x.chronic_cardiopulmonary_disease),
        threshold(w, "heart rate ≥ 110", f"HR {fmt(x.heart_rate)}", round(x.heart_rate, 6), "≥", 110),
        threshold(w, "systolic BP < 100", f"SBP {fmt(x.systolic_bp)}", round(x.systolic_bp, 6), "<", 100),
        threshold(w, "O2 saturation < 90%", f"SaO2 {fmt(x.oxygen_saturation)}%", round(x.oxygen_saturation, 6), "<", 90),
    ))
    low = total == 0
    w.output("risk", "Low" if low else "High")
    mortality = w.output("mortality", 1.1 if low else 8.9)
    w.interpretation = f"{'low' if low else 'high'} risk: {fmt(mortality, 1)}% 30-day mortality"
    return total
