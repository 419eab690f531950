"""FAST-ED: Field Assessment Stroke Triage for Emergency Destination (Lima 2016), for large vessel
occlusion."""

from __future__ import annotations

from pydantic import Field

from ..fields import Inputs, choice
from ..points import category, sum_points
from ..spec import Output, Reference, Secondary, Working, calculator

FACE = {"normal": 0, "partial or complete paralysis": 1}
ARM = {"no drift": 0, "drift or some effort against gravity": 1, "no effort against gravity or no movement": 2}
SPEECH = {"absent": 0, "mild to moderate": 1, "severe, global aphasia or mute": 2}
EYES = {"absent": 0, "partial": 1, "forced deviation": 2}
NEGLECT = {"absent": 0, "extinction to bilateral simultaneous stimulation in one sensory modality": 1,
           "does not recognise own hand or orients only to one side": 2}


class FASTEDInputs(Inputs):
    facial_palsy: choice(*FACE) = Field(description="Facial palsy: 'normal' (0) or 'partial or complete paralysis' "
                                        "(1).")
    arm_weakness: choice(*ARM) = Field(description="Arm weakness (the weaker arm): 'no drift' (0), 'drift or some "
                                       "effort against gravity' (1), 'no effort against gravity or no movement' (2).")
    speech_changes: choice(*SPEECH) = Field(description="Speech changes (aphasia): 'absent' (0), 'mild to moderate' "
                                            "(1), 'severe, global aphasia or mute' (2).")
    eye_deviation: choice(*EYES) = Field(description="Eye deviation: 'absent' (0), 'partial' (1), 'forced deviation' "
                                         "(2).")
    denial_neglect: choice(*NEGLECT) = Field(
        description="Denial or neglect: 'absent' (0), 'extinction to bilateral simultaneous stimulation in one "
        "sensory modality' (1), 'does not recognise own hand or orients only to one side' (2).")


@calculator(
    id="fast-ed",
    name="Field Assessment Stroke Triage for Emergency Destination (FAST-ED)",
    aliases=("fast-ed-score",),
    kind="score",
    specialty="neurology",
    output=Output("points", "integer", 0, range=(0, 9), secondary=(
        Secondary("lvo_likely", "large vessel occlusion likely (score ≥ 4)", None, "boolean"),)),
    inputs=FASTEDInputs,
    references=(
        Reference("Lima FO, Silva GS, Furie KL, et al. Field Assessment Stroke Triage for Emergency Destination: a "
                  "simple and accurate prehospital scale to detect large vessel occlusion strokes. Stroke. "
                  "2016;47(8):1997-2002."),
        Reference("MDCalc. Field Assessment Stroke Triage for Emergency Destination (FAST-ED)."),
    ),
    formula="Facial palsy 0-1; arm weakness 0-2; speech changes 0-2; eye deviation 0-2; denial or neglect 0-2. "
    "Total 0-9; ≥ 4 suggests large vessel occlusion (sensitivity 60%, specificity 89% in the derivation).",
    description="Prehospital identification of anterior-circulation large vessel occlusion stroke, to route the "
    "patient to a centre that does thrombectomy. Items are simplified from the NIHSS.",
    example={"facial_palsy": "partial or complete paralysis", "arm_weakness": "no effort against gravity or no "
             "movement", "speech_changes": "severe, global aphasia or mute", "eye_deviation": "forced deviation",
             "denial_neglect": "absent"},
)
def fast_ed(x: FASTEDInputs, w: Working) -> int:
    total = sum_points(w, (
        category(w, "facial palsy", x.facial_palsy, FACE), category(w, "arm weakness", x.arm_weakness, ARM),
        category(w, "speech changes", x.speech_changes, SPEECH), category(w, "eye deviation", x.eye_deviation, EYES),
        category(w, "denial or neglect", x.denial_neglect, NEGLECT)))
    likely = w.output("lvo_likely", total >= 4)
    w.interpretation = ("≥ 4: large vessel occlusion likely; consider a thrombectomy-capable centre" if likely else
                        "< 4: large vessel occlusion less likely")
    return total
