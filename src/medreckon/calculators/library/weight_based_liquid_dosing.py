"""Weight-based liquid medication dosing: a daily mg/kg dose split into equal doses, and the volume
of a liquid formulation that holds each dose."""

from __future__ import annotations

from pydantic import Field

from ..fields import Inputs, Weight, number_choice, q
from ..spec import Output, Reference, Secondary, Working, calculator, fmt

DailyDosePerKg = q("mg/kg", gt=0, plausible=(0.001, 500), units=("mg/kg", "ug/kg", "g/kg"))
INTERVALS = ("24", "12", "8", "6", "4", "3", "2", "1")  # hours: each divides the day into whole doses
Amount = q("mg", gt=0, plausible=(0.01, 5000), units=("mg", "ug", "g"))
Volume = q("mL", gt=0, plausible=(0.1, 100), units=("mL", "L"))


class LiquidDosingInputs(Inputs):
    weight: Weight = Field(description="Dosing weight, kg by default ('42 kg', '92 lb'): actual, ideal or adjusted "
                           "weight as the drug requires.")
    daily_dose_per_kg: DailyDosePerKg = Field(
        description="Prescribed total daily dose per kg, in mg/kg per day (give '15 mg/kg' for 15 mg/kg/day). A "
        "per-dose amount must first be multiplied by the doses per day.")
    dosing_interval: number_choice(*INTERVALS) = Field(
        description="Hours between doses, one of 24 (once daily), 12, 8, 6, 4, 3, 2, 1 (a number or its text).")
    formulation_amount: Amount = Field(description="Drug in the stated volume of the liquid, mg (the '250 mg' of "
                                       "'250 mg/5 mL').")
    formulation_volume: Volume = Field(description="The volume that holds formulation_amount, mL (the '5 mL' of "
                                       "'250 mg/5 mL').")


@calculator(
    id="weight-based-liquid-dosing",
    name="Weight-based liquid medication dosing",
    aliases=("liquid-medication-dose", "weight-based-liquid-dose"),
    kind="equation",
    specialty="pharmacology",
    output=Output("mg", "decimal", 1, range=(0, 5000), secondary=(
        Secondary("daily_dose", "total daily dose", "mg", "decimal", 1),
        Secondary("volume_per_dose", "liquid volume per single dose", "mL", "decimal", 2),
    )),
    inputs=LiquidDosingInputs,
    references=(
        Reference("Kleinman K, McDaniel L, Molloy M, eds. The Harriet Lane Handbook. 22nd ed. Elsevier; 2021 (doses "
                  "in mg/kg/day divided every N hours)."),
        Reference("MDCalc. Weight-based liquid medication dosing."),
    ),
    formula="daily dose (mg) = weight (kg) × dose (mg/kg/day); doses per day = 24 h / interval; single dose = daily "
    "dose / doses per day; volume per dose (mL) = single dose × formulation volume / formulation amount",
    description="Single dose, daily total and the volume of an oral or IV liquid for a weight-based daily dose "
    "divided at a fixed interval. Check the result against the drug's maximum dose, which this does not apply.",
    example={"weight": 42, "daily_dose_per_kg": 0.45, "dosing_interval": 8, "formulation_amount": 4,
             "formulation_volume": 5},
)
def weight_based_liquid_dosing(x: LiquidDosingInputs, w: Working) -> float:
    hours = int(x.dosing_interval)
    doses = w.step("doses per day", f"24 h / {hours} h", 24 // hours, "doses")
    daily = w.output("daily_dose", w.step("daily dose", f"{fmt(x.weight)} kg × {fmt(x.daily_dose_per_kg)} mg/kg/day",
                                          x.weight * x.daily_dose_per_kg, "mg"))
    single = w.step("single dose", f"{fmt(daily)} mg / {doses}", daily / doses, "mg")
    volume = w.output("volume_per_dose", w.step(
        "volume per dose", f"{fmt(single)} mg × {fmt(x.formulation_volume)} mL / {fmt(x.formulation_amount)} mg",
        single * x.formulation_volume / x.formulation_amount, "mL"))
    w.interpretation = (f"{fmt(single, 1)} mg ({fmt(volume, 2)} mL) every {hours} h; "
                        f"{fmt(daily, 1)} mg a day")
    return single
