"""Total body water by the Watson formula (Watson, Watson & Batt 1980)."""

from __future__ import annotations

from pydantic import Field

from ..fields import Age, Height, Inputs, Sex, Weight
from ..spec import Output, Reference, Working, calculator, fmt

# Watson 1980: TBW (L) = intercept + per-year × age + per-cm × height + per-kg × weight
WATSON = {"male": (2.447, -0.09516, 0.1074, 0.3362), "female": (-2.097, 0.0, 0.1069, 0.2466)}


class TotalBodyWaterInputs(Inputs):
    sex: Sex = Field(description="Sex: Watson's equations differ (the female one has no age term).")
    age: Age = Field(description="Age in years (the male equation falls 0.095 L per year). Derived in adults.")
    height: Height = Field(description="Height, cm by default ('5 ft 10 in' works).")
    weight: Weight = Field(description="Body weight, kg by default (lb with its unit).")


@calculator(
    id="total-body-water-watson",
    name="Total Body Water (Watson Formula)",
    aliases=("watson-tbw", "total-body-water", "tbw-watson"),
    kind="equation",
    specialty="nephrology",
    output=Output("L", "decimal", 2, range=(10, 80)),
    inputs=TotalBodyWaterInputs,
    references=(
        Reference("Watson PE, Watson ID, Batt RD. Total body water volumes for adult males and females estimated "
                  "from simple anthropometric measurements. Am J Clin Nutr. 1980;33(1):27-39.",
                  "https://doi.org/10.1093/ajcn/33.1.27"),
        Reference("MDCalc: Total Body Water (Watson Formula).", "https://www.mdcalc.com/calc/10090/total-body-water-watson-formula"),
    ),
    formula="men: TBW (L) = 2.447 − 0.09516 × age + 0.1074 × height (cm) + 0.3362 × weight (kg); women: TBW = "
    "−2.097 + 0.1069 × height + 0.2466 × weight",
    description="Total body water of an adult from sex, age, height and weight, e.g. the volume of distribution of "
    "urea for dialysis dosing or the water of a sodium or free-water calculation; more individual than a fixed "
    "fraction of weight.",
    example={"sex": "male", "age": 58, "height": 178, "weight": 82},
)
def total_body_water(x: TotalBodyWaterInputs, w: Working) -> float:
    a, per_year, per_cm, per_kg = WATSON[x.sex]
    if x.sex == "male":
        text = f"{fmt(a)} − {fmt(-per_year, 5)} × {fmt(x.age)} + {fmt(per_cm, 4)} × {fmt(x.height)} + " \
               f"{fmt(per_kg, 4)} × {fmt(x.weight)}"
    else:
        text = f"{fmt(a)} + {fmt(per_cm, 4)} × {fmt(x.height)} + {fmt(per_kg, 4)} × {fmt(x.weight)}"
    tbw = w.step("total body water", text, a + per_year * x.age + per_cm * x.height + per_kg * x.weight, "L")
    if x.age < 18:
        w.warn("Watson's equations were derived in adults", "age")
    w.interpretation = f"total body water {fmt(tbw, 1)} L ({fmt(tbw / x.weight * 100, 0)}% of body weight)"
    return tbw
