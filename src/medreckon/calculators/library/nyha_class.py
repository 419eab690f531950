"""New York Heart Association (NYHA) functional classification of heart failure."""

from __future__ import annotations

from pydantic import Field

from ..fields import Inputs, choice
from ..spec import Output, Reference, Working, calculator

LIMITATION = {
    "none": "Class I",
    "slight": "Class II",
    "marked": "Class III",
    "symptoms_at_rest": "Class IV",
}


class NYHAInputs(Inputs):
    limitation: choice(*LIMITATION) = Field(description=(
        "Limitation of physical activity by heart failure symptoms (fatigue, palpitation, dyspnoea): 'none' "
        "(ordinary activity causes no symptoms); 'slight' (comfortable at rest, ordinary activity causes symptoms); "
        "'marked' (comfortable at rest, less than ordinary activity causes symptoms); 'symptoms_at_rest' (unable to "
        "carry on any physical activity without discomfort; symptoms at rest)."))


@calculator(
    id="nyha-class",
    name="New York Heart Association (NYHA) Functional Classification for Heart Failure",
    aliases=("nyha", "nyha-functional-class"),
    kind="score",
    specialty="cardiology",
    output=Output(None, "category", categories=tuple(LIMITATION.values())),
    inputs=NYHAInputs,
    references=(
        Reference("The Criteria Committee of the New York Heart Association. Nomenclature and Criteria for Diagnosis "
                  "of Diseases of the Heart and Great Vessels. 9th ed. Boston: Little, Brown & Co; 1994:253-256."),
    ),
    formula="Class I: no limitation; II: slight limitation (symptoms with ordinary activity); III: marked limitation "
    "(symptoms with less than ordinary activity); IV: symptoms at rest",
    description="Functional class of a patient with heart disease by the limitation of physical activity.",
    example={"limitation": "marked"},
)
def nyha_class(x: NYHAInputs, w: Working) -> str:
    cls = w.step("NYHA class", f"{x.limitation.replace('_', ' ')} limitation", LIMITATION[x.limitation])
    w.interpretation = f"NYHA {cls}"
    return cls
