"""Red cell exchange volume for sickle cell disease (automated isovolaemic exchange)."""

from __future__ import annotations

import math

from pydantic import Field

from ..fields import Height, Hematocrit, Inputs, Percent, Sex, Weight
from ..spec import Output, Reference, Secondary, Working, calculator, fmt, invalid

UNIT_ML = 350  # RBC volume assumed per unit


def nadler_blood_volume(sex: str, height_cm: float, weight_kg: float, w: Working) -> float:
    """Total blood volume (mL) by Nadler's formula."""
    h3 = (height_cm / 100) ** 3
    a, b, c = (0.3669, 0.03219, 0.6041) if sex == "male" else (0.3561, 0.03308, 0.1833)
    return w.step("total blood volume (Nadler)", lambda: f"({a} × {fmt(height_cm / 100)}³ + {b} × {fmt(weight_kg)} + "
                  f"{c}) × 1000", (a * h3 + b * weight_kg + c) * 1000, "mL")


class SickleExchangeInputs(Inputs):
    sex: Sex = Field(description="Sex, for the blood volume (Nadler).")
    height: Height = Field(description="Height (cm by default; in, ft with a unit).")
    weight: Weight = Field(description="Weight (kg by default; lb with a unit).")
    hematocrit: Percent = Field(description="Patient's haematocrit, %.")
    initial_hbs: Percent = Field(description="Patient's initial haemoglobin S, % of total haemoglobin.")
    target_hbs: Percent = Field(description="Goal haemoglobin S after exchange, % (often 30).")
    replacement_hematocrit: Hematocrit = Field(description="Haematocrit of the replacement red cells, % (often "
                                               "55-65).")


@calculator(
    id="sickle-cell-exchange",
    name="Sickle Cell RBC Exchange Volume",
    aliases=("rbc-exchange-volume", "red-cell-exchange-volume"),
    kind="equation",
    specialty="hematology",
    output=Output("mL", "decimal", 0, range=(100, 6000), secondary=(
        Secondary("units", f"approximate number of red cell units, at {UNIT_ML} mL per unit", "units", "integer"),
        Secondary("total_blood_volume", "total blood volume by Nadler's formula", "mL", "decimal", 0),
    )),
    inputs=SickleExchangeInputs,
    references=(
        Reference("Nadler SB, Hidalgo JH, Bloch T. Prediction of blood volume in normal human adults. Surgery. "
                  "1962;51(2):224-232."),
        Reference("Kim HC, Dugan NP, Silber JH, et al. Erythrocytapheresis therapy to reduce iron overload in "
                  "chronically transfused patients with sickle cell disease. Blood. 1994;83(4):1136-1142.",
                  "https://doi.org/10.1182/blood.V83.4.1136.1136"),
    ),
    formula="replacement RBC volume (mL) = TBV × Hct / replacement Hct × ln(initial HbS / target HbS); TBV by "
    "Nadler (men 0.3669 h³ + 0.03219 w + 0.6041 L; women 0.3561 h³ + 0.03308 w + 0.1833 L; h in m, w in kg); "
    f"units = volume / {UNIT_ML} mL",
    description="Volume of replacement red cells for an isovolaemic automated red cell exchange to bring the "
    "haemoglobin S fraction from its initial value to the target (continuous exchange, exponential washout).",
    example={"sex": "female", "height": "64 in", "weight": "140 lb", "hematocrit": 21, "initial_hbs": 88,
             "target_hbs": 30, "replacement_hematocrit": 60},
)
def sickle_cell_exchange(x: SickleExchangeInputs, w: Working) -> float:
    if not 0 < x.target_hbs < x.initial_hbs:
        raise invalid("target_hbs", x.target_hbs, f"a target HbS above 0 and below the initial {fmt(x.initial_hbs)}%",
                      "an exchange lowers the HbS fraction")
    if x.hematocrit <= 0:
        raise invalid("hematocrit", x.hematocrit, "a haematocrit above 0%")
    tbv = w.output("total_blood_volume", nadler_blood_volume(x.sex, x.height, x.weight, w))
    volume = w.step("replacement RBC volume", lambda: f"{fmt(tbv, 0)} × {fmt(x.hematocrit)} / "
                    f"{fmt(x.replacement_hematocrit)} × ln({fmt(x.initial_hbs)} / {fmt(x.target_hbs)})",
                    tbv * x.hematocrit / x.replacement_hematocrit * math.log(x.initial_hbs / x.target_hbs), "mL")
    units = w.output("units", w.step("units", lambda: f"{fmt(volume, 0)} / {UNIT_ML}", volume / UNIT_ML, "units"))
    w.interpretation = f"about {fmt(volume, 0)} mL of red cells (about {round(units)} units)"
    return volume
