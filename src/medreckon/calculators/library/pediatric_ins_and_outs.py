"""A volume taken in or passed (fluids, urine, stool) per kilogram and per hour: pediatric ins and outs."""

from __future__ import annotations

from pydantic import Field

from ..fields import Inputs, Weight, q
from ..spec import Output, Reference, Secondary, Working, calculator, fmt

Volume = q("mL", ge=0, lt=1e5, plausible=(0, 10000), units=("mL", "L"))
Hours = q("h", gt=0, lt=1000, plausible=(0.5, 72), units=("h", "min", "d"))


class InsAndOutsInputs(Inputs):
    volume: Volume = Field(description="The volume in or out over the period (intake, urine, stool, drain), mL.")
    weight: Weight = Field(description="Body weight, kg (lb with its unit).")
    hours: Hours = Field(description="The period over which the volume was measured, hours.")


@calculator(
    id="pediatric-ins-and-outs",
    name="Pediatric Ins and Outs (mL/kg/h)",
    aliases=("Pediatric Ins and Outs", "urine-output-ml-kg-h", "ins-and-outs"),
    kind="equation",
    specialty="pediatrics",
    output=Output("mL/kg/h", "decimal", 1, range=(0, 20), secondary=(
        Secondary("per_kg", "volume per kilogram over the period", "mL/kg", "decimal", 1),
    )),
    inputs=InsAndOutsInputs,
    references=(
        Reference("Kliegman RM, St Geme JW, eds. Nelson Textbook of Pediatrics, 21st ed. Philadelphia: Elsevier; 2020 "
                  "(urine output: oliguria below about 1 mL/kg/h in infants and children, 0.5 mL/kg/h in "
                  "adolescents)."),
        Reference("MDCalc. Pediatric Ins and Outs."),
    ),
    formula="volume per weight = volume (mL) / weight (kg); per hour = volume / weight / hours.",
    description="Normalises a fluid volume to the child's weight and time, e.g. urine output in mL/kg/h (below "
    "about 1 mL/kg/h is oliguria in a child).",
    example={"volume": 180, "weight": "27.6 lb", "hours": 4},
)
def pediatric_ins_and_outs(x: InsAndOutsInputs, w: Working) -> float:
    per_kg = w.output("per_kg", w.step("volume per weight", f"{fmt(x.volume)} / {fmt(x.weight, 2)}",
                                       x.volume / x.weight, "mL/kg"))
    rate = w.step("volume per weight per hour", f"{fmt(per_kg, 3)} / {fmt(x.hours)}", per_kg / x.hours, "mL/kg/h")
    w.interpretation = f"{fmt(rate, 1)} mL/kg/h ({fmt(per_kg, 1)} mL/kg over {fmt(x.hours)} h)"
    return rate
