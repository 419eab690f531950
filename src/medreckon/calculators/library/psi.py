"""Pneumonia Severity Index (PSI/PORT score, Fine 1997), as MDCalc states it."""

from __future__ import annotations

import math

from pydantic import Field

from ..fields import (
    BUN,
    Age,
    ArterialPH,
    BloodPressure,
    Finding,
    Glucose,
    HeartRate,
    Hematocrit,
    Inputs,
    PaO2,
    Percent,
    RespiratoryRate,
    Sex,
    Sodium,
    Temperature,
)
from ..points import finding, sum_points
from ..spec import MedCalcBench, Output, Reference, Working, calculator, fmt


class PSIInputs(Inputs):
    age: Age = Field(description="Age in years; it is itself the demographic points (women: age − 10).")
    sex: Sex = Field(description="Sex; women score age − 10.")
    nursing_home_resident: bool = Finding("Resident of a nursing home or long-term care facility (+10).")
    neoplastic_disease: bool = Finding(
        "Neoplastic disease (+30): any cancer except basal or squamous cell skin cancer that was active at "
        "presentation or diagnosed within the past year.", when="recent",
    )
    liver_disease: bool = Finding("Liver disease (+20): clinical or histological cirrhosis, or other chronic liver "
                                  "disease such as chronic active hepatitis.")
    congestive_heart_failure: bool = Finding(
        "Congestive heart failure (+10): systolic or ventricular dysfunction documented by history, exam, chest "
        "film, echocardiogram, MUGA or ventriculogram.",
    )
    cerebrovascular_disease: bool = Finding(
        "Cerebrovascular disease (+10): clinical stroke or TIA, or stroke on CT or MRI.",
    )
    renal_disease: bool = Finding("Renal disease (+10): history of chronic renal disease, or abnormal BUN and "
                                  "creatinine documented in the record.")
    altered_mental_status: bool = Finding(
        "Altered mental status (+20): disorientation to person, place or time not known to be chronic, stupor "
        "or coma.",
    )
    respiratory_rate: RespiratoryRate = Field(description="Respiratory rate, breaths per minute (≥ 30: +20).")
    systolic_bp: BloodPressure = Field(description="Systolic blood pressure, mm Hg (< 90: +20).")
    temperature: Temperature = Field(
        description="Temperature, °C by default (< 35 or ≥ 40 °C: +15); a Fahrenheit value must carry its unit "
        "('103 degF')."
    )
    heart_rate: HeartRate = Field(description="Pulse, beats per minute (≥ 125: +10).")
    arterial_ph: ArterialPH | None = Field(
        None, description="Arterial pH (< 7.35: +30). Not drawn: assumed normal, as in the derivation."
    )
    bun: BUN | None = Field(
        None, description="Blood urea nitrogen, mg/dL by default (≥ 30 mg/dL = 10.7 mmol/L: +20); urea in mmol/L "
        "must carry its unit. Not drawn: assumed normal."
    )
    sodium: Sodium | None = Field(None, description="Serum sodium, mEq/L (< 130: +20). Not drawn: assumed normal.")
    glucose: Glucose | None = Field(
        None, description="Serum glucose, mg/dL by default (≥ 250 mg/dL = 13.9 mmol/L: +10); mmol/L must carry "
        "its unit. Not drawn: assumed normal."
    )
    hematocrit: Hematocrit | None = Field(
        None, description="Hematocrit in % (< 30: +10). Not drawn: assumed normal."
    )
    pao2: PaO2 | None = Field(
        None, description="Arterial PaO2, mm Hg (< 60: +10). Hypoxaemia may instead be shown by oxygen_saturation "
        "< 90%. Neither given: assumed normal."
    )
    oxygen_saturation: Percent | None = Field(
        None, description="Arterial or pulse-oximetry O2 saturation in % (< 90%: +10, the same criterion as PaO2 "
        "< 60)."
    )
    pleural_effusion: bool = Finding("Pleural effusion on chest x-ray (+10).")


