"""DAS28-CRP: Disease Activity Score in 28 joints with C-reactive protein."""

from __future__ import annotations

import math

from pydantic import Field

from ..fields import CRP
from ..spec import Output, Reference, Working, calculator, fmt
from .cdai import ACTIVITY_OUTPUT
from .das28_esr import PREVOO, STATES, DAS28Inputs, das28_band, joints_term


class DAS28CRPInputs(DAS28Inputs):
    crp: CRP = Field(description="C-reactive protein, mg/L by default (mg/dL with its unit: 1.2 mg/dL = 12 mg/L).")


@calculator(
    id="das28-crp",
    name="Disease Activity Score-28 for Rheumatoid Arthritis with CRP (DAS28-CRP)",
    aliases=("Disease Activity Score-28 for Rheumatoid Arthritis with CRP (DAS28-CRP)",),
    kind="equation",
    specialty="rheumatology",
    output=Output("points", "decimal", 2, range=(0.96, 10), secondary=(ACTIVITY_OUTPUT,)),
    inputs=DAS28CRPInputs,
    references=(PREVOO, Reference("MDCalc. Disease Activity Score-28 for Rheumatoid Arthritis with CRP (DAS28-CRP).",
                                  "https://www.mdcalc.com/calc/2200/disease-activity-score-28-rheumatoid-arthritis-crp-das28-crp")),
    formula=f"DAS28-CRP = 0.56 × √TJC28 + 0.28 × √SJC28 + 0.36 × ln(CRP mg/L + 1) + 0.014 × global health (mm) + "
    f"0.96. The ESR cut-offs are used: {STATES}.",
    description="Rheumatoid arthritis disease activity with CRP instead of the ESR; it runs somewhat lower than "
    "DAS28-ESR for the same patient.",
    example={"tender_joints": 8, "swollen_joints": 6, "crp": 12, "global_health": 6},
)
def das28_crp(x: DAS28CRPInputs, w: Working) -> float:
    gh = x.global_health * 10
    score = w.step("DAS28-CRP", f"{joints_term(x)} + 0.36 × ln({fmt(x.crp)} + 1) + 0.014 × {fmt(gh)} + 0.96",
                   0.56 * math.sqrt(x.tender_joints) + 0.28 * math.sqrt(x.swollen_joints)
                   + 0.36 * math.log(x.crp + 1) + 0.014 * gh + 0.96)
    das28_band(w, score)
    return score
