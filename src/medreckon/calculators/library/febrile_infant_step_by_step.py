"""Step-by-Step approach to febrile infants 90 days old or younger (Gomez 2016)."""

from __future__ import annotations

from pydantic import Field

from ..fields import CRP, Finding, Inputs, WhiteCells, q
from ..spec import Output, Reference, Working, calculator, fmt

RISKS = ("High risk", "Intermediate risk", "Low risk")
Procalcitonin = q("ng/mL", ge=0, lt=1000, plausible=(0, 100), units=("ng/mL", "ug/L"))
AgeDays = q("d", ge=0, lt=400, plausible=(0, 90), units=("d", "wk", "mo"))


class StepByStepInputs(Inputs):
    ill_appearing: bool = Finding("Ill appearing (abnormal Pediatric Assessment Triangle).")
    age: AgeDays = Field(description="Age in days (weeks with the unit); 21 days or younger is high risk.")
    leukocyturia: bool = Finding("Leukocyturia (leukocyte esterase or pyuria on urinalysis).")
    procalcitonin: Procalcitonin = Field(description="Procalcitonin, ng/mL; 0.5 or more is high risk.")
    crp: CRP = Field(description="C-reactive protein, mg/L by default (mg/dL with its unit); above 20 mg/L is "
                     "intermediate risk.")
    anc: WhiteCells = Field(description="Absolute neutrophil count, ×10⁹/L by default (/µL with its unit); above "
                            "10 × 10⁹/L (10,000/µL) is intermediate risk.")


@calculator(
    id="febrile-infant-step-by-step",
    name="Step-by-Step Approach to Febrile Infants",
    aliases=("Step-by-Step Approach to Febrile Infants", "step-by-step-febrile-infant"),
    kind="score",
    specialty="pediatrics",
    output=Output(None, "category", categories=RISKS),
    inputs=StepByStepInputs,
    references=(
        Reference("Gomez B, Mintegi S, Bressan S, et al. Validation of the 'Step-by-Step' approach in the management "
                  "of young febrile infants. Pediatrics. 2016;138(2):e20154381.", "https://doi.org/10.1542/peds.2015-4381"),
        Reference("MDCalc. Step-by-Step Approach to Febrile Infants."),
    ),
    formula="In order: ill appearing → high risk; age ≤ 21 days → high risk; leukocyturia → high risk; "
    "procalcitonin ≥ 0.5 ng/mL → high risk; CRP > 20 mg/L or ANC > 10 × 10⁹/L → intermediate risk; otherwise low "
    "risk (invasive bacterial infection about 0.7%).",
    description="Sequential assessment of well-appearing febrile infants ≤ 90 days old to identify those at low "
    "risk of invasive bacterial infection who may be managed without a lumbar puncture or empiric antibiotics.",
    example={"ill_appearing": False, "age": 28, "leukocyturia": False, "procalcitonin": 0.21, "crp": 6, "anc": 7.5},
)
def febrile_infant_step_by_step(x: StepByStepInputs, w: Working) -> str:
    steps = (("ill appearing", x.ill_appearing, "ill appearing" if x.ill_appearing else "well appearing", 0),
             ("age ≤ 21 days", round(x.age, 6) <= 21, f"{fmt(x.age)} days", 0),
             ("leukocyturia", x.leukocyturia, "present" if x.leukocyturia else "absent", 0),
             ("procalcitonin ≥ 0.5 ng/mL", round(x.procalcitonin, 6) >= 0.5, f"{fmt(x.procalcitonin, 2)} ng/mL", 0),
             ("CRP > 20 mg/L or ANC > 10 × 10⁹/L", round(x.crp, 6) > 20 or round(x.anc, 6) > 10,
              f"CRP {fmt(x.crp, 1)} mg/L, ANC {fmt(x.anc, 2)} × 10⁹/L", 1))
    for what, hit, shown, risk in steps:
        if w.step(what, shown, hit):
            w.interpretation = ("high risk: full sepsis work-up and empiric antibiotics" if risk == 0 else
                                "intermediate risk: consider lumbar puncture and empiric antibiotics; observe")
            return RISKS[risk]
    w.interpretation = "low risk (invasive bacterial infection about 0.7%): a full sepsis work-up is likely not needed"
    return RISKS[2]
