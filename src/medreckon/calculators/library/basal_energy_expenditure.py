"""Basal energy expenditure by the Harris-Benedict equations (Harris & Benedict 1918), with the
daily intake for an activity level."""

from __future__ import annotations

from pydantic import Field

from ..fields import Age, Height, Inputs, Sex, Weight, choice
from ..spec import Output, Reference, Secondary, Working, calculator, fmt

COEFFICIENTS = {"male": (66.5, 13.75, 5.003, 6.755), "female": (655.1, 9.563, 1.850, 4.676)}
ACTIVITY = {"sedentary": 1.2, "lightly active": 1.375, "moderately active": 1.55, "very active": 1.725,
            "extra active": 1.9}


class BEEInputs(Inputs):
    sex: Sex = Field(description="Sex: the equations differ for men and women.")
    weight: Weight = Field(description="Body weight, kg (lb with its unit). Actual weight unless a dietitian's "
                           "adjusted weight is wanted for obesity.")
    height: Height = Field(description="Height, cm (in or ft with the unit).")
    age: Age = Field(description="Age in years.")
    activity: choice(*ACTIVITY) | None = Field(None, description=(
        "Activity level, for the recommended daily intake: sedentary (little or no exercise, ×1.2), lightly active "
        "(1-3 days a week, ×1.375), moderately active (3-5 days, ×1.55), very active (6-7 days, ×1.725), extra "
        "active (hard daily exercise or a physical job, ×1.9). Leave out for the basal expenditure alone."))


@calculator(
    id="basal-energy-expenditure",
    name="Basal Energy Expenditure (Harris-Benedict)",
    aliases=("Basal Energy Expenditure", "harris-benedict", "bee", "harris-benedict-equation"),
    kind="equation",
    specialty="nutrition",
    output=Output("kcal/d", "decimal", 0, range=(500, 4000), secondary=(
        Secondary("daily_intake", "recommended daily intake: BEE × the activity factor", "kcal/d", "decimal", 0),
    )),
    inputs=BEEInputs,
    references=(
        Reference("Harris JA, Benedict FG. A biometric study of human basal metabolism. Proc Natl Acad Sci USA. "
                  "1918;4(12):370-373.", "https://doi.org/10.1073/pnas.4.12.370"),
        Reference("MDCalc. Basal Energy Expenditure.", "https://www.mdcalc.com/calc/1808/basal-energy-expenditure"),
    ),
    formula="Men: BEE = 66.5 + 13.75 × weight (kg) + 5.003 × height (cm) − 6.755 × age (y). Women: BEE = 655.1 + "
    "9.563 × weight + 1.850 × height − 4.676 × age. Daily intake = BEE × activity factor (1.2, 1.375, 1.55, 1.725, "
    "1.9).",
    description="Resting energy need of a healthy adult in kcal per day; stress, illness, trauma, burns and cancer "
    "raise the requirement. MDCalc shows whole kcal cut off, not rounded (1767.7 is shown 1767).",
    example={"sex": "male", "weight": "195 lb", "height": "69 in", "age": 58, "activity": "sedentary"},
)
def basal_energy_expenditure(x: BEEInputs, w: Working) -> float:
    a, b, c, d = COEFFICIENTS[x.sex]
    bee = w.step(f"basal energy expenditure ({x.sex})", f"{fmt(a)} + {fmt(b)} × {fmt(x.weight, 2)} + {fmt(c)} × "
                 f"{fmt(x.height, 2)} − {fmt(d)} × {fmt(x.age)}", a + b * x.weight + c * x.height - d * x.age, "kcal/d")
    if bee <= 0:
        w.warn("the equation gives no positive expenditure for these values; it is not meant for them", "age")
    if x.activity is None:
        w.output("daily_intake", None)
        w.interpretation = f"basal energy expenditure {fmt(bee, 0)} kcal/day"
        return bee
    factor = ACTIVITY[x.activity]
    intake = w.output("daily_intake", w.step(f"daily intake ({x.activity})", f"{fmt(bee, 1)} × {fmt(factor)}",
                                             bee * factor, "kcal/d"))
    w.interpretation = f"basal energy expenditure {fmt(bee, 0)} kcal/day; about {fmt(intake, 0)} kcal/day when {x.activity}"
    return bee
