"""Charlson Comorbidity Index with age points (Charlson 1987), as MDCalc states it."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from pydantic import Field

from ..fields import Age, Finding, Inputs, choice
from ..points import any_of, banded, category, finding, sum_points
from ..spec import MedCalcBench, Output, Reference, Working, calculator

LIVER_DISEASE_POINTS = {"none": 0, "mild": 1, "moderate_to_severe": 3}
LiverDisease = choice(
    *LIVER_DISEASE_POINTS,
    synonyms={
        "no": "none", "absent": "none", "chronic hepatitis": "mild", "cirrhosis without portal hypertension": "mild",
        "moderate": "moderate_to_severe", "severe": "moderate_to_severe", "moderate to severe": "moderate_to_severe",
        "moderate-to-severe": "moderate_to_severe", "moderate or severe": "moderate_to_severe",
    },
)
DIABETES_POINTS = {"none": 0, "uncomplicated": 1, "end_organ_damage": 2}
Diabetes = choice(
    *DIABETES_POINTS,
    synonyms={
        "no": "none", "absent": "none", "none or diet-controlled": "none", "none or diet controlled": "none",
        "diet-controlled": "none", "diet controlled": "none", "end-organ damage": "end_organ_damage",
        "end organ damage": "end_organ_damage", "complicated": "end_organ_damage",
    },
)
SOLID_TUMOR_POINTS = {"none": 0, "localized": 2, "metastatic": 6}  # not additive: metastatic scores 6
SolidTumor = choice(
    *SOLID_TUMOR_POINTS,
    synonyms={"no": "none", "absent": "none", "localised": "localized", "local": "localized",
              "metastases": "metastatic", "metastasis": "metastatic"},
)



class CharlsonInputs(Inputs):
    age: Age = Field(description="Age in years (< 50: 0, 50-59: 1, 60-69: 2, 70-79: 3, ≥ 80: 4 points).")
    myocardial_infarction: bool = Finding("History of definite or probable myocardial infarction (ECG changes and/or "
                                          "enzyme changes), not ECG changes alone (+1).")
    congestive_heart_failure: bool = Finding(
        "Congestive heart failure: exertional or paroxysmal nocturnal dyspnoea that responded to digitalis, "
        "diuretics or afterload reduction (+1).",
    )
    peripheral_vascular_disease: bool = Finding(
        "Peripheral vascular disease: intermittent claudication, past bypass for arterial insufficiency, "
        "gangrene or acute arterial insufficiency, or untreated thoracic or abdominal aortic aneurysm ≥ 6 cm (+1).",
    )
    stroke: bool = Finding("History of cerebrovascular accident with mild or no residua (+1 with TIA, one criterion); "
                           "a stroke with hemiplegia also scores hemiplegia.")
    transient_ischemic_attack: bool = Finding("History of transient ischaemic attack (+1 with stroke, one criterion).")
    dementia: bool = Finding("Dementia: chronic cognitive deficit (+1).")
    chronic_pulmonary_disease: bool = Finding("Chronic pulmonary disease, e.g. COPD or asthma with symptoms (+1).")
    connective_tissue_disease: bool = Finding(
        "Connective tissue disease: SLE, polymyositis, mixed connective tissue disease, polymyalgia rheumatica, "
        "moderate to severe rheumatoid arthritis (+1).",
    )
    peptic_ulcer_disease: bool = Finding("Peptic ulcer disease: any history of treatment for ulcer disease or ulcer "
                                         "bleeding (+1).")
    liver_disease: LiverDisease = Field(
        "none",
        description="Liver disease: 'none'; 'mild' (chronic hepatitis, or cirrhosis without portal hypertension, "
        "+1); 'moderate_to_severe' (cirrhosis with portal hypertension, with or without variceal bleeding, +3).",
    )
    diabetes: Diabetes = Field(
        "none",
        description="Diabetes mellitus: 'none' (including diet-controlled, 0); 'uncomplicated' (on medication, "
        "+1); 'end_organ_damage' (retinopathy, nephropathy or neuropathy, +2).",
    )
    hemiplegia: bool = Finding("Hemiplegia or paraplegia, from stroke or any other cause (+2).")
    moderate_to_severe_ckd: bool = Finding(
        "Moderate to severe chronic kidney disease: creatinine > 3 mg/dL, on dialysis, after kidney transplant, "
        "or uraemia (+2).",
    )
    solid_tumor: SolidTumor = Field(
        "none",
        description="Solid tumour (excluding skin cancers other than melanoma) in the last 5 years: 'none'; "
        "'localized' (+2); 'metastatic' (+6). Not additive: a metastatic tumour scores 6, not 8.",
    )
    leukemia: bool = Finding("Leukaemia, acute or chronic (+2).")
    lymphoma: bool = Finding("Lymphoma, including myeloma (+2).")
    aids: bool = Finding("AIDS: HIV with an AIDS-defining illness, not HIV infection alone (+6).")


def _adapt(raw: Mapping[str, Any], mapped: dict[str, Any]) -> dict[str, Any]:
    """MedCalc-Bench writes some enumerations as booleans: 'Solid tumor' True or False, 'Moderate to severe
    Chronic Kidney Disease' 'Severe', 'Liver disease severity' False."""
    out = dict(mapped)
    tumor = raw.get("Solid tumor")
    if tumor is True:
        out["solid_tumor"] = "localized"  # no statement of metastasis: the non-metastatic category
    elif tumor is False:
        out["solid_tumor"] = "none"
    elif tumor is not None:
        out["solid_tumor"] = tumor
    ckd = raw.get("Moderate to severe Chronic Kidney Disease")
    if isinstance(ckd, str):
        out["moderate_to_severe_ckd"] = ckd.strip().lower() in ("moderate", "severe", "moderate to severe", "yes")
    elif ckd is not None:
        out["moderate_to_severe_ckd"] = ckd
    liver = raw.get("Liver disease severity")
    if liver is False:
        out["liver_disease"] = "none"
    elif liver is not None:
        out["liver_disease"] = liver
    return out


