"""Braden scale for predicting pressure ulcer risk (Bergstrom 1987)."""

from __future__ import annotations

from pydantic import Field

from ..fields import Inputs
from ..points import sum_points
from ..spec import Output, Reference, Secondary, Working, calculator

# (highest total, risk) — lower scores mean higher risk
RISK = ((9, "Very high risk"), (12, "High risk"), (14, "Moderate risk"), (18, "Mild risk"), (23, "No risk"))
SUBSCALES = (
    ("sensory_perception", "sensory perception", 4),
    ("moisture", "moisture", 4),
    ("activity", "activity", 4),
    ("mobility", "mobility", 4),
    ("nutrition", "nutrition", 4),
    ("friction_shear", "friction and shear", 3),
)


class BradenInputs(Inputs):
    sensory_perception: int = Field(ge=1, le=4, description="1 completely limited, 2 very limited, 3 slightly limited, "
                                    "4 no impairment.")
    moisture: int = Field(ge=1, le=4, description="1 constantly moist, 2 very moist, 3 occasionally moist, 4 rarely "
                          "moist.")
    activity: int = Field(ge=1, le=4, description="1 bedfast, 2 chairfast, 3 walks occasionally, 4 walks frequently.")
    mobility: int = Field(ge=1, le=4, description="1 completely immobile, 2 very limited, 3 slightly limited, 4 no "
                          "limitation.")
    nutrition: int = Field(ge=1, le=4, description="1 very poor, 2 probably inadequate, 3 adequate, 4 excellent.")
    friction_shear: int = Field(ge=1, le=3, description="1 problem, 2 potential problem, 3 no apparent problem "
                                "(scored 1-3).")


@calculator(
    id="braden",
    name="Braden Score for Pressure Ulcers",
    aliases=("braden-scale", "braden-score"),
    kind="score",
    specialty="nursing",
    output=Output("points", "integer", 0, range=(6, 23), secondary=(
        Secondary("risk", "Very high (≤ 9), High (10-12), Moderate (13-14), Mild (15-18) or No risk (19-23)", None,
                  "text"),
    )),
    inputs=BradenInputs,
    references=(
        Reference("Bergstrom N, Braden BJ, Laguzza A, Holman V. The Braden Scale for predicting pressure sore risk. "
                  "Nurs Res. 1987;36(4):205-210.", "https://doi.org/10.1097/00006199-198707000-00002"),
        Reference("Ayello EA, Braden B. How and why to do pressure ulcer risk assessment. Adv Skin Wound Care. "
                  "2002;15(3):125-131 (risk bands)."),
        Reference("MDCalc: Braden Score for Pressure Ulcers.", "https://www.mdcalc.com/calc/10236/braden-score-pressure-ulcers"),
    ),
    formula="Sum of six subscales (five 1-4, friction and shear 1-3), total 6-23; ≤ 9 very high risk, 10-12 high, "
    "13-14 moderate, 15-18 mild, ≥ 19 no risk",
    description="Nursing assessment of pressure ulcer (injury) risk; lower scores mean higher risk. Each subscale is "
    "the level that fits best (1 the worst).",
    example={"sensory_perception": 3, "moisture": 3, "activity": 2, "mobility": 2, "nutrition": 2, "friction_shear": 2},
)
def braden(x: BradenInputs, w: Working) -> int:
    total = sum_points(w, [w.step(what, f"level {getattr(x, name)} of {top}", getattr(x, name), "points")
                           for name, what, top in SUBSCALES])
    risk = w.output("risk", next(label for top, label in RISK if total <= top))
    w.interpretation = risk.lower() + " of pressure ulcers"
    return total
