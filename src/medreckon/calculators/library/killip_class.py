"""Killip classification of heart failure in acute myocardial infarction (Killip & Kimball 1967)."""

from __future__ import annotations

from pydantic import Field

from ..fields import Inputs, choice
from ..spec import Output, Reference, Secondary, Working, calculator

FINDINGS = {
    "no_heart_failure": ("Class I", 6),
    "s3_or_basal_rales": ("Class II", 17),
    "acute_pulmonary_edema": ("Class III", 38),
    "cardiogenic_shock": ("Class IV", 81),
}


class KillipInputs(Inputs):
    findings: choice(*FINDINGS) = Field(description=(
        "'no_heart_failure' (no clinical signs); 's3_or_basal_rales' (S3 gallop and/or rales in the lower half of the "
        "lung fields, or raised JVP); 'acute_pulmonary_edema' (rales over more than half the lung fields); "
        "'cardiogenic_shock' (hypotension with signs of hypoperfusion)."))


@calculator(
    id="killip-class",
    name="Killip Classification for Heart Failure",
    aliases=("killip", "killip-classification"),
    kind="score",
    specialty="cardiology",
    output=Output(None, "category", categories=tuple(v[0] for v in FINDINGS.values()), secondary=(
        Secondary("mortality_1967", "hospital mortality of the class in Killip & Kimball's 1967 series (before "
                  "reperfusion; much lower today)", "%", "integer"),
    )),
    inputs=KillipInputs,
    references=(
        Reference("Killip T 3rd, Kimball JT. Treatment of myocardial infarction in a coronary care unit. A two year "
                  "experience with 250 patients. Am J Cardiol. 1967;20(4):457-464.",
                  "https://doi.org/10.1016/0002-9149(67)90023-9"),
        Reference("MDCalc. Killip Classification for Heart Failure.",
                  "https://www.mdcalc.com/calc/3875/killip-classification-heart-failure"),
    ),
    formula="Class I: no heart failure; II: S3 and/or basal rales; III: acute pulmonary oedema; IV: cardiogenic shock",
    description="Severity of heart failure after acute myocardial infarction from the bedside examination, with "
    "30-day mortality rising from class I to IV.",
    example={"findings": "s3_or_basal_rales"},
)
def killip_class(x: KillipInputs, w: Working) -> str:
    cls, mortality = FINDINGS[x.findings]
    w.step("Killip class", x.findings.replace("_", " "), cls)
    w.output("mortality_1967", mortality)
    w.interpretation = (f"Killip {cls}: hospital mortality {mortality}% in the original 1967 series; mortality rises "
                        "with the class")
    return cls
