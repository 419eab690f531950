"""NDI: Neck Disability Index (Vernon & Mior 1991)."""

from __future__ import annotations

from pydantic import Field, create_model

from ..fields import Inputs
from ..scales import item, score_items
from ..spec import Output, Reference, Secondary, Working, calculator

SECTIONS = (
    ("pain_intensity", "pain intensity"), ("personal_care", "personal care (washing, dressing)"),
    ("lifting", "lifting"), ("reading", "reading"), ("headaches", "headaches"), ("concentration", "concentration"),
    ("work", "work"), ("driving", "driving"), ("sleeping", "sleeping"), ("recreation", "recreation"),
)
LEVELS = ("None", "Mild", "Moderate", "Severe", "Complete")
NDIInputs = create_model("NDIInputs", __base__=Inputs, __module__=__name__, **{
    name: (item(5), Field(description=f"Section '{what}': the statement chosen, scored 0 (no difficulty) to 5 (the "
                                      f"worst statement)."))
    for name, what in SECTIONS})


@calculator(
    id="neck-disability-index",
    name="Neck Disability Index (NDI)",
    aliases=("Neck Disability Index (NDI)", "ndi"),
    kind="score",
    specialty="orthopedics",
    output=Output("points", "integer", 0, range=(0, 50), secondary=(
        Secondary("disability", "None (0-4), Mild (5-14), Moderate (15-24), Severe (25-34), Complete (≥ 35)", None,
                  "text"),
        Secondary("percent", "the total as a percentage of 50", "%", "integer"),
    )),
    inputs=NDIInputs,
    references=(
        Reference("Vernon H, Mior S. The Neck Disability Index: a study of reliability and validity. J Manipulative "
                  "Physiol Ther. 1991;14(7):409-415."),
        Reference("MDCalc. Neck Disability Index (NDI).", "https://www.mdcalc.com/calc/10191/neck-disability-index-ndi"),
    ),
    formula="Ten sections each 0-5; total 0-50 (× 2 for a percentage). 0-4 no disability, 5-14 mild, 15-24 "
    "moderate, 25-34 severe, ≥ 35 complete disability.",
    description="Self-reported disability from neck pain. If a section is skipped, clinicians usually score the rest "
    "as a percentage of the sections answered; this calculator needs all ten.",
    example={"pain_intensity": 3, "personal_care": 1, "lifting": 3, "reading": 2, "headaches": 3, "concentration": 2,
             "work": 2, "driving": 2, "sleeping": 3, "recreation": 3},
)
def neck_disability_index(x: NDIInputs, w: Working) -> int:  # type: ignore[valid-type]
    total = score_items(w, [(what, getattr(x, name), 5) for name, what in SECTIONS])
    level = w.output("disability", LEVELS[0] if total <= 4 else LEVELS[1] if total <= 14 else LEVELS[2] if total <= 24
                     else LEVELS[3] if total <= 34 else LEVELS[4])
    w.output("percent", total * 2)
    w.interpretation = f"{level.lower()} disability ({total} of 50, {total * 2}%)"
    return total
