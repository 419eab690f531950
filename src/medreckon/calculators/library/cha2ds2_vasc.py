"""CHA2DS2-VASc score for stroke risk in atrial fibrillation (Lip 2010)."""

from __future__ import annotations

from pydantic import Field

from ..fields import Age, Finding, Inputs, Sex
from ..points import any_of, category, cut_offs, finding, sum_points
from ..spec import MedCalcBench, Output, Reference, Working, calculator, fmt


class CHA2DS2VAScInputs(Inputs):
    age: Age = Field(description="Age in years (65-74 scores 1, 75 or older scores 2); give the age, not a band.")
    sex: Sex = Field(description="The patient's sex, as the note states it (the 'Sc', sex category).")
    congestive_heart_failure: bool = Finding(
        "History of congestive heart failure, or objective evidence of moderate-to-severe left "
        "ventricular dysfunction (the 'C').",
    )
    hypertension: bool = Finding("History of hypertension, treated or not (the 'H'); a raised single reading is not it.")
    stroke: bool = Finding("Prior ischaemic stroke (part of the 'S2' criterion, 2 points).")
    transient_ischemic_attack: bool = Finding("Prior transient ischaemic attack (part of the 'S2' criterion).")
    thromboembolism: bool = Finding(
        "Prior systemic thromboembolism (part of the 'S2' criterion; MDCalc: 'stroke/TIA/"
        "thromboembolism history'). The derivation meant arterial (systemic) embolism.",
    )
    vascular_disease: bool = Finding(
        "Vascular disease (the 'V'): prior myocardial infarction, peripheral artery disease or aortic plaque.",
    )
    diabetes: bool = Finding("Diabetes mellitus (the 'D'), on any treatment or none.")


@calculator(
    id="cha2ds2-vasc",
    name="CHA2DS2-VASc Score for Atrial Fibrillation Stroke Risk",
    aliases=("chads-vasc", "cha2ds2vasc", "chadsvasc", "CHA₂DS₂-VASc Score for Atrial Fibrillation Stroke Risk"),
    kind="score",
    specialty="cardiology",
    output=Output("points", "integer", 0, range=(0, 9)),
    inputs=CHA2DS2VAScInputs,
    references=(
        Reference(
            "Lip GY, Nieuwlaat R, Pisters R, Lane DA, Crijns HJ. Refining clinical risk stratification for "
            "predicting stroke and thromboembolism in atrial fibrillation using a novel risk factor-based "
            "approach: the Euro Heart Survey on atrial fibrillation. Chest. 2010;137(2):263-272.",
            "https://doi.org/10.1378/chest.09-1584",
        ),
        Reference(
            "Hindricks G, Potpara T, Dagres N, et al. 2020 ESC Guidelines for the diagnosis and management "
            "of atrial fibrillation. Eur Heart J. 2021;42(5):373-498 (anticoagulation by non-sex risk factors).",
            "https://doi.org/10.1093/eurheartj/ehaa612",
        ),
        Reference(
            "MDCalc. CHA2DS2-VASc Score for Atrial Fibrillation Stroke Risk.",
            "https://www.mdcalc.com/calc/801/cha2ds2-vasc-score-atrial-fibrillation-stroke-risk",
        ),
    ),
    formula=(
        "Congestive heart failure 1; Hypertension 1; Age ≥ 75 years 2 (65-74 years 1); Diabetes 1; "
        "prior Stroke, TIA or thromboembolism 2; Vascular disease (prior MI, PAD, aortic plaque) 1; "
        "Sex category female 1. Total 0-9."
    ),
    description="Annual stroke risk stratification in non-valvular atrial fibrillation, used to decide on "
    "oral anticoagulation.",
    medcalc_bench=MedCalcBench(
        4,
        {
            "age": "age",
            "sex": "sex",
            "Congestive Heart Faliure": "congestive_heart_failure",
            "Hypertension history": "hypertension",
            "Stroke": "stroke",
            "Transient Ischemic Attacks History": "transient_ischemic_attack",
            "Thromboembolism history": "thromboembolism",
            "Vascular disease history": "vascular_disease",
            "Diabetes history": "diabetes",
        },
    ),
    example={
        "age": 72, "sex": "female", "congestive_heart_failure": False, "hypertension": True, "stroke": False,
        "transient_ischemic_attack": False, "thromboembolism": False, "vascular_disease": False,
        "diabetes": True,
    },
)
def cha2ds2_vasc(x: CHA2DS2VAScInputs, w: Working) -> int:
    age = cut_offs(w, "age", f"age {fmt(x.age)}", x.age, ((75, 2), (65, 1), (None, 0)))
    sex = category(w, "sex category", x.sex, {"male": 0, "female": 1})
    chf = finding(w, "congestive heart failure", x.congestive_heart_failure)
    htn = finding(w, "hypertension", x.hypertension)
    s2 = any_of(w, "stroke, TIA or thromboembolism",
                (("stroke", x.stroke), ("TIA", x.transient_ischemic_attack), ("thromboembolism", x.thromboembolism)),
                2)
    vasc = finding(w, "vascular disease", x.vascular_disease)
    dm = finding(w, "diabetes", x.diabetes)
    total = sum_points(w, (chf, htn, age, dm, s2, vasc, sex))  # in the order of the letters
    w.interpretation = _interpretation(total, x.sex)
    return total


def _interpretation(total: int, sex: str) -> str:
    """ESC 2020 AF guideline: the sex point alone does not raise risk."""
    non_sex = total - (1 if sex == "female" else 0)
    if non_sex == 0:
        return "low risk: oral anticoagulation not recommended (no risk factor beyond sex)"
    if non_sex == 1:
        return "one non-sex risk factor: oral anticoagulation should be considered"
    return "two or more non-sex risk factors: oral anticoagulation recommended"
