"""ROSIER: Recognition of Stroke in the Emergency Room scale (Nor 2005)."""

from __future__ import annotations

from ..fields import Finding, Inputs
from ..points import finding, sum_points
from ..spec import Output, Reference, Secondary, Working, calculator


class ROSIERInputs(Inputs):
    loss_of_consciousness: bool = Finding("Loss of consciousness or syncope with this event: −1.")
    seizure: bool = Finding("Seizure activity with this event: −1.")
    facial_weakness: bool = Finding("Asymmetric (one-sided) facial weakness of new onset: +1.")
    arm_weakness: bool = Finding("Asymmetric arm weakness of new onset: +1.")
    leg_weakness: bool = Finding("Asymmetric leg weakness of new onset: +1.")
    speech_disturbance: bool = Finding("Speech disturbance (dysarthria or aphasia) of new onset: +1.")
    visual_field_defect: bool = Finding("Visual field defect of new onset: +1.")


@calculator(
    id="rosier",
    name="Recognition of Stroke in the Emergency Room (ROSIER) Scale",
    aliases=("rosier-scale", "rosier-score"),
    kind="score",
    specialty="neurology",
    output=Output("points", "integer", 0, range=(-2, 5), secondary=(
        Secondary("stroke_likely", "stroke likely (score > 0)", None, "boolean"),)),
    inputs=ROSIERInputs,
    references=(
        Reference("Nor AM, Davis J, Sen B, et al. The Recognition of Stroke in the Emergency Room (ROSIER) scale: "
                  "development and validation of a stroke recognition instrument. Lancet Neurol. 2005;4(11):727-734.",
                  "https://doi.org/10.1016/S1474-4422(05)70201-5"),
        Reference("MDCalc. Recognition of Stroke in the Emergency Room (ROSIER) Scale."),
    ),
    formula="−1 each: loss of consciousness or syncope; seizure activity. +1 each (new, acute): asymmetric face, arm, "
    "leg weakness; speech disturbance; visual field defect. Total −2 to +5; > 0 stroke likely, ≤ 0 stroke unlikely "
    "(not excluded).",
    description="Bedside recognition of acute stroke in the emergency department, applied after blood glucose has "
    "been checked (hypoglycaemia below 3.5 mmol/L treated first). A score ≤ 0 makes stroke less likely but does "
    "not exclude it.",
    example={"loss_of_consciousness": True, "seizure": False, "facial_weakness": True, "arm_weakness": True,
             "leg_weakness": False, "speech_disturbance": True, "visual_field_defect": True},
)
def rosier(x: ROSIERInputs, w: Working) -> int:
    parts = (
        finding(w, "loss of consciousness or syncope", x.loss_of_consciousness, -1),
        finding(w, "seizure activity", x.seizure, -1),
        finding(w, "asymmetric facial weakness", x.facial_weakness),
        finding(w, "asymmetric arm weakness", x.arm_weakness),
        finding(w, "asymmetric leg weakness", x.leg_weakness),
        finding(w, "speech disturbance", x.speech_disturbance),
        finding(w, "visual field defect", x.visual_field_defect),
    )
    total = sum_points(w, parts)
    likely = w.output("stroke_likely", total > 0)
    w.interpretation = ("score > 0: stroke likely" if likely else
                        "score ≤ 0: stroke unlikely, but not excluded; consider other causes")
    return total
