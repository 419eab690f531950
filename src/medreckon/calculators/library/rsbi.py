"""Rapid shallow breathing index (Yang & Tobin 1991): respiratory rate over tidal volume in litres."""

from __future__ import annotations

from pydantic import Field

from ..fields import Inputs, RespiratoryRate
from ..spec import Output, Reference, Working, calculator, fmt, invalid
from .static_compliance import TidalVolume

THRESHOLD = 105.0  # breaths/min/L: below 105 weaning likely to succeed (Yang & Tobin)


class RSBIInputs(Inputs):
    respiratory_rate: RespiratoryRate = Field(description="Spontaneous respiratory rate, breaths/min, during a "
                                              "spontaneous breathing trial.")
    tidal_volume: TidalVolume = Field(description="Spontaneous tidal volume, mL by default (the index divides by "
                                      "litres: 380 mL is 0.38 L).")


@calculator(
    id="rsbi",
    name="Rapid Shallow Breathing Index (RSBI)",
    aliases=("rapid-shallow-breathing-index", "tobin-index", "f-vt"),
    kind="equation",
    specialty="critical care",
    output=Output("breaths/min/L", "decimal", 0, range=(10, 300)),
    inputs=RSBIInputs,
    references=(
        Reference("Yang KL, Tobin MJ. A prospective study of indexes predicting the outcome of trials of weaning "
                  "from mechanical ventilation. N Engl J Med. 1991;324(21):1445-1450.",
                  "https://doi.org/10.1056/NEJM199105233242101"),
        Reference("MDCalc: Rapid Shallow Breathing Index (RSBI).", "https://www.mdcalc.com/calc/3926/rapid-shallow-breathing-index-rsbi"),
    ),
    formula="RSBI = respiratory rate (breaths/min) / tidal volume (L); < 105 extubation likely to succeed",
    description="Predicts success of weaning from mechanical ventilation: rapid shallow breathing (a high f/VT) "
    "predicts failure. Yang & Tobin's cut-off of 105 was 97% sensitive.",
    example={"respiratory_rate": 20, "tidal_volume": 380},
)
def rsbi(x: RSBIInputs, w: Working) -> float:
    litres = w.step("tidal volume in litres", f"{fmt(x.tidal_volume)} mL / 1000", x.tidal_volume / 1000, "L")
    if x.respiratory_rate <= 0:
        raise invalid("respiratory_rate", x.respiratory_rate, "a spontaneous respiratory rate above 0")
    index = w.step("RSBI", f"{fmt(x.respiratory_rate)} / {fmt(litres, 3)}", x.respiratory_rate / litres,
                   "breaths/min/L")
    if round(index, 6) < THRESHOLD:
        w.interpretation = f"RSBI < {fmt(THRESHOLD)}: extubation likely to succeed (weigh all patient factors)"
    else:
        w.interpretation = f"RSBI ≥ {fmt(THRESHOLD)}: weaning likely to fail"
    return index