@calculator(
    id="psi",
    name="PSI/PORT Score: Pneumonia Severity Index for CAP",
    aliases=("port-score", "pneumonia-severity-index", "psi-port"),
    kind="score",
    specialty="pulmonology",
    output=Output("points", "integer", 0, range=(0, 400)),
    inputs=PSIInputs,
    references=(
        Reference(
            "Fine MJ, Auble TE, Yealy DM, et al. A prediction rule to identify low-risk patients with "
            "community-acquired pneumonia. N Engl J Med. 1997;336(4):243-250.",
            "https://doi.org/10.1056/NEJM199701233360402",
        ),
        Reference("MDCalc. PSI/PORT Score: Pneumonia Severity Index for CAP.",
                  "https://www.mdcalc.com/calc/33/psi-port-score-pneumonia-severity-index-cap"),
    ),
    formula=(
        "Age in years (women: age − 10); nursing home resident +10; neoplastic disease +30; liver disease +20; "
        "congestive heart failure +10; cerebrovascular disease +10; renal disease +10; altered mental status "
        "+20; respiratory rate ≥ 30/min +20; systolic BP < 90 mm Hg +20; temperature < 35 °C or ≥ 40 °C +15; "
        "pulse ≥ 125/min +10; arterial pH < 7.35 +30; BUN ≥ 30 mg/dL (10.7 mmol/L) +20; sodium < 130 mEq/L "
        "+20; glucose ≥ 250 mg/dL (13.9 mmol/L) +10; hematocrit < 30% +10; PaO2 < 60 mm Hg or SaO2 < 90% +10; "
        "pleural effusion +10. Class I: age ≤ 50 with none of the comorbidities and none of the exam findings "
        "(mental status, pulse, respiratory rate, blood pressure, temperature); otherwise class II ≤ 70, "
        "III 71-90, IV 91-130, V > 130 points."
    ),
    description="Risk class of 30-day mortality in community-acquired pneumonia, used to decide outpatient "
    "versus inpatient care. Laboratory values not drawn count as normal.",
    medcalc_bench=MedCalcBench(
        29,
        {
            "age": "age",
            "sex": "sex",
            "Nursing home resident": "nursing_home_resident",
            "Neoplastic disease": "neoplastic_disease",
            "Liver disease severity": "liver_disease",
            "Congestive Heart Faliure": "congestive_heart_failure",
            "Cerebrovascular disease history": "cerebrovascular_disease",
            "Renal disease": "renal_disease",
            "Altered mental status": "altered_mental_status",
            "respiratory rate": "respiratory_rate",
            "Systolic Blood Pressure": "systolic_bp",
            "Temperature": "temperature",
            "Heart Rate or Pulse": "heart_rate",
            "pH": "arterial_ph",
            "Blood Urea Nitrogen (BUN)": "bun",
            "Sodium": "sodium",
            "Glucose": "glucose",
            "Hematocrit": "hematocrit",
            "Partial pressure of oxygen (PaO₂) for Apache II": "pao2",
            "Pleural effusion on x-ray": "pleural_effusion",
        },
    ),
    example={
        "age": 72, "sex": "female", "nursing_home_resident": False, "neoplastic_disease": False,
        "liver_disease": False, "congestive_heart_failure": True, "cerebrovascular_disease": False,
        "renal_disease": False, "altered_mental_status": False, "respiratory_rate": 24, "systolic_bp": 112,
        "temperature": 38.4, "heart_rate": 104, "arterial_ph": 7.38, "bun": 26, "sodium": 134, "glucose": 142,
        "hematocrit": 36, "oxygen_saturation": 91, "pleural_effusion": True,
    },
)
def psi(x: PSIInputs, w: Working) -> int:
    years = math.floor(x.age)
    if x.sex == "female":
        age = w.step("age (female: age − 10)", f"{years} − 10", years - 10, "points")
    else:
        age = w.step("age (male: age)", f"{years}", years, "points")
    nursing = finding(w, "nursing home resident", x.nursing_home_resident, 10)
    history = [
        finding(w, "neoplastic disease", x.neoplastic_disease, 30),
        finding(w, "liver disease", x.liver_disease, 20),
        finding(w, "congestive heart failure", x.congestive_heart_failure, 10),
        finding(w, "cerebrovascular disease", x.cerebrovascular_disease, 10),
        finding(w, "renal disease", x.renal_disease, 10),
    ]
    exam = [
        finding(w, "altered mental status", x.altered_mental_status, 20),
        _yes_no(w, "respiratory rate ≥ 30", x.respiratory_rate >= 30, f"{fmt(x.respiratory_rate)} /min", 20),
        _yes_no(w, "systolic BP < 90", x.systolic_bp < 90, f"{fmt(x.systolic_bp)} mm Hg", 20),
        _yes_no(w, "temperature < 35 or ≥ 40 °C", x.temperature < 35 or x.temperature >= 40,
                   f"{fmt(x.temperature)} °C", 15),
        _yes_no(w, "pulse ≥ 125", x.heart_rate >= 125, f"{fmt(x.heart_rate)} /min", 10),
    ]
    labs = [
        _lab(w, "arterial pH < 7.35", "arterial_ph", x.arterial_ph, lambda v: v < 7.35, "", 30),
        _lab(w, "BUN ≥ 30 mg/dL", "bun", x.bun, lambda v: v >= 30, "mg/dL", 20),
        _lab(w, "sodium < 130", "sodium", x.sodium, lambda v: v < 130, "mEq/L", 20),
        _lab(w, "glucose ≥ 250 mg/dL", "glucose", x.glucose, lambda v: v >= 250, "mg/dL", 10),
        _lab(w, "hematocrit < 30%", "hematocrit", x.hematocrit, lambda v: v < 30, "%", 10),
        _hypoxaemia(x, w),
        finding(w, "pleural effusion on x-ray", x.pleural_effusion, 10),
    ]
    parts = [age, nursing, *history, *exam, *labs]
    total = sum_points(w, parts)
    step_one = years <= 50 and not any(history) and not any(exam)
    w.interpretation = _risk_class(total, step_one)
    return total


