"""Plasma dose for transfusion: a weight-based volume (10-20 mL/kg) and the number of units it takes."""

from __future__ import annotations

from pydantic import Field

from ..fields import Inputs, Weight, q
from ..rounding import round_half_away
from ..spec import Output, Reference, Secondary, Working, calculator, fmt

DosePerKg = q("mL/kg", gt=0, lt=100, plausible=(5, 30), units=("mL/kg",))  # above 100 mL/kg: exchange, not dosing
UnitVolume = q("mL", ge=50, le=1000, plausible=(150, 350), units=("mL", "L"))  # pediatric to apheresis units


class PlasmaDosageInputs(Inputs):
    weight: Weight = Field(description="Body weight, kg by default ('180 lb' with its unit).")
    dose_per_kg: DosePerKg = Field(description="Desired plasma dose, mL/kg; usually 10-20 mL/kg (15 mL/kg is "
                                   "common for coagulopathy).")
    unit_volume: UnitVolume = Field(description="Volume of one plasma unit, mL (about 200-300 mL; 250 mL is "
                                    "typical). Not the number of units.")


@calculator(
    id="plasma-dosage",
    name="Plasma Dosage",
    aliases=("ffp-dose", "fresh-frozen-plasma-dose", "plasma-dose"),
    kind="equation",
    specialty="hematology",
    # the range is the domain of an integer output: below 1000 kg × 100 mL/kg ÷ 50 mL
    output=Output("units", "integer", 0, range=(0, 2000), secondary=(
        Secondary("volume", "plasma dose for transfusion (weight × mL/kg)", "mL", "decimal", 0),)),
    inputs=PlasmaDosageInputs,
    references=(
        Reference("O'Shaughnessy DF, Atterbury C, Bolton Maggs P, et al. Guidelines for the use of fresh-frozen "
                  "plasma, cryoprecipitate and cryosupernatant. Br J Haematol. 2004;126(1):11-28 (a dose of "
                  "12-15 mL/kg).", "https://doi.org/10.1111/j.1365-2141.2004.04972.x"),
        Reference("MDCalc. Plasma Dosage (units = weight × dose ÷ unit volume, to the nearest whole unit)."),
    ),
    formula="plasma dose (mL) = weight (kg) × desired dose (mL/kg); units = dose ÷ volume of one unit, rounded to "
    "the nearest whole unit",
    description="Volume of plasma (FFP or thawed plasma) for a weight-based dose, and the number of units to order. "
    "The main value is the exact number of units; `rounded` is the whole number of units (nearest, as MDCalc "
    "shows); the volume is a secondary output.",
    example={"weight": "180 lb", "dose_per_kg": 15, "unit_volume": 250},
)
def plasma_dosage(x: PlasmaDosageInputs, w: Working) -> float:
    volume = w.output("volume", w.step("plasma dose", f"{fmt(x.weight)} kg × {fmt(x.dose_per_kg)} mL/kg",
                                       x.weight * x.dose_per_kg, "mL"))
    units = w.step("units", f"{fmt(volume)} mL ÷ {fmt(x.unit_volume)} mL", volume / x.unit_volume, "units")
    whole = int(round_half_away(units, 0))
    if whole == 0:
        w.interpretation = f"{fmt(volume, 0)} mL is less than half a {fmt(x.unit_volume)} mL unit"
    else:
        w.interpretation = f"{whole} unit{'s' if whole != 1 else ''} ({fmt(volume, 0)} mL of plasma)"
    return units
