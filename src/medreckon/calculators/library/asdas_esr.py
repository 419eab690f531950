"""ASDAS-ESR: Ankylosing Spondylitis Disease Activity Score with the sedimentation rate (Lukas 2009)."""

from __future__ import annotations

import math

from pydantic import Field

from ..fields import ESR
from ..spec import Output, Reference, Working, calculator, fmt
from .asdas_crp import ACTIVITY_OUTPUT, REFERENCES, STATES, ASDASRatings, activity, weighted_ratings


class ASDASESRInputs(ASDASRatings):
    esr: ESR = Field(description="Erythrocyte sedimentation rate, mm/h (Westergren).")


@calculator(
    id="asdas-esr",
    name="Ankylosing Spondylitis Disease Activity Score with ESR (ASDAS-ESR)",
    aliases=("Ankylosing Spondylitis Disease Activity Score with ESR (ASDAS-ESR)",),
    kind="equation",
    specialty="rheumatology",
    output=Output("points", "decimal", 1, range=(0, 7), secondary=(ACTIVITY_OUTPUT,)),
    inputs=ASDASESRInputs,
    references=(*REFERENCES, Reference("MDCalc. Ankylosing Spondylitis Disease Activity Score with ESR (ASDAS-ESR).",
                                       "https://www.mdcalc.com/calc/10208/ankylosing-spondylitis-disease-activity-score-esr-asdas-esr")),
    formula="ASDAS-ESR = 0.08 × back pain + 0.07 × duration of morning stiffness + 0.11 × patient global + 0.09 × "
    f"peripheral pain/swelling + 0.29 × √ESR [mm/h]; ratings 0-10. {STATES}.",
    description="Composite disease activity in axial spondyloarthritis, for when CRP is not available (ASAS prefers "
    "ASDAS-CRP).",
    example={"back_pain": 7, "morning_stiffness_duration": 6, "patient_global": 6, "peripheral_pain": 3, "esr": 30},
)
def asdas_esr(x: ASDASESRInputs, w: Working) -> float:
    ratings = weighted_ratings(x, w, (0.08, 0.07, 0.11, 0.09))
    score = w.step("ASDAS-ESR", f"{fmt(ratings)} + 0.29 × √{fmt(x.esr)}", ratings + 0.29 * math.sqrt(x.esr))
    activity(w, score)
    return score
