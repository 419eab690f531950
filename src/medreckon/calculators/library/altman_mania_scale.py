"""ASRM: Altman Self-Rating Mania Scale (Altman 1997)."""

from __future__ import annotations

from pydantic import Field, create_model

from ..fields import Inputs
from ..scales import item, score_items
from ..spec import Output, Reference, Working, calculator

ITEMS = (("mood", "happiness or cheerfulness"), ("self_confidence", "self-confidence"),
         ("sleep", "need for sleep (less sleep scores higher)"), ("speech", "talking"), ("activity", "activity level"))
ASRMInputs = create_model("ASRMInputs", __base__=Inputs, __module__=__name__, **{
    name: (item(4), Field(description=f"{what.capitalize()} over the past week: the statement chosen, 0 (no change from "
                                      f"usual) to 4 (the most marked change)."))
    for name, what in ITEMS})


@calculator(
    id="altman-mania-scale",
    name="Altman Self-Rating Mania Scale (ASRM)",
    aliases=("Altman Self-Rating Mania Scale (ASRM)", "asrm"),
    kind="score",
    specialty="psychiatry",
    output=Output("points", "integer", 0, range=(0, 20)),
    inputs=ASRMInputs,
    references=(
        Reference("Altman EG, Hedeker D, Peterson JL, Davis JM. The Altman Self-Rating Mania Scale. Biol Psychiatry. "
                  "1997;42(10):948-955.", "https://doi.org/10.1016/S0006-3223(96)00548-3"),
        Reference("MDCalc. Altman Self-Rating Mania Scale (ASRM)."),
    ),
    formula="Five items (mood, self-confidence, sleep, speech, activity) each 0-4 over the past week; total 0-20. "
    "≥ 6 suggests a high probability of mania or hypomania (sensitivity 87.3%, specificity 85.5%).",
    description="Five-item self-report of manic symptoms over the past week, to screen for or follow mania.",
    example={"mood": 4, "self_confidence": 4, "sleep": 4, "speech": 3, "activity": 3},
)
def altman_mania_scale(x: ASRMInputs, w: Working) -> int:  # type: ignore[valid-type]
    total = score_items(w, [(what, getattr(x, name), 4) for name, what in ITEMS])
    w.interpretation = ("≥ 6: high probability of hypomania or mania" if total >= 6
                        else "< 6: mania or hypomania less likely")
    return total
