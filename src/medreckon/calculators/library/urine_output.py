"""Urine output per kg per hour and the fluid balance over the same period."""

from __future__ import annotations

from pydantic import Field

from ..fields import Inputs, Weight, q
from ..spec import Output, Reference, Secondary, Working, calculator, fmt

FluidVolume = q("mL", ge=0, lt=100000, plausible=(0, 20000), units=("mL", "L"))
Hours = q("h", gt=0, le=720, plausible=(1, 72), units=("h", "min", "d"))
OLIGURIA = 0.5  # mL/kg/h: below it (adults) oliguria (KDIGO AKI stage 1 over 6-12 h)
ADULT_NORMAL = (0.5, 1.0)
CHILD_NORMAL = (1.0, 2.0)


class UrineOutputInputs(Inputs):
    weight: Weight = Field(description="Body weight (kg by default; lb with its unit).")
    urine_output: FluidVolume = Field(description="Total urine output over the period, mL by default.")
    hours: Hours = Field(description="Length of the period, hours by default.")
    fluid_intake: FluidVolume | None = Field(None, description="Total fluid intake over the same period, mL; "
                                             "optional. Given, the fluid balance (intake − urine) is returned too.")


@calculator(
    id="urine-output",
    name="Urine Output and Fluid Balance",
    aliases=("urine-output-rate", "uop", "urine-output-per-kg"),
    kind="equation",
    specialty="nephrology",
    output=Output("mL/kg/h", "decimal", 1, range=(0, 10), secondary=(
        Secondary("fluid_balance", "fluid intake − urine output over the period (when the intake is given)", "mL",
                  "decimal", 0),
    )),
    inputs=UrineOutputInputs,
    references=(
        Reference("Kidney Disease: Improving Global Outcomes (KDIGO) Acute Kidney Injury Work Group. KDIGO clinical "
                  "practice guideline for acute kidney injury. Kidney Int Suppl. 2012;2(1):1-138 (urine output "
                  "< 0.5 mL/kg/h for 6-12 h: stage 1).", "https://kdigo.org/guidelines/acute-kidney-injury/"),
        Reference("MDCalc: Urine Output and Fluid Balance.", "https://www.mdcalc.com/calc/10214/urine-output-fluid-balance"),
    ),
    formula="urine output (mL/kg/h) = urine (mL) / weight (kg) / hours; fluid balance (mL) = intake − urine",
    description="Hourly urine output indexed to weight (normal about 0.5-1 mL/kg/h in adults, 1-2 in children; "
    "below 0.5 is oliguria) and the net fluid balance. Other losses (drains, stool, insensible) are not counted.",
    example={"weight": 80, "urine_output": 1200, "hours": 24, "fluid_intake": 2500},
)
def urine_output(x: UrineOutputInputs, w: Working) -> float:
    rate = w.step("urine output", f"{fmt(x.urine_output)} mL / {fmt(x.weight)} kg / {fmt(x.hours)} h",
                  x.urine_output / x.weight / x.hours, "mL/kg/h")
    normal = (f"adult normal {fmt(ADULT_NORMAL[0])}-{fmt(ADULT_NORMAL[1])}, child {fmt(CHILD_NORMAL[0])}-"
              f"{fmt(CHILD_NORMAL[1])}")
    if round(rate, 6) < OLIGURIA:
        w.interpretation = f"oliguria: {fmt(rate, 2)} mL/kg/h < {fmt(OLIGURIA)} ({normal})"
    else:
        w.interpretation = f"{fmt(rate, 2)} mL/kg/h ({normal})"
    if x.fluid_intake is not None:
        balance = w.output("fluid_balance", w.step("fluid balance", f"{fmt(x.fluid_intake)} − {fmt(x.urine_output)}",
                                                   x.fluid_intake - x.urine_output, "mL"))
        w.interpretation += f"; fluid balance {'+' if balance > 0 else ''}{fmt(balance, 0)} mL"
    return rate
