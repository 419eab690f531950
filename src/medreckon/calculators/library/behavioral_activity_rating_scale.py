"""Behavioural Activity Rating Scale (BARS) for agitation (Swift 2002)."""

from __future__ import annotations

from pydantic import Field

from ..fields import Inputs
from ..spec import Output, Reference, Secondary, Working, calculator

LEVELS = {
    1: "Difficult or unable to rouse",
    2: "Asleep but responds normally to verbal or physical contact",
    3: "Drowsy, appears sedated",
    4: "Quiet and awake (normal level of activity)",
    5: "Signs of overt (physical or verbal) activity, calms down with instructions",
    6: "Extremely or continuously active, not requiring restraint",
    7: "Violent, requires restraint",
}


class BARSInputs(Inputs):
    level: int = Field(ge=1, le=7, description="The observed behaviour: " + "; ".join(f"{n} {text.lower()}"
                                                                                      for n, text in LEVELS.items()))


@calculator(
    id="behavioral-activity-rating-scale",
    name="Behavioral Activity Rating Scale (BARS)",
    aliases=("Behavioral Activity Rating Scale (BARS)", "behavioural-activity-rating-scale"),
    kind="score",
    specialty="psychiatry",
    output=Output("points", "integer", 0, range=(1, 7), secondary=(
        Secondary("description", "the level's description", None, "text"),
    )),
    inputs=BARSInputs,
    references=(
        Reference("Swift RH, Harrigan EP, Cappelleri JC, Kramer D, Chandler LP. Validation of the behavioural activity "
                  "rating scale (BARS): a novel measure of activity in agitated patients. J Psychiatr Res. "
                  "2002;36(2):87-95.", "https://doi.org/10.1016/S0022-3956(01)00052-8"),
        Reference("MDCalc. Behavioral Activity Rating Scale (BARS)."),
    ),
    formula="One observed level from 1 (difficult or unable to rouse) through 4 (quiet and awake, normal) to 7 "
    "(violent, requires restraint).",
    description="Rates agitation and sedation in acutely agitated patients, e.g. to judge the effect of a calming "
    "drug; 4 is normal activity.",
    example={"level": 6},
)
def behavioral_activity_rating_scale(x: BARSInputs, w: Working) -> int:
    text = w.output("description", LEVELS[x.level])
    w.step("observed level", text.lower(), x.level, "points")
    w.interpretation = f"{x.level}: {text.lower()}" + (" (agitated)" if x.level > 4 else " (sedated)" if x.level < 4
                                                       else "")
    return x.level
