"""SDAI: Simplified Disease Activity Index for rheumatoid arthritis (Smolen 2003)."""

from __future__ import annotations

from pydantic import Field

from .. import units as u
from ..fields import CRP
from ..points import sum_points
from ..spec import Output, Reference, Working, calculator, fmt
from .cdai import ACTIVITY_OUTPUT, ALETAHA, CDAIInputs, activity_band, cdai_parts


class SDAIInputs(CDAIInputs):
    crp: CRP = Field(description="C-reactive protein, mg/L by default (mg/dL with its unit). The index adds CRP in "
                     "mg/dL: 12 mg/L adds 1.2.")


@calculator(
    id="sdai",
    name="Simple Disease Activity Index (SDAI) for Rheumatoid Arthritis",
    aliases=("Simple Disease Activity Index (SDAI) for Rheumatoid Arthritis", "simplified-disease-activity-index"),
    kind="score",
    specialty="rheumatology",
    output=Output("points", "decimal", 1, range=(0, 86), secondary=(ACTIVITY_OUTPUT,)),
    inputs=SDAIInputs,
    references=(
        Reference("Smolen JS, Breedveld FC, Schiff MH, et al. A simplified disease activity index for rheumatoid "
                  "arthritis for use in clinical practice. Rheumatology (Oxford). 2003;42(2):244-257.",
                  "https://doi.org/10.1093/rheumatology/keg072"),
        ALETAHA,
        Reference("MDCalc. Simple Disease Activity Index (SDAI) for Rheumatoid Arthritis.",
                  "https://www.mdcalc.com/calc/2176/simple-disease-activity-index-sdai-rheumatoid-arthritis"),
    ),
    formula="SDAI = tender joints (28) + swollen joints (28) + patient global (0-10) + evaluator global (0-10) + CRP "
    "(mg/dL). ≤ 3.3 remission, ≤ 11 low, ≤ 26 moderate, > 26 high disease activity.",
    description="Rheumatoid arthritis disease activity: the CDAI plus CRP in mg/dL.",
    example={"tender_joints": 8, "swollen_joints": 6, "patient_global": 6, "provider_global": 5.5, "crp": 12},
)
def sdai(x: SDAIInputs, w: Working) -> float:
    crp = w.step("CRP in mg/dL", f"{fmt(x.crp)} mg/L / 10", u.convert(x.crp, "mg/L", "mg/dL"), "mg/dL")
    total = sum_points(w, [*cdai_parts(x, w), crp], "SDAI", None, show=fmt)
    activity_band(w, total, (3.3, 11, 26), "SDAI")
    return total
