"""2010 ACR/EULAR classification criteria for rheumatoid arthritis (Aletaha 2010)."""

from __future__ import annotations

from pydantic import Field

from ..fields import Finding, Inputs, choice
from ..points import category, finding, sum_points, threshold
from ..spec import Output, Reference, Secondary, Working, calculator, fmt

SEROLOGY = {"negative": 0, "low-positive": 2, "high-positive": 3}


class ACREULARInputs(Inputs):
    large_joints: int = Field(ge=0, le=10, description="Number of involved large joints (swollen or tender): "
                              "shoulders, elbows, hips, knees, ankles (0-10). DIP, first CMC and first MTP joints are "
                              "excluded.")
    small_joints: int = Field(ge=0, le=60, description="Number of involved small joints: MCPs, PIPs, 2nd-5th MTPs, "
                              "thumb IPs, wrists (and other joints such as TMJ, sternoclavicular).")
    serology: choice(*SEROLOGY) = Field(description="RF and anti-CCP (ACPA): negative (both ≤ upper limit of normal), "
                                        "low-positive (either > ULN but ≤ 3 × ULN), high-positive (either > 3 × ULN).")
    abnormal_acute_phase: bool = Finding("Abnormal CRP or abnormal ESR (1).")
    symptom_weeks: float = Field(ge=0, le=5200, description="Duration of synovitis symptoms in weeks, as the patient "
                                 "reports; 6 weeks or more scores 1.")


@calculator(
    id="acr-eular-2010-ra",
    name="ACR/EULAR 2010 Rheumatoid Arthritis Classification Criteria",
    aliases=("ACR/EULAR 2010 Rheumatoid Arthritis Classification Criteria", "acr-eular-ra-criteria",
             "2010-ra-criteria"),
    kind="score",
    specialty="rheumatology",
    output=Output("points", "integer", 0, range=(0, 10), secondary=(
        Secondary("classification", "Definite RA (≥ 6) or Not classified as RA", None, "text"),
    )),
    inputs=ACREULARInputs,
    references=(
        Reference("Aletaha D, Neogi T, Silman AJ, et al. 2010 Rheumatoid arthritis classification criteria: an "
                  "American College of Rheumatology/European League Against Rheumatism collaborative initiative. "
                  "Arthritis Rheum. 2010;62(9):2569-2581.", "https://doi.org/10.1002/art.27584"),
        Reference("MDCalc. ACR/EULAR 2010 Rheumatoid Arthritis Classification Criteria.",
                  "https://www.mdcalc.com/calc/1748/acr-eular-2010-rheumatoid-arthritis-classification-criteria"),
    ),
    formula="Joints: 1 large 0; 2-10 large 1; 1-3 small (with or without large) 2; 4-10 small 3; > 10 joints with ≥ 1 "
    "small 5. Serology: negative 0, low-positive RF or ACPA 2, high-positive 3. Acute-phase reactants abnormal 1. "
    "Symptoms ≥ 6 weeks 1. Total 0-10; ≥ 6 definite RA.",
    description="Classifies rheumatoid arthritis in a patient with at least one swollen joint not better explained "
    "by another disease; classification criteria, not a diagnostic test.",
    example={"large_joints": 4, "small_joints": 8, "serology": "high-positive", "abnormal_acute_phase": True,
             "symptom_weeks": 10},
)
def acr_eular_2010_ra(x: ACREULARInputs, w: Working) -> int:
    parts = (
        _joints(x, w),
        category(w, "serology (RF, ACPA)", x.serology, SEROLOGY),
        finding(w, "abnormal CRP or ESR", x.abnormal_acute_phase),
        threshold(w, "symptoms ≥ 6 weeks", f"{fmt(x.symptom_weeks)} weeks", x.symptom_weeks, "≥", 6),
    )
    total = sum_points(w, parts)
    definite = w.output("classification", "Definite RA" if total >= 6 else "Not classified as RA") == "Definite RA"
    w.interpretation = ("≥ 6: definite rheumatoid arthritis" if definite else
                        "< 6: not classifiable as rheumatoid arthritis now; the status may change over time")
    return total


def _joints(x: ACREULARInputs, w: Working) -> int:
    large, small = x.large_joints, x.small_joints
    points = (5 if large + small > 10 and small >= 1 else 3 if small >= 4 else 2 if small >= 1 else 1 if large >= 2
              else 0)
    return w.step("joint involvement", f"{large} large, {small} small", points, "points")
