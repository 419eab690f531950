"""Systemic vascular resistance (SVR)."""

from __future__ import annotations

from pydantic import Field

from ..fields import BloodPressure, CardiacOutput, FillingPressure, Inputs
from ..rules import Relation
from ..spec import Output, Reference, Secondary, Working, calculator, fmt, invalid


class SVRInputs(Inputs):
    mean_arterial_pressure: BloodPressure = Field(description="Mean arterial pressure, mmHg.")
    central_venous_pressure: FillingPressure = Field(description="Central venous (right atrial) pressure, mmHg; "
                                                   "below the mean arterial pressure.")
    cardiac_output: CardiacOutput = Field(description="Cardiac output, L/min.")

    rules = (Relation(("central_venous_pressure", "mean_arterial_pressure"), "central_venous_pressure below mean_arterial_pressure (in any unit)"),)


@calculator(
    id="systemic-vascular-resistance",
    name="Systemic Vascular Resistance",
    aliases=("svr",),
    kind="equation",
    specialty="cardiology",
    output=Output("dyn·s·cm⁻⁵", "decimal", 0, range=(300, 3000), secondary=(
        Secondary("svr_wood", "systemic vascular resistance in Wood units (mmHg·min/L)", "Wood units", "decimal", 1),
    )),
    inputs=SVRInputs,
    references=(
        Reference("Marino PL. The ICU Book. 4th ed. Philadelphia: Wolters Kluwer; 2014. Chapter 8, Hemodynamic "
                  "monitoring (SVR = 80 × (MAP − CVP) / CO; normal 800-1200 dyn·s·cm⁻⁵)."),
    ),
    formula="SVR (dyn·s·cm⁻⁵) = 80 × (MAP − CVP) (mmHg) / CO (L/min); Wood units = (MAP − CVP) / CO",
    description="Resistance of the systemic circulation: the pressure drop across it over the cardiac output. "
    "Normal about 800-1200 dyn·s·cm⁻⁵; low in vasodilatory shock, high in cardiogenic and hypovolaemic shock.",
    example={"mean_arterial_pressure": 55, "central_venous_pressure": 12, "cardiac_output": 2.58},
)
def systemic_vascular_resistance(x: SVRInputs, w: Working) -> float:
    if x.central_venous_pressure >= x.mean_arterial_pressure:
        raise invalid("central_venous_pressure", x.central_venous_pressure,
                      f"a CVP below the mean arterial pressure {fmt(x.mean_arterial_pressure)} mmHg",
                      "the two pressures may be swapped")
    wood = w.output("svr_wood", w.step(
        "SVR", lambda: f"({fmt(x.mean_arterial_pressure)} − {fmt(x.central_venous_pressure)}) / "
        f"{fmt(x.cardiac_output)}", (x.mean_arterial_pressure - x.central_venous_pressure) / x.cardiac_output,
        "Wood units"))
    svr = w.step("SVR", lambda: f"80 × {fmt(wood)}", 80 * wood, "dyn·s·cm⁻⁵")
    shown = round(svr, 6)
    w.interpretation = ("< 800 dyn·s·cm⁻⁵: low (vasodilation, e.g. distributive shock)" if shown < 800 else
                        "> 1200 dyn·s·cm⁻⁵: high (vasoconstriction, e.g. cardiogenic or hypovolaemic shock)"
                        if shown > 1200 else "800-1200 dyn·s·cm⁻⁵: normal")
    return svr
