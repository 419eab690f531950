"""Fosphenytoin (or phenytoin sodium) loading dose to reach a target phenytoin level (Winter,
Basic Clinical Pharmacokinetics)."""

from __future__ import annotations

from pydantic import Field

from ..fields import Inputs, Option, Weight, q
from ..spec import Output, Reference, Working, calculator, fmt, invalid

Level = q("ug/mL", ge=0, lt=200, plausible=(0, 60), units=("ug/mL", "mg/L"))
SALT_FACTOR = 0.92  # phenytoin acid in phenytoin sodium; fosphenytoin is dosed in phenytoin sodium equivalents (PE)


class FosphenytoinInputs(Inputs):
    target_level: Level = Field(description="Desired total phenytoin concentration, µg/mL (= mg/L); usually 10-20.")
    current_level: Level = Field(description="Current total phenytoin concentration, µg/mL (0 if not taking it).")
    weight: Weight = Field(description="Body weight, kg (lb with its unit).")
    volume_of_distribution: float = Option(0.7, "Phenytoin volume of distribution, L/kg: 0.7 in adults (0.8 is "
                                           "sometimes used in children and neonates).")


@calculator(
    id="fosphenytoin-load",
    name="Fosphenytoin Load",
    aliases=("Fosphenytoin Load", "phenytoin-load", "phenytoin-loading-dose"),
    kind="equation",
    specialty="neurology",
    output=Output("mg PE", "decimal", 1, range=(0, 3000)),
    inputs=FosphenytoinInputs,
    references=(
        Reference("Winter ME. Basic Clinical Pharmacokinetics, 5th ed. Philadelphia: Lippincott Williams & Wilkins; "
                  "2010 (phenytoin: loading dose = Vd × weight × ΔC / (S × F), S = 0.92 for phenytoin sodium)."),
        Reference("MDCalc. Fosphenytoin Load."),
    ),
    formula="Loading dose (mg PE) = Vd (0.7 L/kg) × weight (kg) × (target − current level, mg/L) / 0.92, the salt "
    "factor of phenytoin sodium (1 mg PE = 1 mg phenytoin sodium).",
    description="Dose of fosphenytoin in phenytoin sodium equivalents (PE) to raise the phenytoin level to the "
    "target; the usual status epilepticus load is 20 mg PE/kg (maximum rate 150 mg PE/min).",
    example={"target_level": 15, "current_level": 0, "weight": 50},
)
def fosphenytoin_load(x: FosphenytoinInputs, w: Working) -> float:
    if x.volume_of_distribution <= 0 or x.volume_of_distribution > 2:
        raise invalid("volume_of_distribution", x.volume_of_distribution, "a volume of distribution of 0-2 L/kg")
    if x.target_level <= x.current_level:
        raise invalid("target_level", x.target_level, f"a target above the current level {fmt(x.current_level)} µg/mL",
                      "no load is needed when the level is already at or above the target")
    dose = w.step("loading dose", f"{fmt(x.volume_of_distribution)} × {fmt(x.weight, 1)} × ({fmt(x.target_level)} − "
                  f"{fmt(x.current_level)}) / {SALT_FACTOR}", x.volume_of_distribution * x.weight
                  * (x.target_level - x.current_level) / SALT_FACTOR, "mg PE")
    w.interpretation = f"{fmt(dose, 0)} mg PE ({fmt(dose / x.weight, 1)} mg PE/kg); infuse no faster than 150 mg PE/min"
    return dose
