"""Maintenance fluid rate by the Holliday-Segar 4-2-1 rule."""

from __future__ import annotations

from pydantic import Field

from ..fields import Inputs, Weight
from ..spec import MedCalcBench, Output, Reference, Working, calculator, fmt


class MaintenanceFluidsInputs(Inputs):
    weight: Weight = Field(
        description="Body weight, kg by default; lb and g accepted with their unit ('30 lb', '2180 g'). "
        "A neonate's weight in grams must carry 'g', not be passed as kg."
    )


@calculator(
    id="maintenance-fluids",
    name="Maintenance Fluids Calculations",
    aliases=("holliday-segar", "4-2-1-rule", "maintenance-fluid-rate"),
    kind="equation",
    specialty="pediatrics",
    output=Output("mL/h", "decimal", 1, range=(0, 200)),
    inputs=MaintenanceFluidsInputs,
    references=(
        Reference("Holliday MA, Segar WE. The maintenance need for water in parenteral fluid therapy. "
                  "Pediatrics. 1957;19(5):823-832."),
    ),
    formula="rate (mL/h) = 4 × weight for weight ≤ 10 kg; 40 + 2 × (weight − 10) for 10-20 kg; "
    "60 + 1 × (weight − 20) above 20 kg",
    description="Hourly maintenance fluid requirement by the Holliday-Segar 4-2-1 rule (100/50/20 mL/kg/day "
    "for the first 10 kg, the next 10 kg and each kg beyond). It estimates needs in health; it is not a "
    "resuscitation volume and takes no account of ongoing losses.",
    medcalc_bench=MedCalcBench(22, {"weight": "weight"}),
    example={"weight": 18},
)
def maintenance_fluids(x: MaintenanceFluidsInputs, w: Working) -> float:
    kg = x.weight
    if kg <= 10:
        return w.step("maintenance rate (≤ 10 kg)", f"4 × {fmt(kg)}", 4 * kg, "mL/h")
    if kg <= 20:
        return w.step("maintenance rate (10-20 kg)", f"40 + 2 × ({fmt(kg)} − 10)", 40 + 2 * (kg - 10), "mL/h")
    return w.step("maintenance rate (> 20 kg)", f"60 + 1 × ({fmt(kg)} − 20)", 60 + (kg - 20), "mL/h")
