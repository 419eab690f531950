"""TIMI risk scores: for unstable angina/NSTEMI (Antman 2000) and for STEMI (Morrow 2000)."""

from __future__ import annotations

from pydantic import Field

from ..fields import Age, BloodPressure, Finding, HeartRate, Inputs, Weight, choice, q
from ..points import category, cut_offs, finding, sum_points, threshold
from ..spec import Output, Reference, Working, calculator, fmt

# ---------------------------------------------------------------- UA/NSTEMI

# 14-day all-cause death, new or recurrent MI, or severe recurrent ischaemia needing urgent
# revascularisation, by score (Antman 2000, TIMI 11B): 0-1, 2, 3, 4, 5, 6-7
NSTEMI_RISK = ("4.7%", "4.7%", "8.3%", "13.2%", "19.9%", "26.2%", "40.9%", "40.9%")

RISK_FACTORS = ("family_history_cad", "hypertension", "hypercholesterolemia", "diabetes", "current_smoker")


class TIMINSTEMIInputs(Inputs):
    age: Age = Field(description="Age in years; 65 or older scores 1.")
    family_history_cad: bool = Finding("Family history of premature coronary artery disease (a CAD risk factor).", whose="relative")
    hypertension: bool = Finding("Hypertension (a CAD risk factor).")
    hypercholesterolemia: bool = Finding("Hypercholesterolaemia (a CAD risk factor).")
    diabetes: bool = Finding("Diabetes mellitus (a CAD risk factor).")
    current_smoker: bool = Finding("Current smoker (a CAD risk factor); a former smoker is not.")
    known_cad: bool = Finding("Known coronary artery disease: a stenosis of 50% or more on prior angiography (1 point).")
    aspirin_past_7_days: bool = Finding("Aspirin taken in the past 7 days (1 point).", when="recent")
    severe_angina: bool = Finding("Severe angina: 2 or more anginal episodes in the past 24 hours (1 point).")
    st_deviation: bool = Finding("ST-segment deviation of 0.5 mm or more on the presenting ECG (1 point).")
    positive_cardiac_marker: bool = Finding("Elevated cardiac marker: troponin or CK-MB (1 point).")


@calculator(
    id="timi-ua-nstemi",
    name="TIMI Risk Score for UA/NSTEMI",
    aliases=("timi", "timi-nstemi", "timi-ua", "timi-nste-acs"),
    kind="score",
    specialty="cardiology",
    output=Output("points", "integer", 0, range=(0, 7)),
    inputs=TIMINSTEMIInputs,
    references=(
        Reference("Antman EM, Cohen M, Bernink PJ, et al. The TIMI risk score for unstable angina/non-ST elevation "
                  "MI: a method for prognostication and therapeutic decision making. JAMA. 2000;284(7):835-842.",
                  "https://doi.org/10.1001/jama.284.7.835"),
        Reference("MDCalc. TIMI Risk Score for UA/NSTEMI.",
                  "https://www.mdcalc.com/calc/111/timi-risk-score-ua-nstemi"),
    ),
    formula="1 point each: age ≥ 65; ≥ 3 CAD risk factors (family history of CAD, hypertension, "
    "hypercholesterolaemia, diabetes, current smoking); known CAD (stenosis ≥ 50%); aspirin in the past 7 days; "
    "≥ 2 anginal episodes in 24 h; ST deviation ≥ 0.5 mm; positive cardiac marker. Total 0-7. 14-day death, MI or "
    "urgent revascularisation: 0-1: 4.7%; 2: 8.3%; 3: 13.2%; 4: 19.9%; 5: 26.2%; 6-7: 40.9%.",
    description="Short-term risk of death or ischaemic events in unstable angina or non-ST-elevation myocardial "
    "infarction, to guide an early invasive strategy.",
    example={"age": 68, "family_history_cad": False, "hypertension": True, "hypercholesterolemia": True,
             "diabetes": True, "current_smoker": False, "known_cad": False, "aspirin_past_7_days": True,
             "severe_angina": False, "st_deviation": True, "positive_cardiac_marker": True},
)
def timi_ua_nstemi(x: TIMINSTEMIInputs, w: Working) -> int:
    age = threshold(w, "age ≥ 65", f"age {fmt(x.age)}", x.age, "≥", 65)
    present = [name.replace("_", " ") for name in RISK_FACTORS if getattr(x, name)]
    factors = w.step("≥ 3 CAD risk factors", f"{len(present)} ({', '.join(present) or 'none'})",
                     int(len(present) >= 3), "points")
    cad = finding(w, "known CAD (stenosis ≥ 50%)", x.known_cad)
    asa = finding(w, "aspirin in the past 7 days", x.aspirin_past_7_days)
    angina = finding(w, "severe angina (≥ 2 episodes in 24 h)", x.severe_angina)
    st = finding(w, "ST deviation ≥ 0.5 mm", x.st_deviation)
    marker = finding(w, "positive cardiac marker", x.positive_cardiac_marker)
    total = sum_points(w, (age, factors, cad, asa, angina, st, marker))
    w.interpretation = (f"{NSTEMI_RISK[total]} risk of all-cause death, new or recurrent MI, or severe recurrent "
                        "ischaemia requiring urgent revascularisation at 14 days (Antman 2000)")
    return total


