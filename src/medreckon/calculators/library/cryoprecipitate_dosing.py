"""Cryoprecipitate dose to raise the fibrinogen to a goal: the fibrinogen missing from the plasma
volume, divided by the fibrinogen in one unit."""

from __future__ import annotations

import math

from pydantic import Field

from ..fields import Inputs, q
from ..rules import Relation
from ..spec import Output, Reference, Secondary, Working, calculator, fmt, invalid

PlasmaVolume = q("mL", gt=0, lt=20000, plausible=(100, 6000), units=("mL", "L"))
Fibrinogen = q("mg/dL", ge=0, lt=2000, plausible=(20, 1000), units=("mg/dL", "g/L"))  # normal 200-400
FibrinogenPerUnit = q("mg", ge=50, lt=10000, plausible=(100, 600), units=("mg", "g"))  # a unit to a pool


class CryoInputs(Inputs):
    plasma_volume: PlasmaVolume = Field(description="Plasma volume, mL (L with its unit): about 40 mL/kg in adults, "
                                        "or blood volume × (1 − haematocrit). Not the blood volume.")
    initial_fibrinogen: Fibrinogen = Field(description="Current fibrinogen, mg/dL (g/L with its unit: 1.2 g/L = "
                                           "120 mg/dL).")
    goal_fibrinogen: Fibrinogen = Field(description="Target fibrinogen, mg/dL (commonly 150-200 mg/dL).")
    fibrinogen_per_unit: FibrinogenPerUnit = Field(
        description="Fibrinogen in one unit of cryoprecipitate, mg (each unit holds at least 150 mg; about 200-250 "
        "mg is typical). A pooled bag of 5 units holds five times as much.")

    rules = (Relation(("initial_fibrinogen", "goal_fibrinogen"), "initial_fibrinogen < goal_fibrinogen"),)


@calculator(
    id="cryoprecipitate-dosing",
    name="Cryoprecipitate Dosing for Fibrinogen Replacement",
    aliases=("cryo-dose", "cryoprecipitate-dose"),
    kind="equation",
    specialty="hematology",
    # the range is the domain of an integer output: ⌈2000 mg/dL × 200 dL / 50 mg⌉ at most
    output=Output("units", "integer", 0, range=(1, 8000), secondary=(
        Secondary("fibrinogen_needed", "fibrinogen to replace", "mg", "decimal", 0),
        Secondary("exact_units", "units before rounding up", "units", "decimal", 2),)),
    inputs=CryoInputs,
    references=(
        Reference("Callum JL, Karkouti K, Lin Y. Cryoprecipitate: the current state of knowledge. Transfus Med Rev. "
                  "2009;23(3):177-188."),
        Reference("MDCalc. Cryoprecipitate Dosing for Fibrinogen Replacement."),
    ),
    formula="fibrinogen needed (mg) = (goal − initial fibrinogen) (mg/dL) × plasma volume (mL) / 100; units = "
    "fibrinogen needed / fibrinogen per unit (mg), rounded up to a whole unit",
    description="Number of cryoprecipitate units to raise the fibrinogen from its current level to a goal, assuming "
    "full recovery in the plasma volume. Rounded up (a part unit cannot be given and the goal is a minimum); "
    "ongoing consumption or bleeding needs more. Re-measure after transfusion.",
    example={"plasma_volume": 4133, "initial_fibrinogen": 120, "goal_fibrinogen": 200, "fibrinogen_per_unit": 200},
)
def cryoprecipitate_dosing(x: CryoInputs, w: Working) -> int:
    if x.goal_fibrinogen <= x.initial_fibrinogen:
        raise invalid("goal_fibrinogen", x.goal_fibrinogen,
                      f"a goal above the initial fibrinogen {fmt(x.initial_fibrinogen)} mg/dL",
                      "at or above the goal there is no fibrinogen to replace")
    needed = w.output("fibrinogen_needed", w.step(
        "fibrinogen needed", lambda: f"({fmt(x.goal_fibrinogen)} − {fmt(x.initial_fibrinogen)}) mg/dL × "
        f"{fmt(x.plasma_volume)} mL / 100", (x.goal_fibrinogen - x.initial_fibrinogen) * x.plasma_volume / 100, "mg"))
    exact = w.output("exact_units", w.step("units", f"{fmt(needed)} mg / {fmt(x.fibrinogen_per_unit)} mg",
                                           needed / x.fibrinogen_per_unit, "units"))
    units = w.step("units, rounded up", f"⌈{fmt(exact, 2)}⌉", math.ceil(round(exact, 9)), "units")
    w.interpretation = f"{units} unit{'s' if units != 1 else ''} of cryoprecipitate ({fmt(needed, 0)} mg fibrinogen)"
    return units
