"""ASDAS-CRP: Ankylosing Spondylitis Disease Activity Score with C-reactive protein (Lukas 2009)."""

from __future__ import annotations

import math
from typing import Annotated, Literal

from pydantic import Field

from ..fields import CRP, Inputs, Option
from ..spec import Output, Reference, Secondary, Working, calculator, fmt

Rating = Annotated[float, Field(ge=0, le=10)]
ACTIVITY = ("Inactive", "Low", "High", "Very high")
ACTIVITY_OUTPUT = Secondary("disease_activity", "disease activity: Inactive (< 1.3), Low (1.3 to < 2.1), High "
                            "(2.1-3.5) or Very high (> 3.5)", None, "text")
REFERENCES = (
    Reference("Lukas C, Landewé R, Sieper J, et al. Development of an ASAS-endorsed disease activity score (ASDAS) "
              "in patients with ankylosing spondylitis. Ann Rheum Dis. 2009;68(1):18-24.",
              "https://doi.org/10.1136/ard.2008.094870"),
    Reference("Machado P, Landewé R, Lie E, et al. Ankylosing Spondylitis Disease Activity Score (ASDAS): defining "
              "cut-off values for disease activity states and improvement scores. Ann Rheum Dis. 2011;70(1):47-53.",
              "https://doi.org/10.1136/ard.2010.138594"),
    Reference("Machado PM, Landewé R, van der Heijde D. Ankylosing Spondylitis Disease Activity Score (ASDAS): 2018 "
              "update of the nomenclature for disease activity states. Ann Rheum Dis. 2018;77(10):1539-1540.",
              "https://doi.org/10.1136/annrheumdis-2018-213184"),
)
STATES = "< 1.3 inactive disease, 1.3 to < 2.1 low, 2.1-3.5 high, > 3.5 very high disease activity (2018 names)"


class ASDASRatings(Inputs):
    back_pain: Rating = Field(description="Total back pain (BASDAI question 2), 0-10.")
    morning_stiffness_duration: Rating = Field(description="Duration of morning stiffness (BASDAI question 6), 0-10 "
                                               "where 10 means 2 hours or more.")
    patient_global: Rating = Field(description="Patient global assessment of disease activity over the last week, "
                                   "0-10.")
    peripheral_pain: Rating = Field(description="Peripheral pain or swelling (BASDAI question 3), 0-10.")


class ASDASCRPInputs(ASDASRatings):
    crp: CRP = Field(description="C-reactive protein, mg/L by default (mg/dL with its unit: 1.2 mg/dL = 12 mg/L).")
    low_crp: Literal["2 mg/L", "as measured"] = Option(
        "2 mg/L", "A CRP below 2 mg/L (or below the detection limit): '2 mg/L' uses 2 mg/L, as ASAS recommends "
        "(Machado 2015); 'as measured' uses the value itself (MDCalc's calculator does).")


def activity(w: Working, score: float) -> None:
    s = round(score, 6)  # the cut-offs apply to the score, not to float noise
    label = w.output("disease_activity", ACTIVITY[0] if s < 1.3 else ACTIVITY[1] if s < 2.1
                     else ACTIVITY[2] if s <= 3.5 else ACTIVITY[3])
    w.interpretation = f"{label.lower()} disease activity ({STATES})"


def weighted_ratings(x: ASDASRatings, w: Working, weights: tuple[float, float, float, float]) -> float:
    a, b, c, d = weights
    return w.step("weighted ratings", f"{fmt(a)} × {fmt(x.back_pain)} + {fmt(b)} × {fmt(x.morning_stiffness_duration)}"
                  f" + {fmt(c)} × {fmt(x.patient_global)} + {fmt(d)} × {fmt(x.peripheral_pain)}",
                  a * x.back_pain + b * x.morning_stiffness_duration + c * x.patient_global + d * x.peripheral_pain)


@calculator(
    id="asdas-crp",
    name="Ankylosing Spondylitis Disease Activity Score with CRP (ASDAS-CRP)",
    aliases=("Ankylosing Spondylitis Disease Activity Score with CRP (ASDAS-CRP)", "asdas"),
    kind="equation",
    specialty="rheumatology",
    output=Output("points", "decimal", 1, range=(0.6, 7), secondary=(ACTIVITY_OUTPUT,)),
    inputs=ASDASCRPInputs,
    references=(*REFERENCES, Reference("MDCalc. Ankylosing Spondylitis Disease Activity Score with CRP (ASDAS-CRP).",
                                       "https://www.mdcalc.com/calc/10207/ankylosing-spondylitis-disease-activity-score-crp-asdas-crp")),
    formula="ASDAS-CRP = 0.12 × back pain + 0.06 × duration of morning stiffness + 0.11 × patient global + 0.07 × "
    "peripheral pain/swelling + 0.58 × ln(CRP [mg/L] + 1); ratings 0-10; a CRP < 2 mg/L is taken as 2 mg/L. "
    f"{STATES}.",
    description="Composite disease activity in axial spondyloarthritis from three BASDAI questions, the patient "
    "global and CRP; preferred by ASAS over ASDAS-ESR.",
    example={"back_pain": 7, "morning_stiffness_duration": 6, "patient_global": 6, "peripheral_pain": 3, "crp": 12},
)
def asdas_crp(x: ASDASCRPInputs, w: Working) -> float:
    crp = x.crp
    if crp < 2 and x.low_crp == "2 mg/L":
        crp = w.step("CRP below 2 mg/L taken as 2 mg/L (ASAS)", f"{fmt(x.crp)} mg/L < 2", 2.0, "mg/L")
    ratings = weighted_ratings(x, w, (0.12, 0.06, 0.11, 0.07))
    score = w.step("ASDAS-CRP", f"{fmt(ratings)} + 0.58 × ln({fmt(crp)} + 1)", ratings + 0.58 * math.log(crp + 1))
    activity(w, score)
    return score
