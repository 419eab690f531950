"""HEART score for major adverse cardiac events in chest pain (Six 2008, Backus 2013)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import Field

from ..fields import Age, Finding, Inputs, choice
from ..points import category, cut_offs, sum_points
from ..spec import MedCalcBench, Output, Reference, Working, calculator, fmt

HISTORY_POINTS = {"slightly_suspicious": 0, "moderately_suspicious": 1, "highly_suspicious": 2}
History = choice(
    *HISTORY_POINTS,
    synonyms={"slightly suspicious": "slightly_suspicious", "slightly": "slightly_suspicious",
              "moderately suspicious": "moderately_suspicious", "moderately": "moderately_suspicious",
              "highly suspicious": "highly_suspicious", "highly": "highly_suspicious"},
)
ECG_POINTS = {"normal": 0, "nonspecific_repolarization": 1, "significant_st_deviation": 2}
ECG = choice(
    *ECG_POINTS,
    synonyms={"non-specific repolarization disturbance": "nonspecific_repolarization",
              "nonspecific repolarization disturbance": "nonspecific_repolarization",
              "non-specific repolarisation disturbance": "nonspecific_repolarization",
              "non-specific repolarization": "nonspecific_repolarization",
              "significant st deviation": "significant_st_deviation",
              "significant st-deviation": "significant_st_deviation"},
)
TROPONIN_POINTS = {"normal": 0, "1_to_3x": 1, "over_3x": 2}
TROPONIN_TEXT = {"normal": "≤ 1× normal limit", "1_to_3x": "1-3× normal limit", "over_3x": "> 3× normal limit"}
Troponin = choice(
    *TROPONIN_POINTS,
    synonyms={"less than or equal to normal limit": "normal", "<= normal limit": "normal",
              "≤ normal limit": "normal", "≤1x": "normal", "<=1x": "normal",
              "between the normal limit or up to three times the normal limit": "1_to_3x",
              "1-3x normal limit": "1_to_3x", "1-3x": "1_to_3x", "1-3 times normal limit": "1_to_3x",
              "greater than three times normal limit": "over_3x", ">3x normal limit": "over_3x",
              ">3x": "over_3x", "more than three times normal limit": "over_3x"},
)




class HEARTInputs(Inputs):
    history: History = Field(
        description="How suspicious the history is for acute coronary syndrome, by the clinician's judgement: "
        "slightly_suspicious (0), moderately_suspicious (1), highly_suspicious (2)."
    )
    ecg: ECG = Field(
        description="ECG: normal (0); nonspecific_repolarization (1: repolarisation disturbance without "
        "significant ST deviation, e.g. LBBB, LVH, paced rhythm, digoxin effect); significant_st_deviation "
        "(2: ST depression or elevation not explained by LBBB, LVH or digoxin)."
    )
    age: Age = Field(description="Age in years (< 45: 0, 45-64: 1, ≥ 65: 2); give the age, not a band.")
    troponin: Troponin = Field(
        description="Initial troponin as a multiple of the assay's normal limit (upper reference limit): "
        "normal (≤ 1×, 0), 1_to_3x (more than 1× up to 3×, 1), over_3x (> 3×, 2)."
    )
    hypertension: bool = Finding("Hypertension (a risk factor).")
    hypercholesterolemia: bool = Finding("Hypercholesterolaemia (a risk factor).")
    diabetes: bool = Finding("Diabetes mellitus (a risk factor).")
    obesity: bool = Finding("Obesity, BMI > 30 kg/m² (a risk factor).")
    smoking: bool = Finding("Smoking: current, or stopped within the last 3 months (a risk factor).")
    family_history: bool = Finding("Positive family history: parent or sibling with cardiovascular disease before age 65 (a risk factor).", whose="relative")
    atherosclerotic_disease: bool = Finding(
        "Known atherosclerotic disease: prior myocardial infarction, PCI or CABG, stroke or TIA, or peripheral "
        "arterial disease. Scores the risk-factor item 2 on its own.",
    )


def _adapt(raw: Mapping[str, Any], mapped: dict[str, Any]) -> dict[str, Any]:
    # A prior TIA is atherosclerotic disease in the HEART score.
    if raw.get("Transient Ischemic Attacks History"):
        mapped["atherosclerotic_disease"] = True
    return mapped


@calculator(
    id="heart-score",
    name="HEART Score for Major Cardiac Events",
    aliases=("heart", "heart-score-mace"),
    kind="score",
    specialty="cardiology",
    output=Output("points", "integer", 0, range=(0, 10)),
    inputs=HEARTInputs,
    references=(
        Reference(
            "Six AJ, Backus BE, Kelder JC. Chest pain in the emergency room: value of the HEART score. "
            "Neth Heart J. 2008;16(6):191-196.",
            "https://doi.org/10.1007/BF03086144",
        ),
        Reference(
            "Backus BE, Six AJ, Kelder JC, et al. A prospective validation of the HEART score for chest pain "
            "patients at the emergency department. Int J Cardiol. 2013;168(3):2153-2158.",
            "https://doi.org/10.1016/j.ijcard.2013.01.255",
        ),
        Reference(
            "MDCalc. HEART Score for Major Cardiac Events.",
            "https://www.mdcalc.com/calc/1752/heart-score-major-cardiac-events",
        ),
    ),
    formula=(
        "History: slightly 0, moderately 1, highly suspicious 2. ECG: normal 0, non-specific "
        "repolarisation disturbance 1, significant ST deviation 2. Age: < 45 0, 45-64 1, ≥ 65 2. Risk "
        "factors (hypertension, hypercholesterolaemia, diabetes, obesity BMI > 30, smoking, family "
        "history): none 0, 1-2 1, ≥ 3 or known atherosclerotic disease 2. Initial troponin: ≤ normal "
        "limit 0, 1-3× 1, > 3× 2. Total 0-3 low, 4-6 moderate, 7-10 high risk."
    ),
    description="Six-week risk of major adverse cardiac events in emergency patients with chest pain.",
    medcalc_bench=MedCalcBench(
        18,
        {
            "Suspicion History": "history",
            "Electrocardiogram Test": "ecg",
            "age": "age",
            "Initial troponin": "troponin",
            "Hypertension history": "hypertension",
            "hypercholesterolemia": "hypercholesterolemia",
            "Diabetes mellitus criteria for CCI rule": "diabetes",
            "obesity": "obesity",
            "smoking": "smoking",
            "parent or sibling with Cardiovascular disease before age 65": "family_history",
            "atherosclerotic disease": "atherosclerotic_disease",
            "Transient Ischemic Attacks History": None,
        },
        adapt=_adapt,
    ),
    example={
        "history": "moderately_suspicious", "ecg": "nonspecific_repolarization", "age": 58,
        "troponin": "normal", "hypertension": True, "hypercholesterolemia": True, "diabetes": False,
        "obesity": False, "smoking": False, "family_history": False, "atherosclerotic_disease": False,
    },
)
def heart_score(x: HEARTInputs, w: Working) -> int:
    history = category(w, "history", x.history, HISTORY_POINTS)
    ecg = category(w, "ECG", x.ecg, ECG_POINTS)
    age = cut_offs(w, "age", f"age {fmt(x.age)}", x.age, ((65, 2), (45, 1), (None, 0)))
    factors = [name for name, yes in (
        ("hypertension", x.hypertension), ("hypercholesterolaemia", x.hypercholesterolemia),
        ("diabetes", x.diabetes), ("obesity", x.obesity), ("smoking", x.smoking),
        ("family history", x.family_history)) if yes]
    listed = ", ".join(factors) if factors else "none"
    if x.atherosclerotic_disease:
        risk = w.step("risk factors", f"known atherosclerotic disease (risk factors: {listed})", 2, "points")
    elif len(factors) >= 3:
        risk = w.step("risk factors", f"{len(factors)} ≥ 3 risk factors ({listed})", 2, "points")
    elif factors:
        risk = w.step("risk factors", f"{len(factors)} risk factor(s) ({listed})", 1, "points")
    else:
        risk = w.step("risk factors", "no known risk factors", 0, "points")
    troponin = w.step("initial troponin", TROPONIN_TEXT[x.troponin], TROPONIN_POINTS[x.troponin], "points")
    total = sum_points(w, (history, ecg, age, risk, troponin))
    band = "low" if total <= 3 else "moderate" if total <= 6 else "high"
    w.interpretation = f"{band} risk of a major adverse cardiac event within 6 weeks (0-3 low, 4-6 moderate, 7-10 high)"
    return total
