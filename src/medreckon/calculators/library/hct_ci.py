"""Hematopoietic Cell Transplantation-specific Comorbidity Index (HCT-CI; Sorror 2005)."""

from __future__ import annotations

from pydantic import Field

from ..fields import BMI, Finding, Inputs, choice
from ..points import category, finding, sum_points, threshold
from ..spec import Output, Reference, Secondary, Working, calculator, fmt

HEPATIC = {"none": 0, "mild": 1, "moderate_severe": 3}
PULMONARY = {"none_or_mild": 0, "moderate": 2, "severe": 3}
ONE_POINT = ("arrhythmia", "cardiac_disease", "inflammatory_bowel_disease", "diabetes", "cerebrovascular_disease",
             "psychiatric_disturbance", "infection")
TWO_POINTS = ("rheumatologic_disease", "peptic_ulcer", "renal_dysfunction")
THREE_POINTS = ("prior_solid_tumor", "heart_valve_disease")


class HCTCIInputs(Inputs):
    arrhythmia: bool = Finding("Arrhythmia: atrial fibrillation or flutter, sick sinus syndrome or ventricular "
                               "arrhythmia, ever (1).")
    cardiac_disease: bool = Finding("Coronary artery disease, congestive heart failure, myocardial infarction, or "
                                    "ejection fraction ≤ 50% (1).")
    inflammatory_bowel_disease: bool = Finding("Crohn's disease or ulcerative colitis (1).")
    diabetes: bool = Finding("Diabetes treated with insulin or oral hypoglycaemics (1).")
    cerebrovascular_disease: bool = Finding("Transient ischaemic attack or cerebrovascular accident (1).")
    psychiatric_disturbance: bool = Finding("Depression or anxiety needing psychiatric consultation or treatment (1).")
    hepatic: choice(*HEPATIC) = Field(description="'none'; 'mild' (chronic hepatitis, bilirubin > ULN to 1.5 × ULN, or "
                                      "AST/ALT > ULN to 2.5 × ULN, 1); 'moderate_severe' (cirrhosis, bilirubin > 1.5 × "
                                      "ULN, or AST/ALT > 2.5 × ULN, 3).")
    bmi: BMI = Field(description="Body mass index, kg/m²; above 35 (obesity) scores 1.")
    infection: bool = Finding("Infection needing antimicrobial treatment continued after day 0 (1).")
    rheumatologic_disease: bool = Finding("SLE, rheumatoid arthritis, polymyositis, mixed connective tissue disease "
                                          "or polymyalgia rheumatica (2).")
    peptic_ulcer: bool = Finding("Peptic ulcer needing treatment (2).")
    renal_dysfunction: bool = Finding("Moderate or severe renal dysfunction: creatinine > 2 mg/dL, dialysis, or prior "
                                      "renal transplantation (2).")
    pulmonary: choice(*PULMONARY) = Field(description="'none_or_mild'; 'moderate' (DLco and/or FEV1 66-80%, or "
                                          "dyspnoea on slight activity, 2); 'severe' (DLco and/or FEV1 ≤ 65%, dyspnoea "
                                          "at rest, or needing oxygen, 3).")
    prior_solid_tumor: bool = Finding("Prior solid tumour treated at any time, excluding non-melanoma skin cancer "
                                      "(3).", when="past")
    heart_valve_disease: bool = Finding("Heart valve disease other than mitral valve prolapse (3).")


@calculator(
    id="hct-ci",
    name="Hematopoietic Cell Transplantation-specific Comorbidity Index (HCT-CI)",
    aliases=("hctci", "hct-comorbidity-index", "sorror-index"),
    kind="score",
    specialty="hematology",
    output=Output("points", "integer", 0, range=(0, 29), secondary=(
        Secondary("risk_group", "low 0, intermediate 1-2, high ≥ 3", None, "text"),
    )),
    inputs=HCTCIInputs,
    references=(
        Reference("Sorror ML, Maris MB, Storb R, et al. Hematopoietic cell transplantation (HCT)-specific comorbidity "
                  "index: a new tool for risk assessment before allogeneic HCT. Blood. 2005;106(8):2912-2919.",
                  "https://doi.org/10.1182/blood-2005-05-2004"),
    ),
    formula="1 point: arrhythmia, cardiac disease, inflammatory bowel disease, diabetes, cerebrovascular disease, "
    "psychiatric disturbance, mild hepatic disease, obesity (BMI > 35), infection. 2 points: rheumatologic disease, "
    "peptic ulcer, moderate/severe renal disease, moderate pulmonary disease. 3 points: prior solid tumour, heart "
    "valve disease, severe pulmonary disease, moderate/severe hepatic disease. 0 low, 1-2 intermediate, ≥ 3 high risk.",
    description="Comorbidity burden before haematopoietic cell transplantation, predicting non-relapse mortality and "
    "survival.",
    example={"diabetes": True, "hepatic": "none", "bmi": 27.5, "pulmonary": "none_or_mild"},
)
def hct_ci(x: HCTCIInputs, w: Working) -> int:
    total = sum_points(w, (
        *(finding(w, n.replace("_", " "), getattr(x, n)) for n in ONE_POINT),
        category(w, "hepatic", x.hepatic, HEPATIC),
        threshold(w, "obesity (BMI > 35)", f"BMI {fmt(x.bmi)}", x.bmi, ">", 35),
        *(finding(w, n.replace("_", " "), getattr(x, n), 2) for n in TWO_POINTS),
        category(w, "pulmonary", x.pulmonary, PULMONARY),
        *(finding(w, n.replace("_", " "), getattr(x, n), 3) for n in THREE_POINTS),
    ))
    group = w.output("risk_group", "low" if total == 0 else "intermediate" if total <= 2 else "high")
    w.interpretation = f"HCT-CI {total}: {group} risk of non-relapse mortality"
    return total
