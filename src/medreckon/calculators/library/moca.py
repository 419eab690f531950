"""MoCA: Montreal Cognitive Assessment total from its item scores (Nasreddine 2005).

The MoCA form and its wording are copyrighted and its use is licensed (mocacognition.com); the
scoring rule is published, so this calculator takes the points of each task as the trained examiner
recorded them, never the test material itself.
"""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from ..fields import Inputs
from ..points import finding, sum_points
from ..spec import Output, Reference, Working, calculator


def points(maximum: int) -> object:
    return Annotated[int, Field(ge=0, le=maximum)]


# (field, what, maximum, section): in the order of the form
ITEMS = (
    ("trail_making", "alternating trail making", 1, "visuospatial/executive"),
    ("cube", "cube copy", 1, "visuospatial/executive"),
    ("clock", "clock drawing (contour, numbers, hands)", 3, "visuospatial/executive"),
    ("naming_1", "naming, first animal", 1, "naming"),
    ("naming_2", "naming, second animal", 1, "naming"),
    ("naming_3", "naming, third animal", 1, "naming"),
    ("digits_forward", "digit span forward", 1, "attention"),
    ("digits_backward", "digit span backward", 1, "attention"),
    ("letter_tapping", "tapping at the letter A (< 2 errors)", 1, "attention"),
    ("serial_sevens", "serial 7s (4-5 correct 3, 2-3 correct 2, 1 correct 1)", 3, "attention"),
    ("sentence_1", "first sentence repeated exactly", 1, "language"),
    ("sentence_2", "second sentence repeated exactly", 1, "language"),
    ("fluency", "letter fluency (≥ 11 words in 1 minute)", 1, "language"),
    ("abstraction_1", "abstraction, first pair", 1, "abstraction"),
    ("abstraction_2", "abstraction, second pair", 1, "abstraction"),
    ("delayed_recall", "delayed recall without cues (five words)", 5, "delayed recall"),
    ("orientation", "orientation (date, month, year, day, place, city)", 6, "orientation"),
)


class MoCAInputs(Inputs):
    trail_making: points(1) = Field(description="Alternating trail making drawn correctly: 1, else 0.")
    cube: points(1) = Field(description="Cube copied correctly: 1, else 0.")
    clock: points(3) = Field(description="Clock drawing: 1 point each for contour, numbers and hands (0-3).")
    naming_1: points(1) = Field(description="First animal named correctly: 1, else 0.")
    naming_2: points(1) = Field(description="Second animal named correctly: 1, else 0.")
    naming_3: points(1) = Field(description="Third animal named correctly: 1, else 0.")
    digits_forward: points(1) = Field(description="Digit span forward repeated correctly: 1, else 0.")
    digits_backward: points(1) = Field(description="Digit span backward repeated correctly: 1, else 0.")
    letter_tapping: points(1) = Field(description="Tapping at the letter A with fewer than 2 errors: 1, else 0.")
    serial_sevens: points(3) = Field(description="Serial 7s: 4-5 correct subtractions 3, 2-3 correct 2, 1 correct 1, "
                                     "none 0.")
    sentence_1: points(1) = Field(description="First sentence repeated exactly: 1, else 0.")
    sentence_2: points(1) = Field(description="Second sentence repeated exactly: 1, else 0.")
    fluency: points(1) = Field(description="Letter fluency: 11 or more words in one minute 1, else 0.")
    abstraction_1: points(1) = Field(description="First abstraction pair answered correctly: 1, else 0.")
    abstraction_2: points(1) = Field(description="Second abstraction pair answered correctly: 1, else 0.")
    delayed_recall: points(5) = Field(description="Words recalled without cues (0-5); registration trials score "
                                      "nothing.")
    orientation: points(6) = Field(description="Orientation items correct (0-6): date, month, year, day, place, city.")
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
    formula="Sum of the task points: visuospatial/executive 5 (trail 1, cube 1, clock 3), naming 3, attention 6 "
    "(digits forward 1, backward 1, tapping 1, serial 7s 3), language 3 (repetition 2, fluency 1), abstraction 2, "
    "delayed recall 5, orientation 6 (30 in all), plus 1 point for ≤ 12 years of education (maximum 30). 26 or more "
    "is normal; below 26 suggests cognitive impairment (90% sensitive for mild cognitive impairment).",
    description="Screen for mild cognitive impairment and dementia. Enter the points of each task as recorded on "
    "the licensed form (the test material is not reproduced here).",
    example={"trail_making": 1, "cube": 1, "clock": 2, "naming_1": 1, "naming_2": 1, "naming_3": 1,
             "digits_forward": 1, "digits_backward": 1, "letter_tapping": 1, "serial_sevens": 2, "sentence_1": 1,
             "sentence_2": 1, "fluency": 0, "abstraction_1": 1, "abstraction_2": 0, "delayed_recall": 2,
             "orientation": 5, "education_12_years_or_less": True},
)
def moca(x: MoCAInputs, w: Working) -> int:
    parts = [w.step(what, f"{getattr(x, name)} of {top}", getattr(x, name), "points") for name, what, top, _ in ITEMS]
    tested = sum(parts)
    parts.append(finding(w, "≤ 12 years of education", x.education_12_years_or_less and tested < 30,
                         texts=("+1", "none" if not x.education_12_years_or_less else "none (already 30)")))
    total = sum_points(w, parts)
    w.interpretation = ("≥ 26: normal range" if total >= 26 else
                        "< 26: suggests cognitive impairment (a cut-off 90% sensitive for mild cognitive impairment); "
                        "lower scores mean more impairment")
    return total
