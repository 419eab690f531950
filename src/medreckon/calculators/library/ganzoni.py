"""Ganzoni equation: total iron deficit for iron-deficiency anaemia (Ganzoni 1970)."""

from __future__ import annotations

from pydantic import Field

from ..fields import Hemoglobin, Inputs, Option, Weight, q
from ..rules import Relation
from ..spec import Output, Reference, Working, calculator, fmt, invalid

IronStores = q("mg", ge=0, lt=5000, plausible=(0, 1000), units=("mg",))


class GanzoniInputs(Inputs):
    weight: Weight = Field(description="Body weight (kg by default; lb with a unit).")
    target_hemoglobin: Hemoglobin = Field(description="Target haemoglobin, g/dL by default (g/L with its unit).")
    actual_hemoglobin: Hemoglobin = Field(description="Current haemoglobin, g/dL by default (g/L with its unit).")
    iron_stores: IronStores = Option(500.0, "Iron stores to replenish, mg: 500 by default (body weight ≥ 35 kg); "
                                     "about 15 mg/kg below 35 kg.")

    rules = (Relation(("target_hemoglobin", "actual_hemoglobin"), "target_hemoglobin at or above actual_hemoglobin (in any unit)"),)


@calculator(
    id="ganzoni",
    name="Ganzoni Equation for Iron Deficiency Anemia",
    aliases=("ganzoni-equation", "total-iron-deficit"),
    kind="equation",
    specialty="hematology",
    output=Output("mg", "decimal", 0, range=(0, 5000)),
    inputs=GanzoniInputs,
    references=(
        Reference("Ganzoni AM. Intravenous iron-dextran: therapeutic and experimental possibilities. Schweiz Med "
                  "Wochenschr. 1970;100(7):301-303."),
        Reference("MDCalc. Ganzoni Equation for Iron Deficiency Anemia.",
                  "https://www.mdcalc.com/calc/10227/ganzoni-equation-iron-deficiency-anemia"),
    ),
    formula="total iron deficit (mg) = weight (kg) × (target Hb − actual Hb) (g/dL) × 2.4 + iron stores (mg)",
    description="Total iron to give intravenously to correct iron-deficiency anaemia and refill the stores; the "
    "factor 2.4 combines the blood volume (7% of weight) and the iron content of haemoglobin (0.34%).",
    example={"weight": "140 lb", "target_hemoglobin": 10, "actual_hemoglobin": 6.8},
)
def ganzoni(x: GanzoniInputs, w: Working) -> float:
    if x.actual_hemoglobin > x.target_hemoglobin:
        raise invalid("target_hemoglobin", x.target_hemoglobin, f"a target at or above the actual haemoglobin "
                      f"{fmt(x.actual_hemoglobin)} g/dL", "the two haemoglobins may be swapped")
    deficit = w.step("total iron deficit", lambda: f"{fmt(x.weight)} × ({fmt(x.target_hemoglobin)} − "
                     f"{fmt(x.actual_hemoglobin)}) × 2.4 + {fmt(x.iron_stores)}",
                     x.weight * (x.target_hemoglobin - x.actual_hemoglobin) * 2.4 + x.iron_stores, "mg")
    w.interpretation = f"total iron deficit about {fmt(deficit, 0)} mg, to be given in divided intravenous doses"
    return deficit
