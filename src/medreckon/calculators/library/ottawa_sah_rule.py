"""Ottawa Subarachnoid Hemorrhage Rule for acute headache (Perry 2013)."""

from __future__ import annotations

from pydantic import Field

from ..fields import Age, Finding, Inputs
from ..points import any_of
from ..spec import Output, Reference, Working, calculator, fmt

LABELS = ("SAH ruled out", "Cannot rule out SAH")


class OttawaSAHInputs(Inputs):
    age: Age = Field(description="Age in years; ≥ 40 is a criterion.")
    neck_pain_or_stiffness: bool = Finding("Neck pain or stiffness (symptom).")
    witnessed_loc: bool = Finding("Witnessed loss of consciousness.")
    onset_during_exertion: bool = Finding("Onset during exertion.")
    thunderclap: bool = Finding("Thunderclap headache: instantly peaking pain.")
    limited_neck_flexion: bool = Finding("Limited neck flexion on examination (cannot touch chin to chest or raise "
                                         "the head 3 cm off the bed when supine).")


@calculator(
    id="ottawa-sah-rule",
    name="Ottawa Subarachnoid Hemorrhage (SAH) Rule for Headache Evaluation",
    aliases=("ottawa-sah", "ottawa-subarachnoid-hemorrhage-rule"),
    kind="score",
    specialty="emergency medicine",
    output=Output(None, "category", categories=LABELS),
    inputs=OttawaSAHInputs,
    references=(
        Reference("Perry JJ, Stiell IG, Sivilotti MLA, et al. Clinical decision rules to rule out subarachnoid "
                  "hemorrhage for acute headache. JAMA. 2013;310(12):1248-1255."),
        Reference("MDCalc. Ottawa Subarachnoid Hemorrhage (SAH) Rule for Headache Evaluation."),
    ),
    formula="Investigate for SAH if any: age ≥ 40; neck pain or stiffness; witnessed loss of consciousness; onset "
    "during exertion; thunderclap headache; limited neck flexion on examination. None: SAH ruled out.",
    description="Rules out subarachnoid haemorrhage in alert patients aged ≥ 15 with a new, severe, atraumatic "
    "headache peaking within 1 hour; not for recurrent similar headaches, new neurological deficits, prior aneurysm, "
    "SAH, brain tumour or hydrocephalus. 100% sensitive but only about 15% specific.",
    example={"age": 56, "neck_pain_or_stiffness": True, "thunderclap": True},
)
def ottawa_sah_rule(x: OttawaSAHInputs, w: Working) -> str:
    met = any_of(w, "criteria present", ((f"age {fmt(x.age)} ≥ 40", x.age >= 40),
                                         ("neck pain or stiffness", x.neck_pain_or_stiffness),
                                         ("witnessed loss of consciousness", x.witnessed_loc),
                                         ("onset during exertion", x.onset_during_exertion),
                                         ("thunderclap headache", x.thunderclap),
                                         ("limited neck flexion", x.limited_neck_flexion)), 1, None)
    label = LABELS[bool(met)]
    w.interpretation = ("cannot rule out SAH: investigate (CT, and lumbar puncture or CT angiography as indicated)"
                        if met else "no criterion present: SAH ruled out by the Ottawa rule")
    return label
