"""Behavioral Pain Scale for pain in intubated, sedated patients (Payen 2001)."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from ..fields import Inputs
from ..scales import score_items
from ..spec import Output, Reference, Working, calculator

BPSItem = Annotated[int, Field(ge=1, le=4)]


class BPSInputs(Inputs):
    facial_expression: BPSItem = Field(description="Facial expression: 1 relaxed, 2 partially tightened (e.g. brow "
                                       "lowering), 3 fully tightened (e.g. eyelid closing), 4 grimacing.")
    upper_limbs: BPSItem = Field(description="Upper limb movements: 1 no movement, 2 partially bent, 3 fully bent with "
                                 "finger flexion, 4 permanently retracted.")
    ventilator_compliance: BPSItem = Field(description="Compliance with mechanical ventilation: 1 tolerating "
                                           "movement, 2 coughing but tolerating ventilation most of the time, 3 "
                                           "fighting the ventilator, 4 unable to control ventilation.")


@calculator(
    id="behavioral-pain-scale",
    name="Behavioral Pain Scale (BPS) for Pain Assessment in Intubated Patients",
    aliases=("bps", "behavioral-pain-scale-bps"),
    kind="score",
    specialty="critical care",
    output=Output("points", "integer", 0, range=(3, 12)),
    inputs=BPSInputs,
    references=(
        Reference("Payen JF, Bru O, Bosson JL, et al. Assessing pain in critically ill sedated patients by using a "
                  "behavioral pain scale. Crit Care Med. 2001;29(12):2258-2263."),
        Reference("MDCalc. Behavioral Pain Scale (BPS) for Pain Assessment in Intubated Patients."),
    ),
    formula="Facial expression 1-4 + upper limb movements 1-4 + compliance with ventilation 1-4. Total 3-12; > 5 "
    "suggests unacceptable pain.",
    description="Pain in sedated, mechanically ventilated adults who cannot report it. Each item scores 1 at rest "
    "(not 0): the minimum total is 3.",
    example={"facial_expression": 4, "upper_limbs": 3, "ventilator_compliance": 3},
)
def behavioral_pain_scale(x: BPSInputs, w: Working) -> int:
    total = score_items(w, (("facial expression", x.facial_expression, 4), ("upper limbs", x.upper_limbs, 4),
                            ("compliance with ventilation", x.ventilator_compliance, 4)))
    w.interpretation = ("BPS > 5: unacceptable pain; consider analgesia or sedation" if total > 5 else
                        "BPS ≤ 5: pain acceptably controlled")
    return total
