"""CRDPSS: Clinician-Rated Dimensions of Psychosis Symptom Severity (DSM-5, section III)."""

from __future__ import annotations

from pydantic import Field, create_model

from ..fields import Inputs
from ..scales import item, score_items
from ..spec import Output, Reference, Working, calculator

DOMAINS = (("hallucinations", "hallucinations"), ("delusions", "delusions"),
           ("disorganized_speech", "disorganized speech"),
           ("abnormal_psychomotor_behavior", "abnormal psychomotor behaviour"),
           ("negative_symptoms", "negative symptoms (restricted emotional expression or avolition)"),
           ("impaired_cognition", "impaired cognition"), ("depression", "depression"), ("mania", "mania"))
CRDPSSInputs = create_model("CRDPSSInputs", __base__=Inputs, __module__=__name__, **{
    name: (item(4), Field(description=f"{what.capitalize()} over the past 7 days: 0 not present, 1 equivocal, "
                                      f"2 present but mild, 3 present and moderate, 4 present and severe."))
    for name, what in DOMAINS})


@calculator(
    id="crdpss",
    name="Clinician-Rated Dimensions of Psychosis Symptom Severity (CRDPSS)",
    aliases=("Clinician-Rated Dimensions of Psychosis Symptom Severity (CRDPSS)",),
    kind="score",
    specialty="psychiatry",
    output=Output("points", "integer", 0, range=(0, 32)),
    inputs=CRDPSSInputs,
    references=(
        Reference("American Psychiatric Association. Diagnostic and Statistical Manual of Mental Disorders, 5th ed. "
                  "Arlington, VA: American Psychiatric Publishing; 2013 (section III: Clinician-Rated Dimensions of "
                  "Psychosis Symptom Severity)."),
        Reference("MDCalc. Clinician-Rated Dimensions of Psychosis Symptom Severity (CRDPSS)."),
    ),
    formula="Eight domains each 0 (not present) to 4 (present and severe) over the past 7 days; total 0-32. Each "
    "domain is also read on its own.",
    description="Dimensional severity of psychotic and mood symptoms in psychotic disorders, per DSM-5.",
    example={"hallucinations": 2, "delusions": 3, "disorganized_speech": 2, "abnormal_psychomotor_behavior": 3,
             "negative_symptoms": 1, "impaired_cognition": 2, "depression": 0, "mania": 4},
)
def crdpss(x: CRDPSSInputs, w: Working) -> int:  # type: ignore[valid-type]
    total = score_items(w, [(what, getattr(x, name), 4) for name, what in DOMAINS])
    w.interpretation = f"{total} of 32: higher totals mean more severe psychosis symptoms; read each domain too"
    return total
