"""Focused Assessment with Sonography for Trauma (FAST): positive when free fluid is seen in any
window."""

from __future__ import annotations

from ..fields import Finding, Inputs
from ..points import any_of
from ..spec import Output, Reference, Working, calculator

LABELS = ("Positive FAST", "Negative FAST")


class FASTInputs(Inputs):
    pericardial_fluid: bool = Finding("Free fluid in the pericardial (subxiphoid) view.")
    right_upper_quadrant_fluid: bool = Finding("Free fluid in the right upper quadrant (Morison's pouch).")
    left_upper_quadrant_fluid: bool = Finding("Free fluid in the left upper quadrant (splenorenal recess).")
    pelvic_fluid: bool = Finding("Free fluid in the suprapubic (pelvic) view.")


@calculator(
    id="fast-exam",
    name="Focused Assessment with Sonography for Trauma (FAST)",
    aliases=("fast-ultrasound", "focused-assessment-with-sonography-for-trauma"),
    kind="score",
    specialty="emergency medicine",
    output=Output(None, "category", categories=LABELS),
    inputs=FASTInputs,
    references=(
        Reference("Scalea TM, Rodriguez A, Chiu WC, et al. Focused Assessment with Sonography for Trauma (FAST): "
                  "results from an international consensus conference. J Trauma. 1999;46(3):466-472."),
        Reference("MDCalc. Focused Assessment with Sonography for Trauma (FAST)."),
    ),
    formula="Positive when free fluid is seen in any of the pericardial, right upper quadrant, left upper quadrant or "
    "pelvic views; negative when none.",
    description="Combines the four ultrasound windows into a positive or negative FAST (the image reading is the "
    "operator's). A positive abdominal FAST in an unstable patient suggests haemoperitoneum needing laparotomy; a "
    "negative FAST does not exclude injury.",
    example={"right_upper_quadrant_fluid": True, "pelvic_fluid": True},
)
def fast_exam(x: FASTInputs, w: Working) -> str:
    windows = (("pericardial", x.pericardial_fluid), ("right upper quadrant", x.right_upper_quadrant_fluid),
               ("left upper quadrant", x.left_upper_quadrant_fluid), ("pelvic", x.pelvic_fluid))
    positive = any_of(w, "free fluid", windows, 1, None)
    if x.pericardial_fluid:
        w.interpretation = "positive FAST with pericardial fluid: suspect cardiac tamponade"
    elif positive:
        w.interpretation = "positive FAST: suspected haemoperitoneum; laparotomy if haemodynamically unstable"
    else:
        w.interpretation = "negative FAST: no free fluid seen (does not exclude injury)"
    return LABELS[0] if positive else LABELS[1]
