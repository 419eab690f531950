"""4AT: rapid test for delirium (MacLullich; Bellelli 2014; Tieges 2021)."""

from __future__ import annotations

from pydantic import Field

from ..fields import Finding, Inputs, choice
from ..points import category, finding, sum_points
from ..spec import Output, Reference, Working, calculator

ALERTNESS = {"normal": 0, "clearly abnormal": 4}
AMT4 = {"no mistakes": 0, "1 mistake": 1, "2 or more mistakes or untestable": 2}
ATTENTION = {"7 or more months correctly": 0, "starts but fewer than 7 months, or refuses to start": 1,
             "untestable": 2}


class FourATInputs(Inputs):
    alertness: choice(*ALERTNESS) = Field(description="Alertness: normal, fully alert and not agitated throughout "
                                          "(0; mild sleepiness for < 10 s after waking, then normal, also scores 0), "
                                          "or clearly abnormal, markedly drowsy or agitated (4).")
    amt4: choice(*AMT4) = Field(description="AMT4: age, date of birth, place (hospital or building), current year: "
                                "no mistakes (0), 1 mistake (1), 2 or more mistakes or untestable (2).")
    attention: choice(*ATTENTION) = Field(description="Months of the year backwards from December: 7 or more months "
                                          "correctly (0); starts but fewer than 7 months, or refuses to start (1); "
                                          "untestable: cannot start because unwell, drowsy or inattentive (2).")
    acute_change: bool = Finding("Acute change or fluctuating course in alertness, cognition or other mental function "
                                 "over the last 2 weeks and still evident in the last 24 hours (4).")


@calculator(
    id="four-at",
    name="4 A's Test for Delirium Screening (4AT)",
    aliases=("4 A’s Test for Delirium Screening", "4 A's Test for Delirium Screening", "4at", "4-at"),
    kind="score",
    specialty="geriatrics",
    output=Output("points", "integer", 0, range=(0, 12)),
    inputs=FourATInputs,
    references=(
        Reference("Bellelli G, Morandi A, Davis DH, et al. Validation of the 4AT, a new instrument for rapid delirium "
                  "screening: a study in 234 hospitalised older people. Age Ageing. 2014;43(4):496-502.",
                  "https://doi.org/10.1093/ageing/afu021"),
        Reference("Tieges Z, Maclullich AMJ, Anand A, et al. Diagnostic accuracy of the 4AT for delirium detection in "
                  "older adults: systematic review and meta-analysis. Age Ageing. 2021;50(3):733-743.",
                  "https://doi.org/10.1093/ageing/afaa224"),
        Reference("MDCalc. 4 A's Test for Delirium Screening.", "https://www.mdcalc.com/calc/10379/4-test-delirium-screening"),
    ),
    formula="Alertness normal 0 / clearly abnormal 4; AMT4 0 / 1 / 2; attention (months backwards) 0 / 1 / 2; acute "
    "change or fluctuating course 0 / 4. Total 0-12: ≥ 4 possible delirium with or without cognitive impairment; "
    "1-3 possible cognitive impairment; 0 delirium or severe cognitive impairment unlikely.",
    description="Two-minute delirium screen that needs no training and scores untestable patients. The 4AT is free "
    "to use; a positive screen calls for a fuller assessment.",
    example={"alertness": "normal", "amt4": "2 or more mistakes or untestable", "attention": "untestable",
             "acute_change": True},
)
def four_at(x: FourATInputs, w: Working) -> int:
    total = sum_points(w, (
        category(w, "alertness", x.alertness, ALERTNESS),
        category(w, "AMT4", x.amt4, AMT4),
        category(w, "attention (months backwards)", x.attention, ATTENTION),
        finding(w, "acute change or fluctuating course", x.acute_change, 4),
    ))
    w.interpretation = ("≥ 4: possible delirium and/or cognitive impairment" if total >= 4 else
                        "1-3: possible cognitive impairment" if total >= 1 else
                        "0: delirium or severe cognitive impairment unlikely (delirium still possible if the "
                        "acute change information is incomplete)")
    return total
