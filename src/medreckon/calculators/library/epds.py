"""EPDS: Edinburgh Postnatal Depression Scale (Cox 1987)."""

from __future__ import annotations

from pydantic import Field, create_model

from ..fields import Inputs
from ..scales import item, score_items
from ..spec import Output, Reference, Secondary, Working, calculator

ITEMS = (("laugh", "able to laugh and see the funny side of things"), ("enjoyment", "looked forward with enjoyment"),
         ("self_blame", "blamed myself unnecessarily"), ("anxious", "anxious or worried for no good reason"),
         ("scared", "scared or panicky for no good reason"), ("on_top", "things have been getting on top of me"),
         ("sleep", "so unhappy that I have had difficulty sleeping"), ("sad", "felt sad or miserable"),
         ("crying", "so unhappy that I have been crying"), ("self_harm", "the thought of harming myself has occurred "
                                                                         "to me"))
EPDSInputs = create_model("EPDSInputs", __base__=Inputs, __module__=__name__, **{
    name: (item(3), Field(description=f"In the past 7 days, {what}: the points of the answer chosen, 0-3 (items 1, 2 "
                                      f"and 4 score in the order printed, the others in reverse; give the points, not "
                                      f"the position)."))
    for name, what in ITEMS})


@calculator(
    id="epds",
    name="Edinburgh Postnatal Depression Scale (EPDS)",
    aliases=("Edinburgh Postnatal Depression Scale (EPDS)", "edinburgh-postnatal-depression-scale"),
    kind="score",
    specialty="obstetrics",
    output=Output("points", "integer", 0, range=(0, 30), secondary=(
        Secondary("screen", "Positive (≥ 13), Possible depression (10-12) or Negative (< 10)", None, "text"),
        Secondary("self_harm_positive", "item 10 above 0", None, "boolean"),
    )),
    inputs=EPDSInputs,
    references=(
        Reference("Cox JL, Holden JM, Sagovsky R. Detection of postnatal depression: development of the 10-item "
                  "Edinburgh Postnatal Depression Scale. Br J Psychiatry. 1987;150:782-786.",
                  "https://doi.org/10.1192/bjp.150.6.782"),
        Reference("MDCalc. Edinburgh Postnatal Depression Scale (EPDS)."),
    ),
    formula="Ten items each 0-3 over the past 7 days; total 0-30. ≥ 13 likely depression (positive screen), 10-12 "
    "possible depression; any score above 0 on item 10 (self-harm) needs immediate assessment.",
    description="Screen for depression in pregnancy and after birth; not a diagnosis.",
    example={"laugh": 0, "enjoyment": 1, "self_blame": 1, "anxious": 2, "scared": 1, "on_top": 1, "sleep": 1,
             "sad": 1, "crying": 1, "self_harm": 0},
)
def epds(x: EPDSInputs, w: Working) -> int:  # type: ignore[valid-type]
    total = score_items(w, [(what, getattr(x, name), 3) for name, what in ITEMS])
    screen = w.output("screen", "Positive" if total >= 13 else "Possible depression" if total >= 10 else "Negative")
    harm = w.output("self_harm_positive", x.self_harm > 0)
    w.interpretation = {"Positive": "≥ 13: likely depression; assess further",
                        "Possible depression": "10-12: possible depression; repeat or assess further",
                        "Negative": "< 10: negative screen"}[screen]
    if harm:
        w.interpretation += "; item 10 positive (thoughts of self-harm): assess suicide risk now"
        w.warn("item 10 (thoughts of self-harm) is above 0: immediate assessment needed", "self_harm")
    return total
