"""SEDAN score: risk of symptomatic intracerebral haemorrhage after intravenous thrombolysis
(Strbian 2012)."""

from __future__ import annotations

from pydantic import Field

from ..fields import Age, Finding, Glucose, Inputs
from ..points import cut_offs, finding, sum_points, threshold
from ..rounding import round_half_away
from ..spec import Output, Reference, Working, calculator, fmt


class SEDANInputs(Inputs):
    glucose: Glucose = Field(description="Baseline blood glucose, mg/dL ('8.7 mmol/L' with its unit): 145-216 mg/dL "
                             "(8.1-12.0 mmol/L) scores 1, > 216 mg/dL (> 12.0 mmol/L) scores 2.")
    early_infarct_signs: bool = Finding("Early infarct signs on the admission CT: 1 point.")
    hyperdense_artery: bool = Finding("Hyperdense cerebral artery sign on the admission CT: 1 point.")
    age: Age = Field(description="Age in years; > 75 scores 1.")
    nihss: int = Field(ge=0, le=42, description="Baseline NIH Stroke Scale; ≥ 10 scores 1.")


@calculator(
    id="sedan",
    name="SEDAN Score for Post-tPA Hemorrhage",
    aliases=("sedan-score",),
    kind="score",
    specialty="neurology",
    output=Output("points", "integer", 0, range=(0, 6)),
    inputs=SEDANInputs,
    references=(
        Reference("Strbian D, Engelter S, Michel P, et al. Symptomatic intracranial hemorrhage after stroke "
                  "thrombolysis: the SEDAN score. Ann Neurol. 2012;71(5):634-641."),
        Reference("MDCalc. SEDAN Score for Post-tPA Hemorrhage (glucose in mg/dL bands 145-216 and > 216)."),
    ),
    formula="Sugar (glucose): ≤ 144 mg/dL 0, 145-216 mg/dL 1, > 216 mg/dL 2; Early infarct signs 1; hyperDense "
    "cerebral artery sign 1; Age > 75 1; NIHSS ≥ 10 1. Total 0-6; the risk of symptomatic ICH rises with each "
    "point.",
    description="Risk of symptomatic intracerebral haemorrhage after intravenous alteplase for ischaemic stroke, "
    "from baseline glucose, CT signs, age and stroke severity. Glucose is compared in whole mg/dL.",
    example={"glucose": 156, "early_infarct_signs": True, "hyperdense_artery": True, "age": 68, "nihss": 19},
)
def sedan(x: SEDANInputs, w: Working) -> int:
    glucose = round_half_away(x.glucose, 0)
    total = sum_points(w, (
        cut_offs(w, "blood sugar", f"glucose {fmt(glucose)} mg/dL", glucose, ((216, 2, True), (145, 1), (None, 0))),
        finding(w, "early infarct signs", x.early_infarct_signs),
        finding(w, "hyperdense cerebral artery", x.hyperdense_artery),
        threshold(w, "age > 75", f"age {fmt(x.age)}", x.age, ">", 75),
        threshold(w, "NIHSS ≥ 10", f"NIHSS {x.nihss}", x.nihss, "≥", 10),
    ))
    w.interpretation = f"SEDAN {total} of 6: the higher the score, the higher the risk of symptomatic ICH after " \
                       "thrombolysis"
    return total
