"""FOUR score: Full Outline of UnResponsiveness (Wijdicks 2005)."""

from __future__ import annotations

from pydantic import Field

from ..fields import Inputs
from ..scales import item, score_items
from ..spec import Output, Reference, Working, calculator


class FOURInputs(Inputs):
    eye: item(4) = Field(description="Eye response: 4 eyelids open or opened, tracking or blinking to command; 3 "
                         "eyelids open but not tracking; 2 eyelids closed, open to loud voice; 1 eyelids closed, open "
                         "to pain; 0 eyelids remain closed with pain.")
    motor: item(4) = Field(description="Motor response (upper extremities): 4 thumbs-up, fist or peace sign to "
                           "command; 3 localising to pain; 2 flexion response to pain; 1 extension response to pain; "
                           "0 no response to pain or generalised myoclonus status.")
    brainstem: item(4) = Field(description="Brainstem reflexes: 4 pupil and corneal reflexes present; 3 one pupil "
                               "wide and fixed; 2 pupil or corneal reflexes absent; 1 pupil and corneal reflexes "
                               "absent; 0 absent pupil, corneal and cough reflexes.")
    respiration: item(4) = Field(description="Respiration: 4 not intubated, regular breathing pattern; 3 not "
                                 "intubated, Cheyne-Stokes pattern; 2 not intubated, irregular breathing; 1 breathes "
                                 "above the ventilator rate; 0 breathes at the ventilator rate or apnoea.")


@calculator(
    id="four-score",
    name="FOUR (Full Outline of UnResponsiveness) Score",
    aliases=("four", "full-outline-of-unresponsiveness"),
    kind="score",
    specialty="neurology",
    output=Output("points", "integer", 0, range=(0, 16)),
    inputs=FOURInputs,
    references=(
        Reference("Wijdicks EFM, Bamlet WR, Maramattom BV, Manno EM, McClelland RL. Validation of a new coma scale: "
                  "The FOUR score. Ann Neurol. 2005;58(4):585-593."),
        Reference("MDCalc. FOUR (Full Outline of UnResponsiveness) Score."),
    ),
    formula="Eye response 0-4 + motor response 0-4 + brainstem reflexes 0-4 + respiration 0-4. Total 0-16; lower is "
    "deeper coma.",
    description="Depth of coma, usable in intubated patients (no verbal item) and testing brainstem reflexes and "
    "respiration that the GCS omits.",
    example={"eye": 1, "motor": 2, "brainstem": 3, "respiration": 0},
)
def four_score(x: FOURInputs, w: Working) -> int:
    total = score_items(w, (("eye response", x.eye, 4), ("motor response", x.motor, 4),
                            ("brainstem reflexes", x.brainstem, 4), ("respiration", x.respiration, 4)))
    w.interpretation = f"FOUR {total} (E{x.eye} M{x.motor} B{x.brainstem} R{x.respiration}): lower is deeper coma"
    return total
