"""CHA2DS2-VA score for stroke risk in atrial fibrillation (ESC 2024): CHA2DS2-VASc without the sex
category."""

from __future__ import annotations

from pydantic import Field

from ..fields import Age, Finding, Inputs
from ..points import any_of, cut_offs, finding, sum_points
from ..spec import Output, Reference, Working, calculator, fmt


class CHA2DS2VAInputs(Inputs):
    age: Age = Field(description="Age in years: 65-74 scores 1, ≥ 75 scores 2.")
    heart_failure: bool = Finding("Chronic heart failure (symptoms or signs of heart failure, or reduced ejection "
                                  "fraction): 1 point.")
    hypertension: bool = Finding("Hypertension (treated, or resting BP above 140/90 mm Hg on repeated measurement): "
                                 "1 point.")
    stroke_tia_thromboembolism: bool = Finding("Prior stroke, transient ischaemic attack or arterial "
                                               "thromboembolism: 2 points.")
    vascular_disease: bool = Finding("Vascular disease: coronary artery disease (including prior MI or "
                                     "revascularisation), peripheral arterial disease or aortic plaque: 1 point.")
    diabetes: bool = Finding("Diabetes mellitus: 1 point.")


@calculator(
    id="cha2ds2-va",
    name="CHA₂DS₂-VA Score for Atrial Fibrillation Stroke Risk",
    aliases=("cha2ds2va", "cha2ds2-va-score"),
    kind="score",
    specialty="cardiology",
    output=Output("points", "integer", 0, range=(0, 8)),
    inputs=CHA2DS2VAInputs,
    references=(
        Reference("Van Gelder IC, Rienstra M, Bunting KV, et al. 2024 ESC Guidelines for the management of atrial "
                  "fibrillation developed in collaboration with the European Association for Cardio-Thoracic Surgery "
                  "(EACTS). Eur Heart J. 2024;45(36):3314-3414."),
        Reference("MDCalc. CHA₂DS₂-VA Score for Atrial Fibrillation Stroke Risk."),
    ),
    formula="Chronic heart failure 1; hypertension 1; age ≥ 75 2; diabetes 1; prior stroke, TIA or arterial "
    "thromboembolism 2; vascular disease 1; age 65-74 1. Total 0-8: ≥ 2 oral anticoagulation recommended, 1 "
    "considered.",
    description="Stroke risk in atrial fibrillation without a sex criterion (the ESC 2024 replacement for "
    "CHA2DS2-VASc), to decide on oral anticoagulation.",
    example={"age": 67, "hypertension": True},
)
def cha2ds2_va(x: CHA2DS2VAInputs, w: Working) -> int:
    total = sum_points(w, (
        finding(w, "chronic heart failure", x.heart_failure),
        finding(w, "hypertension", x.hypertension),
        cut_offs(w, "age", f"age {fmt(x.age)}", x.age, ((75, 2), (65, 1), (None, 0))),
        finding(w, "diabetes", x.diabetes),
        any_of(w, "prior stroke, TIA or thromboembolism", (("stroke/TIA/thromboembolism",
                                                            x.stroke_tia_thromboembolism),), 2),
        finding(w, "vascular disease", x.vascular_disease),
    ))
    w.interpretation = ("≥ 2: oral anticoagulation recommended" if total >= 2 else
                        "1: oral anticoagulation should be considered" if total == 1 else
                        "0: no anticoagulation for stroke prevention")
    return total
