"""Injury Severity Score (Baker 1974): the sum of squares of the three worst-injured body regions' AIS."""

from __future__ import annotations

from pydantic import Field

from ..fields import Inputs, choice
from ..spec import Output, Reference, Working, calculator

AIS = {"no injury": 0, "minor": 1, "moderate": 2, "serious": 3, "severe": 4, "critical": 5, "unsurvivable": 6}
Severity = choice(*AIS)
_LEVELS = "'no injury' (0), 'minor' (1), 'moderate' (2), 'serious' (3), 'severe' (4), 'critical' (5), " \
          "'unsurvivable' (6)"


def _region(name: str) -> object:
    return Field(description=f"Worst injury of the {name}, by its Abbreviated Injury Scale severity: {_LEVELS}.")


class ISSInputs(Inputs):
    head_neck: Severity = _region("head or neck (brain, skull, cervical spine)")
    face: Severity = _region("face (facial skeleton, eyes, ears, nose, mouth)")
    chest: Severity = _region("chest (thoracic organs, diaphragm, rib cage, thoracic spine)")
    abdomen: Severity = _region("abdomen or pelvic contents (abdominal organs, lumbar spine)")
    extremities: Severity = _region("extremities or pelvic girdle (limbs, bony pelvis, shoulder girdle)")
    external: Severity = _region("external surface (skin: lacerations, contusions, burns anywhere)")


REGIONS = (("head or neck", "head_neck"), ("face", "face"), ("chest", "chest"), ("abdomen", "abdomen"),
           ("extremities", "extremities"), ("external", "external"))


@calculator(
    id="injury-severity-score",
    name="Injury Severity Score (ISS)",
    aliases=("iss",),
    kind="score",
    specialty="emergency medicine",
    output=Output("points", "integer", 0, range=(0, 75)),
    inputs=ISSInputs,
    references=(
        Reference("Baker SP, O'Neill B, Haddon W Jr, Long WB. The injury severity score: a method for describing "
                  "patients with multiple injuries and evaluating emergency care. J Trauma. 1974;14(3):187-196."),
        Reference("MDCalc. Injury Severity Score (ISS)."),
    ),
    formula="AIS severity of the worst injury in each of six regions (head/neck, face, chest, abdomen, extremities, "
    "external): 0 none ... 6 unsurvivable. ISS = sum of the squares of the three highest; any region at 6 makes "
    "ISS 75. Range 0-75.",
    description="Anatomical severity of multiple trauma. Only the worst injury of each region counts and only three "
    "regions enter the sum. ISS > 15 defines major trauma. Used in TRISS.",
    example={"head_neck": "serious", "face": "minor", "chest": "severe", "abdomen": "critical",
             "extremities": "serious", "external": "moderate"},
)
def injury_severity_score(x: ISSInputs, w: Working) -> int:
    scores = [w.step(f"{what} AIS", getattr(x, name), AIS[getattr(x, name)]) for what, name in REGIONS]
    if 6 in scores:
        total = w.step("ISS", "a region with an unsurvivable (AIS 6) injury", 75, "points")
    else:
        top = sorted(scores, reverse=True)[:3]
        total = w.step("ISS", " + ".join(f"{s}²" for s in top), sum(s * s for s in top), "points")
    w.interpretation = ("major trauma (ISS > 15)" if total > 15 else "ISS ≤ 15: not major trauma by the ISS definition")
    return total
