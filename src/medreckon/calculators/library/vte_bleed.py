"""VTE-BLEED score: major bleeding on anticoagulation after venous thromboembolism (Klok 2016)."""

from __future__ import annotations

from pydantic import Field

from ..fields import Age, BloodPressure, Finding, Hemoglobin, Inputs, Sex, q
from ..points import finding, sum_points, threshold
from ..spec import Output, Reference, Secondary, Working, calculator, fmt

CreatinineClearance = q("mL/min", ge=0, lt=500, plausible=(5, 200), units=("mL/min",))
HIGH_RISK = 2.0  # points: ≥ 2 elevated bleeding risk
ANAEMIA = {"male": 13.0, "female": 12.0}  # g/dL: haemoglobin below this is anaemia
UNCONTROLLED_SBP = 140.0  # mm Hg at baseline
RENAL_BAND = (30.0, 60.0)  # mL/min, both ends included


class VTEBleedInputs(Inputs):
    age: Age = Field(description="Age in years; scores 1.5 from 60.")
    sex: Sex = Field(description="Sex: the hypertension item is for men; anaemia is Hb < 13 g/dL (men), < 12 (women).")
    active_cancer: bool = Finding("Active cancer: diagnosed or treated (surgery, chemotherapy, radiotherapy) in the "
                                  "last 6 months, or recurrent or metastatic.")
    systolic_bp: BloodPressure = Field(description="Systolic blood pressure at baseline, mm Hg; in a man ≥ 140 is "
                                       "uncontrolled hypertension (1 point).")
    hemoglobin: Hemoglobin = Field(description="Haemoglobin, g/dL by default (g/L or mmol/L with their unit).")
    prior_bleeding: bool = Finding("History of bleeding: prior major or clinically relevant non-major bleeding, "
                                   "rectal bleeding, frequent epistaxis or haematuria.")
    creatinine_clearance: CreatinineClearance = Field(description="Creatinine clearance (Cockcroft-Gault), mL/min; "
                                                      "30-60 scores 1.5.")


@calculator(
    id="vte-bleed",
    name="VTE-BLEED Score",
    aliases=("vte-bleed-score", "vtebleed"),
    kind="score",
    specialty="hematology",
    output=Output("points", "decimal", 1, range=(0, 9), secondary=(
        Secondary("risk", "bleeding risk: Low (< 2 points) or Elevated (≥ 2)", None, "text"),
    )),
    inputs=VTEBleedInputs,
    references=(
        Reference("Klok FA, Hösel V, Clemens A, et al. Prediction of bleeding events in patients with venous "
                  "thromboembolism on stable anticoagulation treatment. Eur Respir J. 2016;48(5):1369-1376.",
                  "https://doi.org/10.1183/13993003.00280-2016"),
        Reference("MDCalc: VTE-BLEED Score.", "https://www.mdcalc.com/calc/10167/vte-bleed-score"),
    ),
    formula="Active cancer 2; male with uncontrolled hypertension (SBP ≥ 140 mm Hg) 1; anaemia (Hb < 13 g/dL men, "
    "< 12 women) 1.5; history of bleeding 1.5; age ≥ 60 years 1.5; renal dysfunction (CrCl 30-60 mL/min) 1.5. "
    "≥ 2 points: elevated risk of major bleeding",
    description="Identifies patients on anticoagulation for venous thromboembolism at elevated risk of major "
    "bleeding after the first 30 days. Patients with CrCl below 30 mL/min were not studied.",
    example={"age": 72, "sex": "male", "active_cancer": False, "systolic_bp": 165, "hemoglobin": 11.2,
             "prior_bleeding": True, "creatinine_clearance": 54},
)
def vte_bleed(x: VTEBleedInputs, w: Working) -> float:
    cancer = finding(w, "active cancer", x.active_cancer, 2)
    hypertension = w.step("male with uncontrolled hypertension", f"{x.sex}, SBP {fmt(x.systolic_bp)} mm Hg",
                          1 if x.sex == "male" and round(x.systolic_bp, 6) >= UNCONTROLLED_SBP else 0, "points")
    anaemia = threshold(w, f"anaemia (Hb < {fmt(ANAEMIA[x.sex])} g/dL)", f"Hb {fmt(x.hemoglobin, 1)}",
                        round(x.hemoglobin, 6), "<", ANAEMIA[x.sex], 1.5, limit_unit=" g/dL")
    bleeding = finding(w, "history of bleeding", x.prior_bleeding, 1.5)
    age = threshold(w, "age ≥ 60", f"age {fmt(x.age)}", x.age, "≥", 60, 1.5)
    lo, hi = RENAL_BAND
    crcl = round(x.creatinine_clearance, 6)
    renal = w.step("renal dysfunction (CrCl 30-60 mL/min)", f"CrCl {fmt(crcl)} mL/min", 1.5 if lo <= crcl <= hi else 0.0,
                   "points")
    if crcl < lo:
        w.warn("creatinine clearance below 30 mL/min: such patients were not in the derivation cohort",
               "creatinine_clearance")
    total = sum_points(w, (cancer, hypertension, anaemia, bleeding, age, renal))
    risk = w.output("risk", "Elevated" if total >= HIGH_RISK else "Low")
    w.interpretation = f"{risk.lower()} bleeding risk ({'≥' if total >= HIGH_RISK else '<'} {fmt(HIGH_RISK)} points)"
    return total
