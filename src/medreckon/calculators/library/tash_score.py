"""TASH score: Trauma Associated Severe Hemorrhage, the probability of massive transfusion
(Yücel 2006)."""

from __future__ import annotations

import math

from pydantic import Field

from ..fields import BloodPressure, Finding, HeartRate, Hemoglobin, Inputs, Sex, q
from ..points import cut_offs, finding, sum_points, threshold
from ..rounding import round_half_away
from ..spec import Output, Reference, Secondary, Working, calculator, fmt

BaseExcess = q("mEq/L", analyte="bicarbonate", plausible=(-40, 30), units=("mEq/L", "mmol/L"))


class TASHInputs(Inputs):
    sex: Sex = Field(description="Sex: male scores 1.")
    hemoglobin: Hemoglobin = Field(description="Haemoglobin, g/dL ('98 g/L' with its unit): < 7 8, < 9 6, < 10 4, "
                                   "< 11 3, < 12 2.")
    base_excess: BaseExcess = Field(description="Base excess, mmol/L, negative for a deficit: < −10 4, < −6 3, < −2 1.")
    systolic_bp: BloodPressure = Field(description="Systolic blood pressure, mm Hg: < 100 4, < 120 1.")
    heart_rate: HeartRate = Field(description="Heart rate per minute; > 120 scores 2.")
    positive_fast: bool = Finding("Free intra-abdominal fluid on FAST: 3 points.")
    unstable_pelvic_fracture: bool = Finding("Clinically unstable pelvic fracture: 6 points.")
    open_or_dislocated_femur_fracture: bool = Finding("Open or dislocated femur fracture: 3 points.")


@calculator(
    id="tash-score",
    name="TASH Score (Trauma Associated Severe Hemorrhage)",
    aliases=("tash", "trauma-associated-severe-hemorrhage"),
    kind="score",
    specialty="emergency medicine",
    output=Output("points", "integer", 0, range=(0, 31), secondary=(  # the items below sum to at most 31
        Secondary("massive_transfusion_probability", "probability of massive transfusion, 1 / (1 + e^(4.9 − 0.3 × "
                  "TASH))", "%", "decimal", 1),)),
    inputs=TASHInputs,
    references=(
        Reference("Yücel N, Lefering R, Maegele M, et al. Trauma Associated Severe Hemorrhage (TASH)-Score: "
                  "probability of mass transfusion as surrogate for life threatening hemorrhage after multiple "
                  "trauma. J Trauma. 2006;60(6):1228-1236."),
        Reference("MDCalc. TASH Score (Trauma Associated Severe Hemorrhage)."),
    ),
    formula="Hb < 7 g/dL 8, < 9 6, < 10 4, < 11 3, < 12 2; base excess < −10 4, < −6 3, < −2 1; SBP < 100 4, < 120 1; "
    "HR > 120 2; positive FAST 3; unstable pelvic fracture 6; open or dislocated femur fracture 3; male 1. Total "
    "0-31; P(massive transfusion) = 1 / (1 + e^(4.9 − 0.3 × TASH)).",
    description="Early estimate, in the trauma bay, of the probability that a multiply injured patient will need "
    "massive transfusion (≥ 10 units of red cells), from seven routine findings and sex.",
    example={"sex": "male", "hemoglobin": 9.8, "base_excess": -11, "systolic_bp": 88, "heart_rate": 132,
             "positive_fast": True, "unstable_pelvic_fracture": True, "open_or_dislocated_femur_fracture": True},
)
def tash_score(x: TASHInputs, w: Working) -> int:
    hb = round_half_away(x.hemoglobin, 2)
    be = round_half_away(x.base_excess, 2)
    total = sum_points(w, (
        cut_offs(w, "haemoglobin", f"Hb {fmt(hb)} g/dL", hb, ((12, 0), (11, 2), (10, 3), (9, 4), (7, 6), (None, 8))),
        cut_offs(w, "base excess", f"BE {fmt(be)}", be, ((-2, 0), (-6, 1), (-10, 3), (None, 4))),
        cut_offs(w, "systolic BP", f"SBP {fmt(x.systolic_bp)}", x.systolic_bp, ((120, 0), (100, 1), (None, 4))),
        threshold(w, "heart rate > 120", f"HR {fmt(x.heart_rate)}", x.heart_rate, ">", 120, 2),
        finding(w, "positive FAST", x.positive_fast, 3),
        finding(w, "unstable pelvic fracture", x.unstable_pelvic_fracture, 6),
        finding(w, "open or dislocated femur fracture", x.open_or_dislocated_femur_fracture, 3),
        finding(w, "male sex", x.sex == "male", texts=("male", "female")),
    ))
    p = w.output("massive_transfusion_probability", w.step(
        "P(massive transfusion)", f"100 / (1 + e^(4.9 − 0.3 × {total}))", 100 / (1 + math.exp(4.9 - 0.3 * total)), "%"))
    w.interpretation = f"TASH {total}: {fmt(p, 1)}% probability of massive transfusion"
    return total
