"""MoCA: Montreal Cognitive Assessment total from its section scores (Nasreddine 2005).

The MoCA form and its wording are copyrighted and its use is licensed (mocacognition.com); the
scoring rule is published, so this calculator takes the points of each section as the trained
examiner recorded them, never the test items themselves.
"""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from ..fields import Inputs
from ..points import finding, sum_points
from ..spec import Output, Reference, Working, calculator


def section(maximum: int) -> object:
    return Annotated[int, Field(ge=0, le=maximum)]


SECTIONS = (
    ("visuospatial_executive", "visuospatial/executive", 5),
    ("naming", "naming", 3),
    ("attention", "attention", 6),
    ("language", "language", 3),
    ("abstraction", "abstraction", 2),
    ("delayed_recall", "delayed recall", 5),
    ("orientation", "orientation", 6),
)


class MoCAInputs(Inputs):
    visuospatial_executive: section(5) = Field(description="Visuospatial/executive points, 0-5: trail making 1, cube "
                                               "copy 1, clock drawing 3 (contour, numbers, hands).")
    naming: section(3) = Field(description="Naming points, 0-3 (one per animal named).")
    attention: section(6) = Field(description="Attention points, 0-6: digits forward 1, digits backward 1, tapping at "
                                  "letter A with < 2 errors 1, serial 7s 0-3 (4-5 correct 3, 2-3 correct 2, 1 "
                                  "correct 1).")
    language: section(3) = Field(description="Language points, 0-3: two sentence repetitions 1 each, fluency "
                                 "(≥ 11 words in 1 minute) 1.")
    abstraction: section(2) = Field(description="Abstraction points, 0-2 (one per pair).")
    delayed_recall: section(5) = Field(description="Delayed recall points, 0-5: words recalled without cues.")
    orientation: section(6) = Field(description="Orientation points, 0-6: date, month, year, day, place, city.")
    education_12_years_or_less: bool = Field(description="12 years or fewer of formal education: adds 1 point (up to "
                                             "the maximum of 30).")


@calculator(
    id="moca",
    name="Montreal Cognitive Assessment (MoCA)",
    aliases=("Montreal Cognitive Assessment (MoCA)", "montreal-cognitive-assessment"),
    kind="score",
    specialty="neurology",
    output=Output("points", "integer", 0, range=(0, 30)),
    inputs=MoCAInputs,
    references=(
        Reference("Nasreddine ZS, Phillips NA, Bédirian V, et al. The Montreal Cognitive Assessment, MoCA: a brief "
                  "screening tool for mild cognitive impairment. J Am Geriatr Soc. 2005;53(4):695-699.",
                  "https://doi.org/10.1111/j.1532-5415.2005.53221.x"),
        Reference("MDCalc. Montreal Cognitive Assessment (MoCA).",
                  "https://www.mdcalc.com/calc/10044/montreal-cognitive-assessment-moca"),
    ),
    formula="Sum of the section points: visuospatial/executive 5, naming 3, attention 6, language 3, abstraction 2, "
    "delayed recall 5, orientation 6 (30 in all), plus 1 point for ≤ 12 years of education (maximum 30). "
    "26 or more is normal; below 26 suggests cognitive impairment (90% sensitive for mild cognitive impairment).",
    description="Screen for mild cognitive impairment and dementia. Enter the points of each section as recorded on "
    "the licensed form (the test items are not reproduced here).",
    example={"visuospatial_executive": 4, "naming": 3, "attention": 5, "language": 2, "abstraction": 1,
             "delayed_recall": 2, "orientation": 5, "education_12_years_or_less": True},
)
def moca(x: MoCAInputs, w: Working) -> int:
    parts = [w.step(what, f"{getattr(x, name)} of {top}", getattr(x, name), "points") for name, what, top in SECTIONS]
    tested = sum(parts)
    parts.append(finding(w, "≤ 12 years of education", x.education_12_years_or_less and tested < 30,
                         texts=("+1", "none" if not x.education_12_years_or_less else "none (already 30)")))
    total = sum_points(w, parts)
    w.interpretation = ("≥ 26: normal range" if total >= 26 else
                        "< 26: suggests cognitive impairment (a cut-off 90% sensitive for mild cognitive impairment); "
                        "lower scores mean more impairment")
    return total
