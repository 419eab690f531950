"""Total blood volume by Nadler's equations (1962), with the red cell and plasma volumes."""

from __future__ import annotations

from pydantic import Field

from ..fields import Height, Hematocrit, Inputs, Sex, Weight, scoped
from ..spec import Output, Reference, Secondary, Working, calculator, fmt, invalid

NADLER = {"male": (0.3669, 0.03219, 0.6041), "female": (0.3561, 0.03308, 0.1833)}  # L: a·H³(m) + b·W(kg) + c
MIN_WEIGHT_KG = 25.0  # Nadler's equations are for adults and children of 25 kg or more
NadlerWeight = scoped(Weight, start=MIN_WEIGHT_KG)


class BloodVolumeInputs(Inputs):
    sex: Sex = Field(description="Sex: Nadler's equations differ by sex.")
    height: Height = Field(description="Height, cm ('5 ft 10 in' with its unit).")
    weight: NadlerWeight = Field(description="Body weight, kg ('180 lb' with its unit); at least 25 kg.")
    hematocrit: Hematocrit = Field(description="Haematocrit, % (e.g. 28), for the red cell and plasma volumes.")


@calculator(
    id="blood-volume",
    name="Blood Volume Calculation",
    aliases=("nadler-blood-volume", "total-blood-volume"),
    kind="equation",
    specialty="hematology",
    output=Output("L", "decimal", 1, range=(1.5, 10), secondary=(
        Secondary("red_cell_volume", "red blood cell volume (blood volume × haematocrit)", "mL", "decimal", 0),
        Secondary("plasma_volume", "plasma volume (blood volume × (1 − haematocrit))", "mL", "decimal", 0),
    )),
    inputs=BloodVolumeInputs,
    references=(
        Reference("Nadler SB, Hidalgo JH, Bloch T. Prediction of blood volume in normal human adults. Surgery. "
                  "1962;51(2):224-232."),
        Reference("MDCalc. Blood Volume Calculation (Nadler for children ≥ 25 kg and adults)."),
    ),
    formula="men: BV (L) = 0.3669 × H³ + 0.03219 × W + 0.6041; women: 0.3561 × H³ + 0.03308 × W + 0.1833 (H in m, W "
    "in kg); red cell volume = BV × Hct; plasma volume = BV × (1 − Hct)",
    description="Estimated total blood volume of an adult or a child of at least 25 kg, and its red cell and plasma "
    "parts (for plasma exchange, cryoprecipitate or transfusion planning).",
    example={"sex": "male", "height": 177, "weight": "180 lb", "hematocrit": 28},
)
def blood_volume(x: BloodVolumeInputs, w: Working) -> float:
    if x.weight < MIN_WEIGHT_KG:
        raise invalid("weight", x.weight, f"a weight ≥ {fmt(MIN_WEIGHT_KG)} kg",
                      "Nadler's equations are for adults and children of 25 kg or more; below that use a mL/kg "
                      "estimate for age")
    a, b, c = NADLER[x.sex]
    h = x.height / 100
    volume = w.step("blood volume", lambda: f"{a} × {fmt(h, 3)}³ + {b} × {fmt(x.weight)} + {c}",
                    a * h**3 + b * x.weight + c, "L")
    hct = x.hematocrit / 100
    red = w.output("red_cell_volume", w.step("red cell volume", f"{fmt(volume * 1000, 0)} mL × {fmt(hct, 3)}",
                                             volume * 1000 * hct, "mL"))
    plasma = w.output("plasma_volume", w.step("plasma volume", f"{fmt(volume * 1000, 0)} mL × (1 − {fmt(hct, 3)})",
                                              volume * 1000 * (1 - hct), "mL"))
    w.interpretation = (f"blood volume {fmt(volume, 1)} L: red cells {fmt(red, 0)} mL, plasma {fmt(plasma, 0)} mL")
    return volume
