"""DAS28-ESR: Disease Activity Score in 28 joints with the sedimentation rate (Prevoo 1995); the shared\nparts of DAS28-CRP."""

from __future__ import annotations

import math

from pydantic import Field

from ..fields import ESR, q
from ..spec import Output, Reference, Working, calculator, fmt, invalid
from .cdai import ACTIVITY_OUTPUT, RAJointCounts, activity_band

GlobalHealth = q("cm", ge=0, le=10, plausible=(0, 10), units=("cm", "mm"))
STATES = "< 2.6 remission, ≤ 3.2 low, ≤ 5.1 moderate, > 5.1 high disease activity"
PREVOO = Reference("Prevoo ML, van 't Hof MA, Kuper HH, et al. Modified disease activity scores that include "
                   "twenty-eight-joint counts: development and validation in a prospective longitudinal study of "
                   "patients with rheumatoid arthritis. Arthritis Rheum. 1995;38(1):44-48.",
                   "https://doi.org/10.1002/art.1780380107")


class DAS28Inputs(RAJointCounts):
    global_health: GlobalHealth = Field(description="Patient global assessment of health on the 10 cm visual analogue "
                                        "scale, in cm by default (0-10); a value in mm must carry its unit ('60 mm'). "
                                        "The formula uses mm (0-100).")


class DAS28ESRInputs(DAS28Inputs):
    esr: ESR = Field(description="Erythrocyte sedimentation rate, mm/h (above 0: the formula takes its logarithm).")


def joints_term(x: DAS28Inputs) -> str:
    return f"0.56 × √{x.tender_joints} + 0.28 × √{x.swollen_joints}"


def das28_band(w: Working, score: float) -> None:
    activity_band(w, score, (2.6, 3.2, 5.1), "DAS28", remission_below=True)


@calculator(
    id="das28-esr",
    name="Disease Activity Score-28 for Rheumatoid Arthritis with ESR (DAS28-ESR)",
    aliases=("Disease Activity Score-28 for Rheumatoid Arthritis with ESR (DAS28-ESR)", "das28"),
    kind="equation",
    specialty="rheumatology",
    output=Output("points", "decimal", 2, range=(0, 10), secondary=(ACTIVITY_OUTPUT,)),
    inputs=DAS28ESRInputs,
    references=(PREVOO, Reference("MDCalc. Disease Activity Score-28 for Rheumatoid Arthritis with ESR (DAS28-ESR).",
                                  "https://www.mdcalc.com/calc/2201/disease-activity-score-28-rheumatoid-arthritis-esr-das28-esr")),
    formula=f"DAS28-ESR = 0.56 × √TJC28 + 0.28 × √SJC28 + 0.70 × ln(ESR) + 0.014 × global health (mm, 0-100). {STATES}.",
    description="Rheumatoid arthritis disease activity from 28-joint counts, the ESR and the patient's global "
    "health.",
    example={"tender_joints": 8, "swollen_joints": 6, "esr": 28, "global_health": 6},
)
def das28_esr(x: DAS28ESRInputs, w: Working) -> float:
    if x.esr <= 0:
        raise invalid("esr", x.esr, "an ESR above 0 mm/h", "the formula takes ln(ESR); a reported ESR of 0 is below "
                      "the method's resolution")
    gh = x.global_health * 10
    score = w.step("DAS28-ESR", f"{joints_term(x)} + 0.70 × ln({fmt(x.esr)}) + 0.014 × {fmt(gh)}",
                   0.56 * math.sqrt(x.tender_joints) + 0.28 * math.sqrt(x.swollen_joints) + 0.70 * math.log(x.esr)
                   + 0.014 * gh)
    das28_band(w, score)
    return score
