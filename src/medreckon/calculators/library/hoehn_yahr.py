"""Modified Hoehn and Yahr staging of Parkinson's disease (Goetz 2004)."""

from __future__ import annotations

from pydantic import Field

from ..fields import Inputs, choice
from ..spec import Output, Reference, Working, calculator

STAGES = {
    "no signs of disease": "Stage 0",
    "unilateral disease": "Stage 1",
    "unilateral plus axial involvement": "Stage 1.5",
    "bilateral disease without impairment of balance": "Stage 2",
    "mild bilateral disease with recovery on pull test": "Stage 2.5",
    "mild to moderate bilateral disease, some postural instability, physically independent": "Stage 3",
    "severe disability, still able to walk or stand unassisted": "Stage 4",
    "wheelchair-bound or bedridden unless aided": "Stage 5",
}
Severity = choice(*STAGES)


class HoehnYahrInputs(Inputs):
    severity: Severity = Field(description="The description that fits: " + "; ".join(
        f"'{d}' ({s})" for d, s in STAGES.items()) + ".")


@calculator(
    id="hoehn-yahr",
    name="Modified Hoehn and Yahr Scale for Parkinson’s Disease",
    aliases=("hoehn-and-yahr", "modified-hoehn-yahr"),
    kind="score",
    specialty="neurology",
    output=Output(None, "category", categories=tuple(STAGES.values())),
    inputs=HoehnYahrInputs,
    references=(
        Reference("Hoehn MM, Yahr MD. Parkinsonism: onset, progression and mortality. Neurology. 1967;17(5):427-442."),
        Reference("Goetz CG, Poewe W, Rascol O, et al. Movement Disorder Society Task Force report on the Hoehn and "
                  "Yahr staging scale: status and recommendations. Mov Disord. 2004;19(9):1020-1028."),
        Reference("MDCalc. Modified Hoehn and Yahr Scale for Parkinson’s Disease."),
    ),
    formula="0 no signs; 1 unilateral; 1.5 unilateral plus axial; 2 bilateral without balance impairment; 2.5 mild "
    "bilateral with recovery on the pull test; 3 mild to moderate bilateral, some postural instability, physically "
    "independent; 4 severe disability, walks or stands unassisted; 5 wheelchair-bound or bedridden unless aided.",
    description="Stage of motor disability in Parkinson's disease, the modified version with half stages; a higher "
    "stage is more disability.",
    example={"severity": "mild to moderate bilateral disease, some postural instability, physically independent"},
)
def hoehn_yahr(x: HoehnYahrInputs, w: Working) -> str:
    stage = w.step("stage", x.severity, STAGES[x.severity])
    w.interpretation = f"{stage}: {x.severity}"
    return stage
