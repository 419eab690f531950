"""Endotracheal tube depth from height (Chula formula) with lung-protective tidal volumes."""

from __future__ import annotations

from pydantic import Field

from ..fields import Height, Inputs, Sex
from ..spec import Output, Reference, Secondary, Working, calculator, fmt, invalid

CHULA_INTERCEPT = 4.0  # cm: depth at the upper incisors = height (cm) / 10 + 4
PBW_BASE = {"male": 50.0, "female": 45.5}  # ARDS Network predicted body weight


class ETTDepthInputs(Inputs):
    height: Height = Field(description="Height, cm by default ('5 ft 10 in' or '70 in' work).")
    sex: Sex = Field(description="Sex, for the predicted body weight behind the tidal volumes.")


@calculator(
    id="ett-depth-tidal-volume",
    name="Endotracheal Tube (ETT) Depth and Tidal Volume Calculator",
    aliases=("ett-depth", "chula-formula", "endotracheal-tube-depth"),
    kind="equation",
    specialty="critical care",
    output=Output("cm", "integer", 0, range=(15, 27), secondary=(
        Secondary("predicted_body_weight", "ARDS Network predicted body weight", "kg", "decimal", 1),
        Secondary("tidal_volume_6", "tidal volume at 6 mL/kg of predicted body weight", "mL", "decimal", 0),
        Secondary("tidal_volume_8", "tidal volume at 8 mL/kg of predicted body weight", "mL", "decimal", 0),
    )),
    inputs=ETTDepthInputs,
    references=(
        Reference("Techanivate A, Kumwilaisak K, Samranrean S. Estimation of the proper length of orotracheal "
                  "intubation by Chula formula. J Med Assoc Thai. 2008;91(2):183-188 (depth = height/10 + 4 cm)."),
        Reference("Acute Respiratory Distress Syndrome Network. Ventilation with lower tidal volumes as compared with "
                  "traditional tidal volumes for acute lung injury and the acute respiratory distress syndrome. N Engl "
                  "J Med. 2000;342(18):1301-1308.", "https://doi.org/10.1056/NEJM200005043421801"),
        Reference("MDCalc: Endotracheal Tube (ETT) Depth and Tidal Volume Calculator.",
                  "https://www.mdcalc.com/calc/10236/endotracheal-tube-ett-depth-tidal-volume-calculator"),
    ),
    formula="ETT depth at the front teeth (cm) = height (cm) / 10 + 4, to the nearest cm; predicted body weight = "
    "50 (male) or 45.5 (female) + 0.91 × (height (cm) − 152.4); tidal volumes 6 and 8 mL/kg of it",
    description="Depth of an adult oral endotracheal tube at the upper incisors from height (Chula formula), with "
    "the 6-8 mL/kg predicted-body-weight tidal volumes to start ventilation. Confirm placement clinically and on a "
    "chest radiograph.",
    example={"height": "70 in", "sex": "male"},
)
def ett_depth_tidal_volume(x: ETTDepthInputs, w: Working) -> float:
    depth = w.step("ETT depth at the front teeth", f"{fmt(x.height)} / 10 + 4", x.height / 10 + CHULA_INTERCEPT, "cm")
    base = PBW_BASE[x.sex]
    pbw = w.output("predicted_body_weight", w.step("predicted body weight", f"{fmt(base, 1)} + 0.91 × "
                                                   f"({fmt(x.height)} − 152.4)", base + 0.91 * (x.height - 152.4), "kg"))
    if pbw <= 0:
        raise invalid("height", x.height, "an adult height (over about 100 cm): the predicted body weight formula "
                      "gives no weight below it")
    six = w.output("tidal_volume_6", w.step("tidal volume at 6 mL/kg", f"6 × {fmt(pbw)}", 6 * pbw, "mL"))
    eight = w.output("tidal_volume_8", w.step("tidal volume at 8 mL/kg", f"8 × {fmt(pbw)}", 8 * pbw, "mL"))
    w.interpretation = (f"tube at about {fmt(round(depth))} cm at the front teeth; tidal volume {fmt(six, 0)}-"
                        f"{fmt(eight, 0)} mL (6-8 mL/kg of {fmt(pbw, 1)} kg)")
    if x.height < 140:
        w.warn("the Chula formula was derived in adults", "height")
    return depth
