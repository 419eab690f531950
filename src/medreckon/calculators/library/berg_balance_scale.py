"""Berg Balance Scale: 14 graded balance tasks (Berg 1989; fall-risk cut-off Berg 1992)."""

from __future__ import annotations

from pydantic import Field

from ..fields import Inputs
from ..scales import item, score_items
from ..spec import Output, Reference, Secondary, Working, calculator

Task = item(4)
SCORING = "Points 0-4 as the Berg form grades this task (4 = performs it independently and safely as asked)."

ITEMS = (
    ("sitting_to_standing", "sitting to standing"),
    ("standing_unsupported", "standing unsupported (2 minutes)"),
    ("sitting_unsupported", "sitting with back unsupported, feet on the floor (2 minutes)"),
    ("standing_to_sitting", "standing to sitting"),
    ("transfers", "transfers (chair with and without armrests)"),
    ("standing_eyes_closed", "standing unsupported with eyes closed (10 seconds)"),
    ("standing_feet_together", "standing unsupported with feet together (1 minute)"),
    ("reaching_forward", "reaching forward with outstretched arm while standing"),
    ("picking_up_object", "picking up an object from the floor from standing"),
    ("turning_to_look_behind", "turning to look behind over left and right shoulders"),
    ("turning_360", "turning 360 degrees"),
    ("alternate_foot_on_stool", "placing alternate foot on a step or stool while standing unsupported"),
    ("tandem_standing", "standing unsupported with one foot in front (tandem, 30 seconds)"),
    ("standing_on_one_leg", "standing on one leg"),
)


class BergBalanceInputs(Inputs):
    sitting_to_standing: Task = Field(description=f"Sitting to standing. {SCORING}")
    standing_unsupported: Task = Field(description=f"Standing unsupported for 2 minutes. {SCORING}")
    sitting_unsupported: Task = Field(description=f"Sitting with back unsupported for 2 minutes. {SCORING}")
    standing_to_sitting: Task = Field(description=f"Standing to sitting. {SCORING}")
    transfers: Task = Field(description=f"Transfers between chairs with and without armrests. {SCORING}")
    standing_eyes_closed: Task = Field(description=f"Standing unsupported with eyes closed for 10 seconds. {SCORING}")
    standing_feet_together: Task = Field(description=f"Standing with feet together for 1 minute. {SCORING}")
    reaching_forward: Task = Field(description=f"Reaching forward with outstretched arm (4: > 25 cm, 3: > 12 cm, "
                                   f"2: > 5 cm). {SCORING}")
    picking_up_object: Task = Field(description=f"Picking up a slipper from the floor. {SCORING}")
    turning_to_look_behind: Task = Field(description=f"Turning to look behind over both shoulders. {SCORING}")
    turning_360: Task = Field(description=f"Turning a full circle (4: safely in ≤ 4 s each way). {SCORING}")
    alternate_foot_on_stool: Task = Field(description=f"Placing alternate feet on a stool, 8 steps (4: in 20 s). "
                                          f"{SCORING}")
    tandem_standing: Task = Field(description=f"Standing with one foot in front for 30 seconds. {SCORING}")
    standing_on_one_leg: Task = Field(description=f"Standing on one leg (4: > 10 s, 3: 5-10 s, 2: ≥ 3 s). {SCORING}")


@calculator(
    id="berg-balance-scale",
    name="Berg Balance Scale (BBS)",
    aliases=("Berg Balance Scale (BBS)", "berg-balance", "bbs"),
    kind="score",
    specialty="geriatrics",
    output=Output("points", "integer", 0, range=(0, 56), secondary=(
        Secondary("fall_risk", "fall risk by Berg's cut-off: Increased (< 45) or Not increased (≥ 45)", None, "text"),
    )),
    inputs=BergBalanceInputs,
    references=(
        Reference("Berg KO, Wood-Dauphinee SL, Williams JI, Gayton D. Measuring balance in the elderly: preliminary "
                  "development of an instrument. Physiother Can. 1989;41(6):304-311.",
                  "https://doi.org/10.3138/ptc.41.6.304"),
        Reference("Berg KO, Wood-Dauphinee SL, Williams JI, Maki B. Measuring balance in the elderly: validation of "
                  "an instrument. Can J Public Health. 1992;83 Suppl 2:S7-11."),
        Reference("MDCalc. Berg Balance Scale (BBS).", "https://www.mdcalc.com/calc/10150/berg-balance-scale-bbs"),
    ),
    formula="Fourteen tasks each 0-4; total 0-56. 41-56 low fall risk (independent), 21-40 medium (walking with "
    "assistance), 0-20 high (wheelchair bound); below 45 predicts an increased risk of falls (Berg 1992), the "
    "cut-off MDCalc reports.",
    description="Static and dynamic balance in older adults and after stroke, to estimate fall risk and follow "
    "rehabilitation. Score each task at the lowest level that applies.",
    example={"sitting_to_standing": 3, "standing_unsupported": 3, "sitting_unsupported": 4, "standing_to_sitting": 3,
             "transfers": 3, "standing_eyes_closed": 3, "standing_feet_together": 2, "reaching_forward": 2,
             "picking_up_object": 3, "turning_to_look_behind": 3, "turning_360": 2, "alternate_foot_on_stool": 3,
             "tandem_standing": 2, "standing_on_one_leg": 1},
)
def berg_balance_scale(x: BergBalanceInputs, w: Working) -> int:
    total = score_items(w, [(what, getattr(x, name), 4) for name, what in ITEMS])
    w.output("fall_risk", "Increased" if total < 45 else "Not increased")
    band = ("0-20: high fall risk (typically wheelchair bound)" if total <= 20 else
            "21-40: medium fall risk (typically walks with assistance)" if total <= 40 else
            "41-56: low fall risk (typically independent)")
    cut = "below 45: increased risk of falls" if total < 45 else "45 or more: no increased risk of falls by Berg's cut-off"
    w.interpretation = f"{band}; {cut}"
    return total
