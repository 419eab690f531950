"""Bicarbonate deficit: the bicarbonate needed to raise the serum level to a target, from its
apparent distribution space (0.4 L/kg body weight)."""

from __future__ import annotations

from pydantic import Field

from ..fields import Bicarbonate, Inputs, Weight, scoped
from ..spec import Output, Reference, Working, calculator, fmt, invalid

DISTRIBUTION_L_PER_KG = 0.4  # apparent bicarbonate space, L/kg (Fernandez 1989; MDCalc)
TARGET = 24.0  # mEq/L, the normal serum bicarbonate MDCalc corrects to
LowBicarbonate = scoped(Bicarbonate, below=TARGET)  # at or above the target there is no deficit


class BicarbonateDeficitInputs(Inputs):
    weight: Weight = Field(description="Body weight, kg by default ('180 lb' with its unit).")
    bicarbonate: LowBicarbonate = Field(
        description="Measured serum bicarbonate (HCO3-, or total CO2 of the chemistry panel), mEq/L (= mmol/L). "
        "Not the base excess and not the PaCO2. Must be below the target of 24 mEq/L.")


@calculator(
    id="bicarbonate-deficit",
    name="Bicarbonate Deficit",
    aliases=("hco3-deficit", "bicarb-deficit"),
    kind="equation",
    specialty="nephrology",
    output=Output("mEq", "decimal", 1, range=(0, 2000)),
    inputs=BicarbonateDeficitInputs,
    references=(
        Reference("Fernandez PC, Cohen RM, Feldman GM. The concept of bicarbonate distribution space: the crucial "
                  "role of body buffers. Kidney Int. 1989;36(5):747-752."),
        Reference("MDCalc. Bicarbonate Deficit (0.4 × weight × (24 − HCO3-))."),
    ),
    formula="HCO3- deficit (mEq) = 0.4 L/kg × weight (kg) × (24 − serum HCO3- (mEq/L))",
    description="Total bicarbonate needed to bring the serum bicarbonate back to 24 mEq/L in metabolic acidosis, "
    "using MDCalc's 0.4 L/kg distribution space. The true space grows as bicarbonate falls (up to 0.8 L/kg or more "
    "in severe acidosis), so this underestimates the need then; replace about half and re-measure.",
    example={"weight": "180 lb", "bicarbonate": 10},
)
def bicarbonate_deficit(x: BicarbonateDeficitInputs, w: Working) -> float:
    if x.bicarbonate >= TARGET:
        raise invalid("bicarbonate", x.bicarbonate, f"a bicarbonate below the target {fmt(TARGET)} mEq/L",
                      "above the target there is no deficit to replace")
    deficit = w.step("bicarbonate deficit", lambda: f"{DISTRIBUTION_L_PER_KG} × {fmt(x.weight)} × "
                     f"({fmt(TARGET)} − {fmt(x.bicarbonate)})",
                     DISTRIBUTION_L_PER_KG * x.weight * (TARGET - x.bicarbonate), "mEq")
    w.interpretation = (f"about {fmt(deficit, 0)} mEq of bicarbonate to raise HCO3- from {fmt(x.bicarbonate)} to "
                        f"{fmt(TARGET)} mEq/L; give part (often half) and re-measure")
    return deficit
