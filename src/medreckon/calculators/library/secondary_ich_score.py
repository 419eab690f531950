"""Secondary intracerebral haemorrhage (sICH) score: probability of a vascular cause of ICH on CT
angiography (Delgado Almandoz 2010)."""

from __future__ import annotations

from pydantic import Field

from ..fields import Age, Finding, Inputs, Sex, choice
from ..points import category, cut_offs, finding, sum_points
from ..spec import Output, Reference, Working, calculator, fmt

NCCT_POINTS = {"low": 0, "indeterminate": 1, "high": 2}


class SICHInputs(Inputs):
    ncct_probability: choice(*NCCT_POINTS) = Field(
        description="Probability of a vascular cause on non-contrast CT: 'high' (2: enlarged vessels or "
        "calcifications along the margins, or hyperattenuation in a dural sinus or cortical vein along the drainage "
        "path); 'indeterminate' (1: neither high nor low); 'low' (0: basal ganglia, thalamic or brainstem location).")
    age: Age = Field(description="Age in years: 18-45 scores 2, 46-70 scores 1, ≥ 71 scores 0.")
    sex: Sex = Field(description="Sex: female scores 1.")
    no_hypertension_or_coagulopathy: bool = Finding(
        "Neither known hypertension nor impaired coagulation (anticoagulant or antiplatelet use, INR, "
        "aPTT or platelets abnormal): 1 point.", ..., absence=True)  # required, as before


@calculator(
    id="secondary-ich-score",
    name="Secondary Intracerebral Hemorrhage (sICH) Score",
    aliases=("sich-score", "secondary-ich"),
    kind="score",
    specialty="neurology",
    output=Output("points", "integer", 0, range=(0, 6)),
    inputs=SICHInputs,
    references=(
        Reference("Delgado Almandoz JE, Schaefer PW, Goldstein JN, et al. Practical scoring system for the "
                  "identification of patients with intracerebral hemorrhage at highest risk of harboring an "
                  "underlying vascular etiology: the Secondary Intracerebral Hemorrhage Score. AJNR Am J "
                  "Neuroradiol. 2010;31(9):1653-1660."),
        Reference("MDCalc. Secondary Intracerebral Hemorrhage (sICH) Score."),
    ),
    formula="NCCT probability high 2, indeterminate 1, low 0; age 18-45 2, 46-70 1, ≥ 71 0; female 1; neither known "
    "hypertension nor impaired coagulation 1. Total 0-6; higher scores mean a higher yield of CT angiography for a "
    "vascular cause.",
    description="Which patients with intracerebral haemorrhage should have CT angiography to look for an underlying "
    "vascular lesion (aneurysm, AVM, dural fistula, venous thrombosis).",
    example={"ncct_probability": "high", "age": 56, "sex": "female", "no_hypertension_or_coagulopathy": True},
)
def secondary_ich_score(x: SICHInputs, w: Working) -> int:
    total = sum_points(w, (
        category(w, "NCCT probability", x.ncct_probability, NCCT_POINTS),
        cut_offs(w, "age", f"age {fmt(x.age)}", x.age, ((71, 0), (46, 1), (None, 2))),
        finding(w, "female sex", x.sex == "female", texts=("female", "male")),
        finding(w, "neither hypertension nor impaired coagulation", x.no_hypertension_or_coagulopathy),
    ))
    w.interpretation = f"sICH score {total} of 6: the higher the score, the likelier a vascular cause on CT angiography"
    return total
