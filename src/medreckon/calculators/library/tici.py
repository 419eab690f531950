"""TICI: Thrombolysis in Cerebral Infarction perfusion grade (Higashida 2003)."""

from __future__ import annotations

from pydantic import Field

from ..fields import Inputs, choice
from ..spec import Output, Reference, Working, calculator

GRADES = {
    "no perfusion": "0",
    "penetration with minimal perfusion": "1",
    "partial filling of less than two thirds of the territory": "2a",
    "complete filling but slower than normal": "2b",
    "complete perfusion": "3",
}
Perfusion = choice(*GRADES)


class TICIInputs(Inputs):
    perfusion: Perfusion = Field(
        description="Angiographic perfusion of the occluded territory: 'no perfusion' (0: no antegrade flow beyond "
        "the occlusion); 'penetration with minimal perfusion' (1: contrast passes the occlusion but fails to opacify "
        "the distal bed); 'partial filling of less than two thirds of the territory' (2a); 'complete filling but "
        "slower than normal' (2b: all of the expected territory fills, slowly); 'complete perfusion' (3: normal "
        "filling and clearance).")


@calculator(
    id="tici",
    name="TICI Score",
    aliases=("tici-grade", "thrombolysis-in-cerebral-infarction"),
    kind="score",
    specialty="neurology",
    output=Output(None, "category", categories=tuple(GRADES.values())),
    inputs=TICIInputs,
    references=(
        Reference("Higashida RT, Furlan AJ, Roberts H, et al. Trial design and reporting standards for intra-arterial "
                  "cerebral thrombolysis for acute ischemic stroke. Stroke. 2003;34(8):e109-e137."),
        Reference("MDCalc. TICI Score."),
    ),
    formula="0 no perfusion; 1 penetration with minimal perfusion; 2a partial filling (< 2/3) of the territory; 2b "
    "complete filling of the expected territory, slower than normal; 3 complete perfusion.",
    description="Grade of reperfusion after endovascular stroke treatment, read from the angiogram (the reading is "
    "imaging; this names its grade). 2b or 3 counts as successful reperfusion.",
    example={"perfusion": "complete filling but slower than normal"},
)
def tici(x: TICIInputs, w: Working) -> str:
    grade = w.step("TICI grade", x.perfusion, GRADES[x.perfusion])
    w.interpretation = (f"TICI {grade}: " + ("successful reperfusion (2b-3)" if grade in ("2b", "3") else
                                             "reperfusion not successful (< 2b)"))
    return grade
