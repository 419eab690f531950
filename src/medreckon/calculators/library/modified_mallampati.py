"""Modified Mallampati classification of the oropharyngeal view (Samsoon & Young 1987)."""

from __future__ import annotations

from pydantic import Field

from ..fields import Inputs, choice
from ..spec import Output, Reference, Working, calculator

CLASSES = {
    "soft palate, fauces, uvula and pillars visible": "Class I",
    "soft palate, fauces and uvula visible": "Class II",
    "soft palate and base of uvula visible": "Class III",
    "soft palate not visible": "Class IV",
}
View = choice(*CLASSES)
# the Mallampati class as MDCalc and anaesthetic records write it, for scores that take the class itself
MallampatiClass = choice("I", "II", "III", "IV")


class MallampatiInputs(Inputs):
    view: View = Field(
        description="What is seen with the patient sitting, mouth fully open, tongue protruded, without phonation: "
        "'soft palate, fauces, uvula and pillars visible' (I); 'soft palate, fauces and uvula visible' (II); 'soft "
        "palate and base of uvula visible' (III); 'soft palate not visible' (IV: only the hard palate).")


@calculator(
    id="modified-mallampati",
    name="Modified Mallampati Classification",
    aliases=("mallampati", "mallampati-score", "mallampati-class"),
    kind="score",
    specialty="anesthesiology",
    output=Output(None, "category", categories=tuple(CLASSES.values())),
    inputs=MallampatiInputs,
    references=(
        Reference("Mallampati SR, Gatt SP, Gugino LD, et al. A clinical sign to predict difficult tracheal intubation: "
                  "a prospective study. Can Anaesth Soc J. 1985;32(4):429-434."),
        Reference("Samsoon GL, Young JR. Difficult tracheal intubation: a retrospective study. Anaesthesia. "
                  "1987;42(5):487-490 (the modified, four-class version)."),
        Reference("MDCalc. Modified Mallampati Classification."),
    ),
    formula="I: soft palate, fauces, uvula, pillars visible. II: soft palate, fauces, uvula. III: soft palate, base "
    "of uvula. IV: soft palate not visible. Classes III-IV predict difficult laryngoscopy and intubation.",
    description="Bedside airway assessment from the oropharyngeal structures visible; a class of III or IV predicts "
    "a difficult airway, though alone it has modest accuracy.",
    example={"view": "soft palate not visible"},
)
def modified_mallampati(x: MallampatiInputs, w: Working) -> str:
    label = w.step("Mallampati class", x.view, CLASSES[x.view])
    w.interpretation = (f"{label}: difficult airway predicted" if label in ("Class III", "Class IV") else
                        f"{label}: difficult airway not predicted by Mallampati")
    return label
