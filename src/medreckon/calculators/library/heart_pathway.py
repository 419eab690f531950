"""HEART Pathway for early discharge in acute chest pain (Mahler 2015): the HEART score with serial
troponins at 0 and 3 hours."""

from __future__ import annotations

from pydantic import Field

from ..spec import Output, Reference, Secondary, Working, calculator
from . import (
    heart_score as heart,  # the module, so that this one does not hold (and register) its calculator
)

RISKS = ("low risk", "high risk")


class HEARTPathwayInputs(heart.HEARTInputs):
    serial_troponins_negative: bool | None = Field(
        None, description="Troponins at 0 and 3 hours both at or below the assay's normal limit; optional. A HEART "
        "score ≤ 3 identifies early discharge only with negative serial troponins.")


@calculator(
    id="heart-pathway",
    name="HEART Pathway for Early Discharge in Acute Chest Pain",
    aliases=("heart-pathway-early-discharge",),
    kind="score",
    specialty="cardiology",
    output=Output("points", "integer", 0, range=(0, 10), secondary=(
        Secondary("risk", "HEART Pathway group: 'low risk' (score 0-3) or 'high risk' (4-10)", None, "text"),
        Secondary("early_discharge", "early discharge without further testing: score ≤ 3 and negative 0- and 3-hour "
                  "troponins (None when the serial troponins are not given)", None, "boolean"),
    )),
    inputs=HEARTPathwayInputs,
    references=(
        Reference("Mahler SA, Riley RF, Hiestand BC, et al. The HEART Pathway randomized trial: identifying emergency "
                  "department patients with acute chest pain for early discharge. Circ Cardiovasc Qual Outcomes. "
                  "2015;8(2):195-203."),
        Reference("Six AJ, Backus BE, Kelder JC. Chest pain in the emergency room: value of the HEART score. Neth "
                  "Heart J. 2008;16(6):191-196."),
        Reference("MDCalc. HEART Pathway for Early Discharge in Acute Chest Pain."),
    ),
    formula="HEART score (history, ECG, age, risk factors, initial troponin; 0-10). 0-3 low risk (0.9-1.7% 30-day "
    "MACE): early discharge if troponins at 0 and 3 hours are negative. 4-10 high risk (12-65% MACE): admission or "
    "observation with further testing.",
    description="Identifies emergency patients with acute chest pain who can be discharged early without stress "
    "testing or angiography. The HEART score's items, dichotomised at 3, combined with serial troponins; not for "
    "ST-elevation MI.",
    example={"history": "moderately_suspicious", "ecg": "nonspecific_repolarization", "age": 54, "troponin": "normal",
             "hypertension": True, "hypercholesterolemia": True},
)
def heart_pathway(x: HEARTPathwayInputs, w: Working) -> int:
    total = heart.heart_score.compute(x, w)
    w.output("risk", RISKS[total >= 4])
    if total >= 4:
        w.output("early_discharge", False)
        w.interpretation = "high risk (HEART 4-10, 12-65% 30-day MACE): admit or observe; further testing indicated"
    elif x.serial_troponins_negative is None:
        w.output("early_discharge", None)
        w.interpretation = ("low risk (HEART 0-3, 0.9-1.7% 30-day MACE): early discharge if troponins at 0 and 3 "
                            "hours are negative")
    else:
        early = w.output("early_discharge", x.serial_troponins_negative)
        w.interpretation = ("low risk with negative serial troponins: early discharge without further testing" if early
                            else "low HEART score but a positive serial troponin: not for early discharge")
    return total
