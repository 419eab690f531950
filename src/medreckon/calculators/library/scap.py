"""SCAP score: severe community-acquired pneumonia (España 2006)."""

from __future__ import annotations

from pydantic import Field

from ..fields import (
    BUN,
    Age,
    ArterialPH,
    BloodPressure,
    Finding,
    FiO2,
    Inputs,
    PaO2,
    RespiratoryRate,
)
from ..points import any_of, finding, sum_points, threshold
from ..rounding import round_half_away
from ..spec import Output, Reference, Working, calculator, fmt


class SCAPInputs(Inputs):
    ph: ArterialPH = Field(description="Arterial pH; < 7.30 scores 13.")
    systolic_bp: BloodPressure = Field(description="Systolic blood pressure, mm Hg; < 90 scores 11.")
    respiratory_rate: RespiratoryRate = Field(description="Respiratory rate per minute; > 30 scores 9.")
    bun: BUN = Field(description="Blood urea nitrogen, mg/dL ('10.7 mmol/L' urea with its unit); > 30 mg/dL scores 5.")
    altered_mental_status: bool = Finding("Altered mental status (confusion or reduced consciousness): 5 points.")
    pao2: PaO2 = Field(description="Arterial PaO2, mm Hg (kPa with its unit); < 54 mm Hg, or PaO2/FiO2 < 250, scores 6.")
    fio2: FiO2 = Field(21.0, description="Inspired oxygen, % (21 on room air; '0.4' needs the unit '1'), for the "
                       "PaO2/FiO2 ratio.")
    age: Age = Field(description="Age in years; ≥ 80 scores 5.")
    multilobar_infiltrates: bool = Finding("Multilobar or bilateral infiltrates on chest radiograph: 5 points.")


@calculator(
    id="scap",
    name="Severe Community-Acquired Pneumonia (SCAP) Score",
    aliases=("scap-score", "severe-cap-score"),
    kind="score",
    specialty="pulmonology",
    output=Output("points", "integer", 0, range=(0, 59)),
    inputs=SCAPInputs,
    references=(
        Reference("España PP, Capelastegui A, Gorordo I, et al. Development and validation of a clinical prediction "
                  "rule for severe community-acquired pneumonia. Am J Respir Crit Care Med. 2006;174(11):1249-1256."),
        Reference("MDCalc. Severe Community-Acquired Pneumonia (SCAP) Score."),
    ),
    formula="Major: arterial pH < 7.30 13; SBP < 90 mm Hg 11. Minor: RR > 30 9; BUN > 30 mg/dL 5; altered mental "
    "status 5; PaO2 < 54 mm Hg or PaO2/FiO2 < 250 6; age ≥ 80 5; multilobar or bilateral infiltrates 5. ≥ 10 "
    "predicts severe CAP (ICU or vasopressors, ventilation, or death).",
    description="Predicts severe community-acquired pneumonia needing intensive care; a score of 10 or more is "
    "high risk.",
    example={"ph": 7.36, "systolic_bp": 92, "respiratory_rate": 32, "bun": 32, "pao2": 52, "fio2": 21, "age": 72},
)
def scap(x: SCAPInputs, w: Working) -> int:
    pf = w.step("PaO2/FiO2", f"{fmt(x.pao2)} / {fmt(x.fio2 / 100, 2)}", x.pao2 / (x.fio2 / 100), "mm Hg")
    pao2 = round_half_away(x.pao2, 2)
    hypoxaemia = any_of(w, "PaO2 < 54 or PaO2/FiO2 < 250", ((f"PaO2 {fmt(pao2)} < 54", pao2 < 54),
                                                            (f"P/F {fmt(pf, 0)} < 250", round(pf, 6) < 250)), 6)
    total = sum_points(w, (
        threshold(w, "pH < 7.30", f"pH {fmt(x.ph, 2)}", round_half_away(x.ph, 3), "<", 7.30, 13),
        threshold(w, "SBP < 90", f"SBP {fmt(x.systolic_bp)}", x.systolic_bp, "<", 90, 11),
        threshold(w, "RR > 30", f"RR {fmt(x.respiratory_rate)}", x.respiratory_rate, ">", 30, 9),
        threshold(w, "BUN > 30 mg/dL", f"BUN {fmt(x.bun, 1)}", round_half_away(x.bun, 2), ">", 30, 5),
        finding(w, "altered mental status", x.altered_mental_status, 5),
        hypoxaemia,
        threshold(w, "age ≥ 80", f"age {fmt(x.age)}", x.age, "≥", 80, 5),
        finding(w, "multilobar or bilateral infiltrates", x.multilobar_infiltrates, 5),
    ))
    w.interpretation = ("≥ 10: high risk of severe CAP; consider ICU or monitored bed" if total >= 10 else
                        "< 10: low risk of severe CAP")
    return total
