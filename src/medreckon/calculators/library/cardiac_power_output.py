"""Cardiac power output (CPO; Fincke 2004)."""

from __future__ import annotations

from pydantic import Field

from ..fields import BloodPressure, CardiacOutput, Inputs
from ..spec import Output, Reference, Working, calculator, fmt


class CPOInputs(Inputs):
    mean_arterial_pressure: BloodPressure = Field(description="Mean arterial pressure, mmHg (not the systolic).")
    cardiac_output: CardiacOutput = Field(description="Cardiac output, L/min.")


@calculator(
    id="cardiac-power-output",
    name="Cardiac Power Output (CPO)",
    aliases=("cpo",),
    kind="equation",
    specialty="cardiology",
    output=Output("W", "decimal", 2, range=(0.1, 2.0)),
    inputs=CPOInputs,
    references=(
        Reference("Fincke R, Hochman JS, Lowe AM, et al. Cardiac power is the strongest hemodynamic correlate of "
                  "mortality in cardiogenic shock: a report from the SHOCK trial registry. J Am Coll Cardiol. "
                  "2004;44(2):340-348.", "https://doi.org/10.1016/j.jacc.2004.03.060"),
        Reference("MDCalc. Cardiac Power Output (CPO).", "https://www.mdcalc.com/calc/3982/cardiac-power-output-cpo"),
    ),
    formula="CPO (W) = MAP (mmHg) × CO (L/min) / 451",
    description="Pumping power of the heart; in cardiogenic shock a CPO below 0.6 W is associated with higher "
    "in-hospital mortality (normal at rest about 1 W). Uses the mean arterial pressure, not the systolic.",
    example={"mean_arterial_pressure": 68, "cardiac_output": 4.6},
)
def cardiac_power_output(x: CPOInputs, w: Working) -> float:
    cpo = w.step("CPO", lambda: f"{fmt(x.mean_arterial_pressure)} × {fmt(x.cardiac_output)} / 451",
                 x.mean_arterial_pressure * x.cardiac_output / 451, "W")
    w.interpretation = ("< 0.6 W: associated with higher in-hospital mortality in cardiogenic shock"
                        if round(cpo, 6) < 0.6 else "≥ 0.6 W: not in the range associated with higher mortality "
                        "in cardiogenic shock (normal at rest about 1 W)")
    return cpo
