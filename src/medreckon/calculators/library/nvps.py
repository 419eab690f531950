"""Nonverbal Pain Scale (NVPS) for adults who cannot report pain (Odhner 2003)."""

from __future__ import annotations

from pydantic import Field

from ..fields import Inputs
from ..scales import item, score_items
from ..spec import Output, Reference, Working, calculator


class NVPSInputs(Inputs):
    face: item(2) = Field(description="Face: 0 no particular expression or smile; 1 occasional grimace, tearing, "
                          "frowning, wrinkled forehead; 2 frequent grimace, tearing, frowning, wrinkled forehead.")
    activity: item(2) = Field(description="Activity (movement): 0 lying quietly, normal position; 1 seeking attention "
                              "through movement or slow, cautious movement; 2 restless, excessive activity or "
                              "withdrawal reflexes.")
    guarding: item(2) = Field(description="Guarding: 0 lying quietly, no positioning of hands over areas of body; "
                              "1 splinting areas of the body, tense; 2 rigid, stiff.")
    physiology_vital_signs: item(2) = Field(
        description="Physiology I (vital signs): 0 stable vital signs; 1 change over the past 4 hours in systolic BP "
        "> 20 mm Hg or heart rate > 20/min; 2 change over the past 4 hours in systolic BP > 30 mm Hg or heart rate "
        "> 25/min.")
    respiratory: item(2) = Field(
        description="Physiology II (respiratory): 0 baseline respiratory rate and SpO2, compliant with ventilator; "
        "1 respiratory rate > 10 over baseline, or 5% fall in SpO2, or mild ventilator asynchrony; 2 respiratory "
        "rate > 20 over baseline, or 10% fall in SpO2, or severe ventilator asynchrony.")


@calculator(
    id="nvps",
    name="Nonverbal Pain Scale (NVPS) for Nonverbal Patients",
    aliases=("nonverbal-pain-scale", "nvps-score"),
    kind="score",
    specialty="critical care",
    output=Output("points", "integer", 0, range=(0, 10)),
    inputs=NVPSInputs,
    references=(
        Reference("Odhner M, Wegman D, Freeland N, Steinmetz A, Ingersoll GL. Assessing pain control in nonverbal "
                  "critically ill adults. Dimens Crit Care Nurs. 2003;22(6):260-267."),
        Reference("MDCalc. Nonverbal Pain Scale (NVPS) for Nonverbal Patients."),
    ),
    formula="Face, activity, guarding, physiology I (vital signs), physiology II (respiratory): 0-2 each. Total 0-10: "
    "0-2 no pain, 3-6 moderate pain, 7-10 severe pain.",
    description="Observational pain scale for critically ill adults who cannot self-report (sedated, intubated, "
    "cognitively impaired). Exclude sepsis, hypovolaemia and hypoxia as causes of the physiological changes "
    "before treating them as pain.",
    example={"face": 1, "activity": 1, "guarding": 1, "physiology_vital_signs": 1, "respiratory": 1},
)
def nvps(x: NVPSInputs, w: Working) -> int:
    total = score_items(w, (("face", x.face, 2), ("activity (movement)", x.activity, 2), ("guarding", x.guarding, 2),
                            ("physiology I (vital signs)", x.physiology_vital_signs, 2),
                            ("physiology II (respiratory)", x.respiratory, 2)))
    if total <= 2:
        w.interpretation = "no pain (0-2)"
    elif total <= 6:
        w.interpretation = "moderate pain (3-6): consider analgesia"
    else:
        w.interpretation = "severe pain (7-10): treat pain"
    return total
