"""EOSS: Edmonton Obesity Staging System (Sharma & Kushner 2009)."""

from __future__ import annotations

from pydantic import Field

from ..fields import Inputs
from ..spec import Output, Reference, Working, calculator

STAGES = ("Stage 0", "Stage 1", "Stage 2", "Stage 3", "Stage 4")
GRADES = "0 none, 1 mild (subclinical), 2 moderate (established), 3 significant (end-organ damage), 4 severe " \
         "(end-stage, potentially disabling)"


class EOSSInputs(Inputs):
    medical: int = Field(ge=0, le=4, description="Obesity-related physiological risk factors and comorbidities, 0-4: 0 "
                         "none; 1 subclinical (borderline BP, impaired fasting glucose, raised liver enzymes); "
                         "2 established disease (hypertension, type 2 diabetes, sleep apnoea, osteoarthritis, PCOS); "
                         "3 end-organ damage (myocardial infarction, heart failure, diabetic complications); 4 "
                         "end-stage disease.")
    mental: int = Field(ge=0, le=4, description=f"Obesity-related psychological symptoms, 0-4: {GRADES}.")
    functional: int = Field(ge=0, le=4, description=f"Functional limitations and impaired well-being from obesity, "
                            f"0-4: {GRADES}.")


@calculator(
    id="eoss",
    name="Edmonton Obesity Staging System (EOSS)",
    aliases=("Edmonton Obesity Staging System (EOSS)", "edmonton-obesity-staging"),
    kind="score",
    specialty="endocrinology",
    output=Output(None, "category", categories=STAGES),
    inputs=EOSSInputs,
    references=(
        Reference("Sharma AM, Kushner RF. A proposed clinical staging system for obesity. Int J Obes (Lond). "
                  "2009;33(3):289-295.", "https://doi.org/10.1038/ijo.2009.2"),
        Reference("MDCalc. Edmonton Obesity Staging System (EOSS)."),
    ),
    formula="The stage is the most severe of the three domains (medical, mental, functional), each graded 0-4: "
    "stage 0 no risk factors or limitations; 1 subclinical; 2 established comorbidity or moderate limitation; 3 "
    "end-organ damage or significant impairment; 4 severe, end-stage.",
    description="Stages obesity by its health consequences rather than by BMI, to prioritise treatment.",
    example={"medical": 2, "mental": 1, "functional": 1},
)
def eoss(x: EOSSInputs, w: Working) -> str:
    stage = w.step("highest domain grade", f"medical {x.medical}, mental {x.mental}, functional {x.functional}",
                   max(x.medical, x.mental, x.functional))
    w.interpretation = (f"EOSS stage {stage}: " + ("no obesity-related risk factors or limitations" if stage == 0 else
                                                    "subclinical risk factors or mild symptoms" if stage == 1 else
                                                    "established obesity-related disease or moderate limitations"
                                                    if stage == 2 else "end-organ damage or significant impairment"
                                                    if stage == 3 else "severe, end-stage disease"))
    return STAGES[stage]