# ---------------------------------------------------------------- STEMI

# 30-day mortality by score (Morrow 2000, InTIME II): 0..8, then > 8
STEMI_MORTALITY = ("0.8%", "1.6%", "2.2%", "4.4%", "7.3%", "12.4%", "16.1%", "23.4%", "26.8%")

Killip = choice("I", "II", "III", "IV", synonyms={"1": "I", "2": "II", "3": "III", "4": "IV",
                                                  "class i": "I", "class ii": "II", "class iii": "III",
                                                  "class iv": "IV"})
KILLIP_DESCRIPTION = ("Killip class at presentation: I no heart failure; II rales or crackles, S3 or raised JVP; "
                      "III frank pulmonary oedema; IV cardiogenic shock.")


class TIMISTEMIInputs(Inputs):
    age: Age = Field(description="Age in years: 65-74 scores 2, 75 or older 3.")
    diabetes_hypertension_or_angina: bool = Finding(
        "History of diabetes, hypertension or angina (any one of them: 1 point, not one per condition)."
    )
    systolic_bp: BloodPressure = Field(description="Systolic blood pressure at presentation; below 100 mmHg scores 3.")
    heart_rate: HeartRate = Field(description="Heart rate at presentation; above 100 /min scores 2.")
    killip_class: Killip = Field(description=KILLIP_DESCRIPTION + " II to IV score 2.")
    weight: Weight = Field(description="Body weight; under 67 kg (about 150 lb) scores 1.")
    anterior_ste_or_lbbb: bool = Finding("Anterior ST elevation or left bundle branch block (1 point).")
    time_to_treatment: q("h", gt=0, plausible=(0.1, 72), units=("h", "min")) = Field(
        description="Time from symptom onset to reperfusion treatment, in hours ('90 min' is accepted); more than "
        "4 hours scores 1."
    )


@calculator(
    id="timi-stemi",
    name="TIMI Risk Score for STEMI",
    aliases=("timi-st-elevation-mi", "timi-risk-stemi"),
    kind="score",
    specialty="cardiology",
    output=Output("points", "integer", 0, range=(0, 14)),
    inputs=TIMISTEMIInputs,
    references=(
        Reference("Morrow DA, Antman EM, Charlesworth A, et al. TIMI risk score for ST-elevation myocardial "
                  "infarction: a convenient, bedside, clinical score for risk assessment at presentation. "
                  "Circulation. 2000;102(17):2031-2037.", "https://doi.org/10.1161/01.CIR.102.17.2031"),
        Reference("MDCalc. TIMI Risk Score for STEMI.", "https://www.mdcalc.com/calc/99/timi-risk-score-stemi"),
    ),
    formula="Age 65-74: 2, ≥ 75: 3; diabetes, hypertension or angina: 1; systolic BP < 100 mmHg: 3; heart rate "
    "> 100 /min: 2; Killip class II-IV: 2; weight < 67 kg: 1; anterior ST elevation or LBBB: 1; time to treatment "
    "> 4 h: 1. Total 0-14. 30-day mortality: 0: 0.8%; 1: 1.6%; 2: 2.2%; 3: 4.4%; 4: 7.3%; 5: 12.4%; 6: 16.1%; "
    "7: 23.4%; 8: 26.8%; > 8: 35.9%.",
    description="30-day mortality at presentation with ST-elevation myocardial infarction (derived in patients "
    "eligible for fibrinolysis).",
    example={"age": 70, "diabetes_hypertension_or_angina": True, "systolic_bp": 110, "heart_rate": 105,
             "killip_class": "II", "weight": 80, "anterior_ste_or_lbbb": True, "time_to_treatment": "3 h"},
)
def timi_stemi(x: TIMISTEMIInputs, w: Working) -> int:
    age = cut_offs(w, "age", f"age {fmt(x.age)}", x.age, ((75, 3), (65, 2), (None, 0)))
    history = finding(w, "diabetes, hypertension or angina", x.diabetes_hypertension_or_angina)
    sbp = threshold(w, "systolic BP < 100 mmHg", f"SBP {fmt(x.systolic_bp)}", x.systolic_bp, "<", 100, 3)
    hr = threshold(w, "heart rate > 100 /min", f"HR {fmt(x.heart_rate)}", x.heart_rate, ">", 100, 2)
    killip = category(w, "Killip class II-IV", x.killip_class, {"I": 0, "II": 2, "III": 2, "IV": 2})
    weight = threshold(w, "weight < 67 kg", f"{fmt(x.weight)} kg", x.weight, "<", 67)
    anterior = finding(w, "anterior ST elevation or LBBB", x.anterior_ste_or_lbbb)
    delay = threshold(w, "time to treatment > 4 h", f"{fmt(x.time_to_treatment, 2)} h", x.time_to_treatment, ">", 4)
    total = sum_points(w, (age, history, sbp, hr, killip, weight, anterior, delay))
    mortality = STEMI_MORTALITY[total] if total <= 8 else "35.9%"
    w.interpretation = f"{mortality} 30-day mortality (Morrow 2000)"
    return total


