"""Critical-Care Pain Observation Tool (CPOT; Gélinas 2006)."""

from __future__ import annotations

from pydantic import Field

from ..fields import Inputs, choice
from ..points import category, sum_points
from ..rules import Is, RequiredWhen
from ..spec import Output, Reference, Working, calculator, invalid

FACE = {"relaxed": 0, "tense": 1, "grimacing": 2}
BODY = {"absence of movements": 0, "protection": 1, "restlessness": 2}
MUSCLE = {"relaxed": 0, "tense": 1, "very tense": 2}
VENTILATOR = {"tolerating": 0, "coughing but tolerating": 1, "fighting": 2}
VOCAL = {"normal or no sound": 0, "sighing or moaning": 1, "crying out or sobbing": 2}
PAIN = 2  # points: above 2, unacceptable pain


class CPOTInputs(Inputs):
    facial_expression: choice(*FACE) = Field(  # type: ignore[valid-type]
        description="'relaxed' (neutral, 0), 'tense' (frowning, brow lowering, orbit tightening, 1) or 'grimacing' "
        "(also eyelids tightly closed, 2).")
    body_movements: choice(*BODY) = Field(  # type: ignore[valid-type]
        description="'absence of movements' (or normal position, 0), 'protection' (slow cautious movements, touching "
        "the pain site, 1) or 'restlessness' (pulling the tube, trying to sit up, thrashing, 2).")
    muscle_tension: choice(*MUSCLE) = Field(  # type: ignore[valid-type]
        description="On passive flexion and extension of the upper limbs: 'relaxed' (no resistance, 0), 'tense' "
        "(rigid, resistance, 1) or 'very tense' (very rigid, strong resistance, 2).")
    intubated: bool = Field(description="Intubated: the fourth item is compliance with the ventilator; otherwise "
                            "vocalisation.")
    ventilator_compliance: choice(*VENTILATOR) | None = Field(  # type: ignore[valid-type]
        None, description="If intubated: 'tolerating' (ventilator or movement, 0), 'coughing but tolerating' (1) or "
        "'fighting' (the ventilator, 2).")
    vocalization: choice(*VOCAL) | None = Field(  # type: ignore[valid-type]
        None, description="If extubated: 'normal or no sound' (0), 'sighing or moaning' (1) or 'crying out or "
        "sobbing' (2).")

    rules = (
        RequiredWhen(("ventilator_compliance",), (Is("intubated", True),), "compliance with the ventilator, for an "
                     "intubated patient"),
        RequiredWhen(("vocalization",), (Is("intubated", False),), "the vocalisation, for an extubated patient"),
    )


@calculator(
    id="cpot",
    name="Critical Care Pain Observation Tool (CPOT)",
    aliases=("critical-care-pain-observation-tool", "cpot-score"),
    kind="score",
    specialty="critical care",
    output=Output("points", "integer", 0, range=(0, 8)),
    inputs=CPOTInputs,
    references=(
        Reference("Gélinas C, Fillion L, Puntillo KA, Viens C, Fortier M. Validation of the critical-care pain "
                  "observation tool in adult patients. Am J Crit Care. 2006;15(4):420-427.",
                  "https://doi.org/10.4037/ajcc2006.15.4.420"),
        Reference("Devlin JW, Skrobik Y, Gélinas C, et al. Clinical practice guidelines for the prevention and "
                  "management of pain, agitation/sedation, delirium, immobility, and sleep disruption in adult patients "
                  "in the ICU. Crit Care Med. 2018;46(9):e825-e873.", "https://doi.org/10.1097/CCM.0000000000003299"),
        Reference("MDCalc: Critical Care Pain Observation Tool (CPOT).",
                  "https://www.mdcalc.com/calc/10140/critical-care-pain-observation-tool-cpot"),
    ),
    formula="Facial expression, body movements, muscle tension, and compliance with the ventilator (intubated) or "
    "vocalisation (extubated), each 0-2; total 0-8; > 2 unacceptable pain",
    description="Behavioural pain scale for critically ill adults who cannot report pain. A score above 2 means "
    "unacceptable pain: treat and reassess.",
    example={"facial_expression": "grimacing", "body_movements": "restlessness", "muscle_tension": "tense",
             "intubated": True, "ventilator_compliance": "coughing but tolerating"},
)
def cpot(x: CPOTInputs, w: Working) -> int:
    if x.intubated and x.vocalization is not None or not x.intubated and x.ventilator_compliance is not None:
        raise invalid("intubated", x.intubated, "the fourth item that fits: ventilator compliance when intubated, "
                      "vocalisation when not", "give one of the two")
    fourth = (category(w, "compliance with the ventilator", x.ventilator_compliance, VENTILATOR) if x.intubated
              else category(w, "vocalisation", x.vocalization, VOCAL))
    total = sum_points(w, (category(w, "facial expression", x.facial_expression, FACE),
                           category(w, "body movements", x.body_movements, BODY),
                           category(w, "muscle tension", x.muscle_tension, MUSCLE), fourth))
    w.interpretation = ("unacceptable amount of pain: treat and reassess" if total > PAIN else
                        "minimal or no pain")
    return total