def _yes_no(w: Working, what: str, met: bool, value: str, points: int) -> int:
    """A measured criterion in PSI's wording: '24 /min: no'."""
    return w.step(what, f"{value}: {'yes' if met else 'no'}", points if met else 0, "points")


def _lab(w: Working, what: str, field: str, value: float | None, met, unit: str, points: int) -> int:
    if value is None:
        w.warn(f"{field} not given; assumed normal", field, "assumed_default")
        return w.step(what, "not drawn: assumed normal", 0, "points")
    shown = f"{fmt(value)} {unit}".strip()
    return _yes_no(w, what, met(value), shown, points)


def _hypoxaemia(x: PSIInputs, w: Working) -> int:
    what = "PaO2 < 60 mm Hg or SaO2 < 90%"
    if x.pao2 is None and x.oxygen_saturation is None:
        w.warn("pao2 not given; assumed normal", "pao2", "assumed_default")
        return w.step(what, "not measured: assumed normal", 0, "points")
    evidence = []
    if x.pao2 is not None:
        evidence.append((f"PaO2 {fmt(x.pao2)} mm Hg", x.pao2 < 60))
    if x.oxygen_saturation is not None:
        evidence.append((f"SaO2 {fmt(x.oxygen_saturation)}%", x.oxygen_saturation < 90))
    met = any(low for _, low in evidence)
    return w.step(what, ", ".join(e for e, _ in evidence) + f": {'yes' if met else 'no'}", 10 if met else 0, "points")


def _risk_class(total: int, step_one: bool) -> str:
    if step_one:
        return ("class I (age ≤ 50, no comorbidity or exam finding of the first step): outpatient care; "
                f"the point total {total} is not used for class I")
    if total <= 70:
        return "class II (≤ 70 points): outpatient care"
    if total <= 90:
        return "class III (71-90 points): outpatient care or brief observation"
    if total <= 130:
        return "class IV (91-130 points): inpatient care"
    return "class V (> 130 points): inpatient care"
