"""GMAWS: Glasgow Modified Alcohol Withdrawal Scale (McPherson 2012)."""

from __future__ import annotations

from pydantic import Field

from ..fields import Inputs, choice
from ..points import category, sum_points
from ..spec import Output, Reference, Working, calculator

TREMOR = {"none": 0, "on movement": 1, "at rest": 2}
SWEAT = {"none": 0, "moist skin": 1, "drenching sweats": 2}
HALLUCINATIONS = {"none": 0, "dubious or reported but not distressed": 1, "visual or tactile, distressing": 2}
ORIENTATION = {"oriented": 0, "vague or detached": 1, "disoriented or no contact": 2}
AGITATION = {"calm": 0, "anxious": 1, "panicky or pacing": 2}


class GMAWSInputs(Inputs):
    tremor: choice(*TREMOR) = Field(description="Tremor with arms extended: none (0), on movement (1), at rest (2).")
    sweating: choice(*SWEAT) = Field(description="Sweating: none (0), moist skin (1), drenching sweats (2).")
    hallucinations: choice(*HALLUCINATIONS) = Field(description="Hallucinations: none (0); dubious or reported but not "
                                                    "distressed (1); visual or tactile and distressing (2).")
    orientation: choice(*ORIENTATION) = Field(description="Orientation: oriented (0), vague or detached (1), "
                                              "disoriented or no contact (2).")
    agitation: choice(*AGITATION) = Field(description="Agitation: calm (0), anxious (1), panicky or pacing (2).")


@calculator(
    id="gmaws",
    name="Glasgow Modified Alcohol Withdrawal Scale (GMAWS)",
    aliases=("Glasgow Modified Alcohol Withdrawal Scale (GMAWS)", "glasgow-modified-alcohol-withdrawal-scale"),
    kind="score",
    specialty="psychiatry",
    output=Output("points", "integer", 0, range=(0, 10)),
    inputs=GMAWSInputs,
    references=(
        Reference("McPherson A, Benson G, Forrest EH. Appraisal of the Glasgow assessment and management of alcohol "
                  "guideline: a comprehensive alcohol management protocol for use in general hospitals. QJM. "
                  "2012;105(7):649-656.", "https://doi.org/10.1093/qjmed/hcs024"),
        Reference("MDCalc. Glasgow Modified Alcohol Withdrawal Scale (GMAWS)."),
    ),
    formula="Tremor, sweating, hallucinations, orientation and agitation, each 0-2; total 0-10. In the Glasgow "
    "protocol a score of 0 needs no diazepam; higher scores trigger symptom-based diazepam (dose by the local "
    "protocol) and reassessment after an hour.",
    description="Severity of alcohol withdrawal in general hospital inpatients, driving symptom-triggered diazepam "
    "in the Glasgow protocol.",
    example={"tremor": "at rest", "sweating": "moist skin", "hallucinations": "dubious or reported but not distressed",
             "orientation": "oriented", "agitation": "panicky or pacing"},
)
def gmaws(x: GMAWSInputs, w: Working) -> int:
    total = sum_points(w, (category(w, "tremor", x.tremor, TREMOR), category(w, "sweating", x.sweating, SWEAT),
                           category(w, "hallucinations", x.hallucinations, HALLUCINATIONS),
                           category(w, "orientation", x.orientation, ORIENTATION),
                           category(w, "agitation", x.agitation, AGITATION)))
    w.interpretation = f"GMAWS {total} of 10: " + ("no withdrawal signs; no diazepam needed" if total == 0 else
                                                   "give symptom-triggered diazepam by the local protocol and "
                                                   "reassess in 1 hour")
    return total