@calculator(
    id="charlson",
    name="Charlson Comorbidity Index (CCI)",
    aliases=("cci", "charlson-comorbidity-index"),
    kind="score",
    specialty="internal medicine",
    output=Output("points", "integer", 0, range=(0, 37)),
    inputs=CharlsonInputs,
    references=(
        Reference(
            "Charlson ME, Pompei P, Ales KL, MacKenzie CR. A new method of classifying prognostic comorbidity in "
            "longitudinal studies: development and validation. J Chronic Dis. 1987;40(5):373-383.",
            "https://doi.org/10.1016/0021-9681(87)90171-8",
        ),
        Reference(
            "Charlson M, Szatrowski TP, Peterson J, Gold J. Validation of a combined comorbidity index. J Clin "
            "Epidemiol. 1994;47(11):1245-1251 (age points).",
            "https://doi.org/10.1016/0895-4356(94)90129-5",
        ),
        Reference("MDCalc. Charlson Comorbidity Index (CCI).",
                  "https://www.mdcalc.com/calc/3917/charlson-comorbidity-index-cci"),
    ),
    formula=(
        "Age < 50 0, 50-59 +1, 60-69 +2, 70-79 +3, ≥ 80 +4. +1 each: myocardial infarction, congestive heart "
        "failure, peripheral vascular disease, cerebrovascular accident or TIA, dementia, chronic pulmonary "
        "disease, connective tissue disease, peptic ulcer disease. Liver disease mild +1, moderate to severe "
        "+3. Diabetes uncomplicated +1, with end-organ damage +2 (none or diet-controlled 0). +2 each: "
        "hemiplegia, moderate to severe CKD, leukemia, lymphoma. Solid tumor localized +2, metastatic +6. "
        "AIDS +6. Estimated 10-year survival = 0.983^(e^(0.9 × CCI))."
    ),
    description="Comorbidity burden predicting 10-year mortality.",
    medcalc_bench=MedCalcBench(
        32,
        {
            "age": "age",
            "Myocardial infarction": "myocardial_infarction",
            "Congestive Heart Faliure": "congestive_heart_failure",
            "Peripheral vascular disease": "peripheral_vascular_disease",
            "Cerebrovascular Accident": "stroke",
            "Transient Ischemic Attacks History": "transient_ischemic_attack",
            "Dementia": "dementia",
            "Chronic Obstructive Pulmonary Disease": "chronic_pulmonary_disease",
            "Connective tissue disease": "connective_tissue_disease",
            "Peptic ulcer disease": "peptic_ulcer_disease",
            "Liver disease severity": None,
            "Diabetes mellitus criteria for CCI rule": "diabetes",
            "Hemiplegia": "hemiplegia",
            "Moderate to severe Chronic Kidney Disease": None,
            "Solid tumor": None,
            "Leukemia": "leukemia",
            "Lymphoma": "lymphoma",
            "AIDS": "aids",
        },
        adapt=_adapt,
    ),
    example={
        "age": 66, "myocardial_infarction": True, "diabetes": "uncomplicated",
        "congestive_heart_failure": False, "peripheral_vascular_disease": False, "stroke": False,
        "transient_ischemic_attack": False, "dementia": False, "chronic_pulmonary_disease": False,
        "connective_tissue_disease": False, "peptic_ulcer_disease": False, "liver_disease": "none",
        "hemiplegia": False, "moderate_to_severe_ckd": False, "solid_tumor": "none", "leukemia": False,
        "lymphoma": False, "aids": False,
    },
)
def charlson(x: CharlsonInputs, w: Working) -> int:
    age = banded(w, "age", x.age, "years", ((80, 4), (70, 3), (60, 2), (50, 1), (None, 0)))
    mi = finding(w, "myocardial infarction", x.myocardial_infarction, 1)
    chf = finding(w, "congestive heart failure", x.congestive_heart_failure, 1)
    pvd = finding(w, "peripheral vascular disease", x.peripheral_vascular_disease, 1)
    cvd = any_of(w, "cerebrovascular accident or TIA", (("CVA", x.stroke), ("TIA", x.transient_ischemic_attack)),
                 none="absent")
    dementia = finding(w, "dementia", x.dementia, 1)
    lung = finding(w, "chronic pulmonary disease", x.chronic_pulmonary_disease, 1)
    ctd = finding(w, "connective tissue disease", x.connective_tissue_disease, 1)
    pud = finding(w, "peptic ulcer disease", x.peptic_ulcer_disease, 1)
    liver = category(w, "liver disease", x.liver_disease, LIVER_DISEASE_POINTS)
    dm = category(w, "diabetes mellitus", x.diabetes, DIABETES_POINTS)
    hemi = finding(w, "hemiplegia", x.hemiplegia, 2)
    ckd = finding(w, "moderate to severe CKD", x.moderate_to_severe_ckd, 2)
    tumor = category(w, "solid tumor", x.solid_tumor, SOLID_TUMOR_POINTS)
    leuk = finding(w, "leukemia", x.leukemia, 2)
    lymph = finding(w, "lymphoma", x.lymphoma, 2)
    aids = finding(w, "AIDS", x.aids, 6)
    parts = (age, mi, chf, pvd, cvd, dementia, lung, ctd, pud, liver, dm, hemi, ckd, tumor, leuk, lymph, aids)
    total = sum_points(w, parts)
    survival = w.step("estimated 10-year survival", f"0.983^(e^(0.9 × {total}))",
                      0.983 ** math.exp(0.9 * total), "1")
    percent = 100 * survival
    shown = f"{percent:.1f}%" if percent >= 0.05 else "< 0.1%"
    w.interpretation = f"CCI {total}: estimated 10-year survival {shown}"
    return total
