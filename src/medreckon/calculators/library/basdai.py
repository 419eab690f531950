"""BASDAI: Bath Ankylosing Spondylitis Disease Activity Index (Garrett 1994)."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from ..fields import Inputs
from ..spec import Output, Reference, Working, calculator, fmt

Rating = Annotated[float, Field(ge=0, le=10)]  # a 0-10 numeric rating or 10 cm visual analogue scale


class BASDAIInputs(Inputs):
    fatigue: Rating = Field(description="Q1: overall level of fatigue or tiredness over the last week, 0 (none) to 10 "
                            "(very severe).")
    spinal_pain: Rating = Field(description="Q2: overall level of neck, back or hip pain from ankylosing spondylitis, "
                                "0-10.")
    peripheral_joint_pain: Rating = Field(description="Q3: overall level of pain or swelling in joints other than "
                                          "the neck, back or hips, 0-10.")
    enthesis_tenderness: Rating = Field(description="Q4: overall discomfort from areas tender to touch or pressure, "
                                        "0-10.")
    morning_stiffness_severity: Rating = Field(description="Q5: severity of morning stiffness from waking, 0-10.")
    morning_stiffness_duration: Rating = Field(description="Q6: duration of morning stiffness on the 0-10 scale, where "
                                               "10 means 2 hours or more (minutes / 12: 60 min = 5). A scale "
                                               "position, not minutes.")


@calculator(
    id="basdai",
    name="BASDAI (Bath Ankylosing Spondylitis Disease Activity Index)",
    aliases=("BASDAI", "bath-ankylosing-spondylitis-disease-activity-index"),
    kind="score",
    specialty="rheumatology",
    output=Output("points", "decimal", 1, range=(0, 10)),
    inputs=BASDAIInputs,
    references=(
        Reference("Garrett S, Jenkinson T, Kennedy LG, et al. A new approach to defining disease status in "
                  "ankylosing spondylitis: the Bath Ankylosing Spondylitis Disease Activity Index. J Rheumatol. "
                  "1994;21(12):2286-2291."),
        Reference("MDCalc. BASDAI.", "https://www.mdcalc.com/calc/3803/basdai"),
    ),
    formula="BASDAI = [Q1 + Q2 + Q3 + Q4 + (Q5 + Q6) / 2] / 5, each question 0-10 over the last week; 0-10. "
    "≥ 4 suggests active disease (a threshold for escalating therapy).",
    description="Patient-reported disease activity in axial spondyloarthritis from six questions on fatigue, spinal "
    "and peripheral pain, enthesitis and morning stiffness.",
    example={"fatigue": 6.5, "spinal_pain": 7, "peripheral_joint_pain": 3, "enthesis_tenderness": 4,
             "morning_stiffness_severity": 7, "morning_stiffness_duration": 6},
)
def basdai(x: BASDAIInputs, w: Working) -> float:
    stiffness = w.step("morning stiffness (mean of Q5 and Q6)",
                       f"({fmt(x.morning_stiffness_severity)} + {fmt(x.morning_stiffness_duration)}) / 2",
                       (x.morning_stiffness_severity + x.morning_stiffness_duration) / 2)
    score = w.step("BASDAI", f"({fmt(x.fatigue)} + {fmt(x.spinal_pain)} + {fmt(x.peripheral_joint_pain)} + "
                   f"{fmt(x.enthesis_tenderness)} + {fmt(stiffness)}) / 5",
                   (x.fatigue + x.spinal_pain + x.peripheral_joint_pain + x.enthesis_tenderness + stiffness) / 5)
    w.interpretation = ("≥ 4: active disease" if round(score, 6) >= 4
                        else "< 4: disease activity below the usual threshold for active disease")
    return score
