"""Modified Rankin Scale by the 9-question structured interview (mRS-9Q; Patel 2012)."""

from __future__ import annotations

from pydantic import Field

from ..fields import Inputs
from ..spec import Output, Reference, Working, calculator
from .modified_rankin import GRADES

GRADE_NAMES = {points: name for name, (points, _) in GRADES.items()}


class MRS9QInputs(Inputs):
    symptoms: bool = Field(description="Q1: Does the patient have any symptoms bothering them from the stroke "
                           "(speech, walking, vision, sensation, mood, pain)?")
    same_work: bool = Field(True, description="Q2: Able to do the same work (paid or unpaid, including caring for "
                            "others) as before the stroke?")
    hobbies: bool = Field(True, description="Q3: Able to keep up hobbies and leisure activities as before?")
    social_ties: bool = Field(True, description="Q4: Maintained ties to friends and family as before?")
    help_meals_chores: bool = Field(False, description="Q5: Needs help to make a simple meal, do household chores or "
                                    "manage money?")
    help_shopping_travel: bool = Field(False, description="Q6: Needs help with shopping or travelling close to home?")
    help_walking: bool = Field(False, description="Q7: Needs another person to help with walking?")
    help_bodily_needs: bool = Field(False, description="Q8: Needs help with eating, using the toilet or bathing?")
    bedbound: bool = Field(False, description="Q9: Stays in bed most of the day and needs constant nursing care?")


@calculator(
    id="mrs-9q",
    name="Modified Rankin Score-9Q (mRS-9Q)",
    aliases=("mrs9q", "modified-rankin-9-questions"),
    kind="score",
    specialty="neurology",
    output=Output("points", "integer", 0, range=(0, 5)),
    inputs=MRS9QInputs,
    references=(
        Reference("Patel N, Rao VA, Heilman-Espinoza ER, Lai R, Quesada RA, Flint AC. Simple and reliable "
                  "determination of the modified Rankin Scale score in neurosurgical and neurological patients: the "
                  "mRS-9Q. Neurosurgery. 2012;71(5):971-975."),
        Reference("MDCalc. Modified Rankin Score-9Q (mRS-9Q)."),
    ),
    formula="5 if Q9 (bedbound, constant nursing); else 4 if Q7 or Q8 (help to walk, or with eating, toilet or "
    "bathing); else 3 if Q5 or Q6 (help with meals, chores, money, shopping or local travel); else 2 if any of Q2-Q4 "
    "is no (work, hobbies, social ties not as before); else 1 if Q1 (symptoms); else 0.",
    description="The modified Rankin Scale (0-5; 6 is death) assigned from nine yes/no questions, the most disabled "
    "answer deciding, for reliable scoring by interview or telephone.",
    example={"symptoms": True, "same_work": False, "hobbies": False, "social_ties": True, "help_meals_chores": True,
             "help_shopping_travel": True, "help_walking": True, "help_bodily_needs": True, "bedbound": False},
)
def mrs_9q(x: MRS9QInputs, w: Working) -> int:
    if x.bedbound:
        grade, why = 5, "Q9: bedbound, constant nursing care"
    elif x.help_walking or x.help_bodily_needs:
        grade, why = 4, "Q7/Q8: help to walk or with bodily needs"
    elif x.help_meals_chores or x.help_shopping_travel:
        grade, why = 3, "Q5/Q6: help with meals, chores, shopping or travel"
    elif not (x.same_work and x.hobbies and x.social_ties):
        grade, why = 2, "Q2-Q4: usual activities not as before"
    elif x.symptoms:
        grade, why = 1, "Q1: symptoms without loss of usual activities"
    else:
        grade, why = 0, "no symptoms"
    w.step("mRS", why, grade, "points")
    w.interpretation = f"mRS {grade}: {GRADE_NAMES[grade]}"
    return grade
