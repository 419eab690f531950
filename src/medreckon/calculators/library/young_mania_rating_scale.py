"""YMRS: Young Mania Rating Scale (Young 1978)."""

from __future__ import annotations

from pydantic import Field, create_model

from ..fields import Inputs
from ..scales import item, score_items
from ..spec import Output, Reference, Secondary, Working, calculator

# (field, what, maximum): items 5, 6, 8 and 9 are weighted double (0-8)
ITEMS = (
    ("elevated_mood", "elevated mood", 4), ("motor_activity", "increased motor activity-energy", 4),
    ("sexual_interest", "sexual interest", 4), ("sleep", "sleep", 4), ("irritability", "irritability", 8),
    ("speech", "speech (rate and amount)", 8), ("language_thought_disorder", "language-thought disorder", 4),
    ("content", "content", 8), ("disruptive_aggressive", "disruptive-aggressive behaviour", 8),
    ("appearance", "appearance", 4), ("insight", "insight", 4),
)
BANDS = ("Remission", "Minimal", "Mild", "Moderate", "Severe")
YMRSInputs = create_model("YMRSInputs", __base__=Inputs, __module__=__name__, **{
    name: (item(top), Field(description=f"{what.capitalize()}, 0-{top} as rated from the interview and observation"
                                        f"{' (a double-weighted item)' if top == 8 else ''}."))
    for name, what, top in ITEMS})


@calculator(
    id="young-mania-rating-scale",
    name="Young Mania Rating Scale (YMRS)",
    aliases=("Young Mania Rating Scale (YMRS)", "ymrs"),
    kind="score",
    specialty="psychiatry",
    output=Output("points", "integer", 0, range=(0, 60), secondary=(
        Secondary("severity", "Remission (≤ 12), Minimal (13-19), Mild (20-25), Moderate (26-37), Severe (≥ 38)",
                  None, "text"),
    )),
    inputs=YMRSInputs,
    references=(
        Reference("Young RC, Biggs JT, Ziegler VE, Meyer DA. A rating scale for mania: reliability, validity and "
                  "sensitivity. Br J Psychiatry. 1978;133:429-435.", "https://doi.org/10.1192/bjp.133.5.429"),
        Reference("MDCalc. Young Mania Rating Scale (YMRS)."),
    ),
    formula="Eleven clinician-rated items: seven 0-4 and four (irritability, speech, content, disruptive-aggressive "
    "behaviour) 0-8; total 0-60. Commonly read as ≤ 12 remission, 13-19 minimal, 20-25 mild, 26-37 moderate, "
    "≥ 38 severe mania.",
    description="Clinician-rated severity of manic symptoms over the past 48 hours, to follow treatment.",
    example={"elevated_mood": 4, "motor_activity": 4, "sexual_interest": 3, "sleep": 4, "irritability": 6,
             "speech": 6, "language_thought_disorder": 3, "content": 6, "disruptive_aggressive": 4, "appearance": 3,
             "insight": 4},
)
def young_mania_rating_scale(x: YMRSInputs, w: Working) -> int:  # type: ignore[valid-type]
    total = score_items(w, [(what, getattr(x, name), top) for name, what, top in ITEMS])
    band = w.output("severity", BANDS[0] if total <= 12 else BANDS[1] if total <= 19 else BANDS[2] if total <= 25
                    else BANDS[3] if total <= 37 else BANDS[4])
    w.interpretation = f"{band.lower()}" + (" mania" if total > 12 else "")
    return total
