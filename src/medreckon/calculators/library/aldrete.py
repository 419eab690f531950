"""Modified Aldrete score for recovery from anaesthesia (Aldrete 1995)."""

from __future__ import annotations

from pydantic import Field

from ..fields import Inputs
from ..scales import item, score_items
from ..spec import Output, Reference, Working, calculator


class AldreteInputs(Inputs):
    activity: item(2) = Field(description="Activity: 2 moves all four extremities voluntarily or on command; 1 moves "
                              "two extremities; 0 moves no extremity.")
    respiration: item(2) = Field(description="Respiration: 2 breathes deeply and coughs freely; 1 dyspnoea, shallow or "
                                 "limited breathing; 0 apnoeic.")
    circulation: item(2) = Field(description="Circulation: 2 blood pressure within 20% of the pre-anaesthetic level; 1 "
                                 "within 20-49%; 0 50% or more away.")
    consciousness: item(2) = Field(description="Consciousness: 2 fully awake; 1 arousable on calling; 0 not "
                                   "responding.")
    oxygenation: item(2) = Field(description="Oxygen saturation: 2 SpO2 > 92% on room air; 1 needs oxygen to keep "
                                       "SpO2 > 90%; 0 SpO2 < 90% even with oxygen.")


@calculator(
    id="aldrete",
    name="Aldrete Score",
    aliases=("modified-aldrete", "aldrete-score"),
    kind="score",
    specialty="anesthesiology",
    output=Output("points", "integer", 0, range=(0, 10)),
    inputs=AldreteInputs,
    references=(
        Reference("Aldrete JA, Kroulik D. A postanesthetic recovery score. Anesth Analg. 1970;49(6):924-934."),
        Reference("Aldrete JA. The post-anesthesia recovery score revisited. J Clin Anesth. 1995;7(1):89-91 (oxygen "
                  "saturation replaces colour)."),
        Reference("MDCalc. Aldrete Score."),
    ),
    formula="Activity, respiration, circulation, consciousness, oxygen saturation: 0-2 each. Total 0-10; ≥ 9 ready to "
    "leave the post-anaesthesia care unit (phase I) for phase II or the ward.",
    description="Recovery after anaesthesia, to decide discharge from the post-anaesthesia care unit. The modified "
    "score uses pulse oximetry instead of skin colour.",
    example={"activity": 2, "respiration": 1, "circulation": 2, "consciousness": 1, "oxygenation": 1},
)
def aldrete(x: AldreteInputs, w: Working) -> int:
    total = score_items(w, (("activity", x.activity, 2), ("respiration", x.respiration, 2),
                            ("circulation", x.circulation, 2), ("consciousness", x.consciousness, 2),
                            ("oxygen saturation", x.oxygenation, 2)))
    w.interpretation = ("≥ 9: ready for transfer to phase II or the ward" if total >= 9 else
                        "< 9: not ready to leave the post-anaesthesia care unit")
    return total
