"""CDAI: Clinical Disease Activity Index for rheumatoid arthritis (Aletaha 2005)."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from ..fields import Inputs
from ..points import sum_points
from ..scales import rating
from ..spec import Output, Reference, Secondary, Working, calculator, fmt

JointCount = Annotated[int, Field(ge=0, le=28)]
ACTIVITY = ("Remission", "Low", "Moderate", "High")
ACTIVITY_OUTPUT = Secondary("disease_activity", "disease activity: Remission, Low, Moderate or High", None, "text")
ALETAHA = Reference("Aletaha D, Smolen J. The Simplified Disease Activity Index (SDAI) and the Clinical Disease "
                    "Activity Index (CDAI): a review of their usefulness and validity in rheumatoid arthritis. Clin Exp "
                    "Rheumatol. 2005;23(5 Suppl 39):S100-S108.")


class RAJointCounts(Inputs):
    tender_joints: JointCount = Field(description="Tender joint count of the 28 joints (shoulders, elbows, wrists, "
                                      "MCPs, PIPs, knees), 0-28.")
    swollen_joints: JointCount = Field(description="Swollen joint count of the same 28 joints, 0-28.")


class CDAIInputs(RAJointCounts):
    patient_global: rating() = Field(description="Patient global assessment of disease activity, 0-10 (a 10 cm scale "
                                     "read in cm, not mm).")
    provider_global: rating() = Field(description="Evaluator (physician) global assessment of disease activity, 0-10 "
                                      "(cm).")


def activity_band(w: Working, score: float, cuts: tuple[float, float, float], name: str,
                  remission_below: bool = False) -> str:
    """Remission / low / moderate / high by upper limits (inclusive) `cuts`; `remission_below`: remission is
    strictly below the first limit (DAS28's < 2.6)."""
    s = round(score, 6)
    remission = s < cuts[0] if remission_below else s <= cuts[0]
    label = ACTIVITY[0] if remission else ACTIVITY[1] if s <= cuts[1] else ACTIVITY[2] if s <= cuts[2] else ACTIVITY[3]
    w.output("disease_activity", label)
    w.interpretation = (f"{label.lower()} disease activity by {name} (remission {'<' if remission_below else '≤'} "
                        f"{fmt(cuts[0])}, low ≤ {fmt(cuts[1])}, moderate ≤ {fmt(cuts[2])}, high above)")
    return label


def cdai_parts(x: CDAIInputs, w: Working) -> list[float]:
    return [w.step("tender joints (28)", str(x.tender_joints), x.tender_joints),
            w.step("swollen joints (28)", str(x.swollen_joints), x.swollen_joints),
            w.step("patient global (0-10)", fmt(x.patient_global), x.patient_global),
            w.step("evaluator global (0-10)", fmt(x.provider_global), x.provider_global)]


@calculator(
    id="cdai",
    name="Clinical Disease Activity Index (CDAI) for Rheumatoid Arthritis",
    aliases=("Clinical Disease Activity Index (CDAI) for Rheumatoid Arthritis", "clinical-disease-activity-index"),
    kind="score",
    specialty="rheumatology",
    output=Output("points", "decimal", 1, range=(0, 76), secondary=(ACTIVITY_OUTPUT,)),
    inputs=CDAIInputs,
    references=(ALETAHA, Reference("MDCalc. Clinical Disease Activity Index (CDAI) for Rheumatoid Arthritis.",
                                   "https://www.mdcalc.com/calc/2177/clinical-disease-activity-index-cdai-rheumatoid-arthritis")),
    formula="CDAI = tender joints (28) + swollen joints (28) + patient global (0-10) + evaluator global (0-10); 0-76. "
    "≤ 2.8 remission, ≤ 10 low, ≤ 22 moderate, > 22 high disease activity.",
    description="Rheumatoid arthritis disease activity without a laboratory value, usable at the visit.",
    example={"tender_joints": 8, "swollen_joints": 6, "patient_global": 6, "provider_global": 5.5},
)
def cdai(x: CDAIInputs, w: Working) -> float:
    total = sum_points(w, cdai_parts(x, w), "CDAI", None, show=fmt)
    activity_band(w, total, (2.8, 10, 22), "CDAI")
    return total
