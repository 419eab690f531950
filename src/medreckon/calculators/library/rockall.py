"""Rockall score for upper gastrointestinal bleeding (Rockall 1996): the pre-endoscopy (clinical) score
and the complete score after endoscopy."""

from __future__ import annotations

from pydantic import Field

from ..fields import Age, BloodPressure, HeartRate, Inputs, choice
from ..points import category, cut_offs, sum_points
from ..spec import Output, Reference, Working, calculator, fmt

COMORBIDITY = {"none": 0, "cardiac_or_major": 2, "renal_liver_or_malignancy": 3}
DIAGNOSIS = {"mallory_weiss_or_none": 0, "other": 1, "upper_gi_malignancy": 2}
STIGMATA = {"none_or_dark_spot": 0, "major": 2}
ROCKALL = (
    Reference("Rockall TA, Logan RF, Devlin HB, Northfield TC. Risk assessment after acute upper gastrointestinal "
              "haemorrhage. Gut. 1996;38(3):316-321.", "https://doi.org/10.1136/gut.38.3.316"),
    Reference("MDCalc. Rockall Score for Upper GI Bleeding (Complete) and (Pre-Endoscopy)."),
)
CLINICAL = ("Age < 60: 0, 60-79: 1, ≥ 80: 2. Shock: none (SBP ≥ 100 and pulse < 100): 0; tachycardia (SBP ≥ 100, "
            "pulse ≥ 100): 1; hypotension (SBP < 100): 2. Comorbidity: none 0; cardiac failure, ischaemic heart "
            "disease or any major comorbidity 2; renal failure, liver failure or disseminated malignancy 3.")


class RockallClinicalInputs(Inputs):
    age: Age = Field(description="Age in years: 60-79 scores 1, 80 or older 2.")
    systolic_bp: BloodPressure = Field(description="Systolic blood pressure; below 100 mmHg is hypotension (2).")
    heart_rate: HeartRate = Field(description="Pulse; 100 /min or more with SBP ≥ 100 is tachycardia (1).")
    comorbidity: choice(*COMORBIDITY) = Field(
        description="The worst comorbidity: 'none'; 'cardiac_or_major' (cardiac failure, ischaemic heart disease or "
        "any other major comorbidity, 2); 'renal_liver_or_malignancy' (renal failure, liver failure or disseminated "
        "malignancy, 3)."
    )


class RockallInputs(RockallClinicalInputs):
    diagnosis: choice(*DIAGNOSIS) = Field(
        description="Endoscopic diagnosis: 'mallory_weiss_or_none' (Mallory-Weiss tear, or no lesion and no stigmata, "
        "0); 'other' (all other diagnoses, e.g. peptic ulcer, 1); 'upper_gi_malignancy' (2)."
    )
    stigmata: choice(*STIGMATA) = Field(
        description="Major stigmata of recent haemorrhage: 'none_or_dark_spot' (0); 'major' (blood in the upper GI "
        "tract, adherent clot, visible or spurting vessel, 2)."
    )


def _clinical(x: RockallClinicalInputs, w: Working) -> list[int]:
    age = cut_offs(w, "age", f"age {fmt(x.age)}", x.age, ((80, 2), (60, 1), (None, 0)))
    if x.systolic_bp < 100:
        shock = w.step("shock", f"hypotension: SBP {fmt(x.systolic_bp)} < 100", 2, "points")
    elif x.heart_rate >= 100:
        shock = w.step("shock", f"tachycardia: pulse {fmt(x.heart_rate)} ≥ 100, SBP {fmt(x.systolic_bp)} ≥ 100", 1,
                       "points")
    else:
        shock = w.step("shock", f"none: SBP {fmt(x.systolic_bp)} ≥ 100, pulse {fmt(x.heart_rate)} < 100", 0, "points")
    return [age, shock, category(w, "comorbidity", x.comorbidity, COMORBIDITY)]


@calculator(
    id="rockall-pre-endoscopy",
    name="Rockall Score for Upper GI Bleeding (pre-endoscopy, clinical)",
    aliases=("rockall-clinical", "pre-endoscopy-rockall", "admission-rockall",
             "Rockall Score for Upper GI Bleeding (Pre-Endoscopy)"),
    kind="score",
    specialty="gastroenterology",
    output=Output("points", "integer", 0, range=(0, 7)),
    inputs=RockallClinicalInputs,
    references=ROCKALL,
    formula=CLINICAL + " Total 0-7; 0: low risk of death.",
    description="Risk of death after acute upper GI bleeding from findings before endoscopy (the clinical Rockall "
    "score); the complete score (id rockall) adds the endoscopic findings.",
    example={"age": 72, "systolic_bp": 108, "heart_rate": 112, "comorbidity": "cardiac_or_major"},
)
def rockall_pre_endoscopy(x: RockallClinicalInputs, w: Working) -> int:
    total = sum_points(w, _clinical(x, w))
    w.interpretation = ("0: low risk; consider early endoscopy and discharge" if total == 0
                        else f"{total}: risk of death rises with the score; complete the score after endoscopy")
    return total


@calculator(
    id="rockall",
    name="Rockall Score for Upper GI Bleeding (complete)",
    aliases=("rockall-complete", "rockall-score", "complete-rockall"),
    kind="score",
    specialty="gastroenterology",
    output=Output("points", "integer", 0, range=(0, 11)),
    inputs=RockallInputs,
    references=ROCKALL,
    formula=CLINICAL + " Diagnosis: Mallory-Weiss tear or no lesion and no stigmata 0; all other diagnoses 1; "
    "malignancy of the upper GI tract 2. Major stigmata of recent haemorrhage: none or dark spot 0; blood in the upper "
    "GI tract, adherent clot, visible or spurting vessel 2. Total 0-11; ≤ 2: low risk of rebleeding and death.",
    description="Risk of death and rebleeding after acute upper GI bleeding, from clinical and endoscopic findings "
    "(the complete Rockall score); the pre-endoscopy score is id rockall-pre-endoscopy.",
    example={"age": 72, "systolic_bp": 108, "heart_rate": 112, "comorbidity": "cardiac_or_major", "diagnosis": "other",
             "stigmata": "major"},
)
def rockall(x: RockallInputs, w: Working) -> int:
    parts = _clinical(x, w)
    parts.append(category(w, "diagnosis", x.diagnosis, DIAGNOSIS))
    parts.append(category(w, "major stigmata of recent haemorrhage", x.stigmata, STIGMATA))
    total = sum_points(w, parts)
    w.interpretation = ("≤ 2: low risk of rebleeding and death; early discharge may be considered" if total <= 2
                        else f"{total}: risk of rebleeding and death rises with the score (≥ 8: high risk)")
    return total
