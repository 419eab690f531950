"""Nutrition Risk Screening 2002 (NRS-2002; Kondrup 2003, ESPEN)."""

from __future__ import annotations

from pydantic import Field

from ..fields import Age, Finding, Inputs, choice
from ..points import category, sum_points, threshold
from ..spec import Output, Reference, Secondary, Working, calculator, fmt

GRADES = {"absent": 0, "mild": 1, "moderate": 2, "severe": 3}


class NRS2002Inputs(Inputs):
    bmi_below_20_5: bool = Finding("Initial screening: BMI below 20.5 kg/m².")
    weight_loss_3_months: bool = Finding("Initial screening: the patient has lost weight within the last 3 months.")
    reduced_intake_last_week: bool = Finding("Initial screening: reduced dietary intake in the last week.")
    severely_ill: bool = Finding("Initial screening: the patient is severely ill (e.g. in intensive care).")
    nutritional_status: choice(*GRADES) = Field(description=(
        "Impaired nutritional status: 'absent' (0); 'mild' (1: weight loss > 5% in 3 months, or food intake 50-75% "
        "of normal requirement in the preceding week); 'moderate' (2: weight loss > 5% in 2 months, or BMI 18.5-20.5 "
        "with impaired general condition, or intake 25-60%); 'severe' (3: weight loss > 5% in 1 month (> 15% in 3 "
        "months), or BMI < 18.5 with impaired general condition, or intake 0-25%)."))
    disease_severity: choice(*GRADES) = Field(description=(
        "Severity of disease (increased requirements): 'absent' (0: normal requirements); 'mild' (1: hip fracture, "
        "chronic disease with acute complications - cirrhosis, COPD, chronic haemodialysis, diabetes, cancer); "
        "'moderate' (2: major abdominal surgery, stroke, severe pneumonia, haematological malignancy); 'severe' (3: "
        "head injury, bone-marrow transplantation, intensive care with APACHE II > 10)."))
    age: Age = Field(description="Age in years; 70 or older adds 1 point.")


@calculator(
    id="nrs-2002",
    name="Nutrition Risk Screening 2002 (NRS-2002)",
    aliases=("nrs2002", "nutrition-risk-screening-2002", "nutritional-risk-screening-2002"),
    kind="score",
    specialty="nutrition",
    output=Output("points", "integer", 0, range=(0, 7), secondary=(
        Secondary("initial_screen_positive", "any of the four initial-screening questions answered yes (else the "
                  "patient is rescreened weekly and the final screening is not required)", None, "boolean"),
    )),
    inputs=NRS2002Inputs,
    references=(
        Reference("Kondrup J, Rasmussen HH, Hamberg O, Stanga Z; Ad Hoc ESPEN Working Group. Nutritional risk "
                  "screening (NRS 2002): a new method based on an analysis of controlled clinical trials. Clin Nutr. "
                  "2003;22(3):321-336.", "https://doi.org/10.1016/S0261-5614(02)00214-5"),
        Reference("Kondrup J, Allison SP, Elia M, Vellas B, Plauth M. ESPEN guidelines for nutrition screening 2002. "
                  "Clin Nutr. 2003;22(4):415-421.", "https://doi.org/10.1016/S0261-5614(03)00098-0"),
        Reference("MDCalc. Nutrition Risk Screening 2002 (NRS-2002).",
                  "https://www.mdcalc.com/calc/4012/nutrition-risk-screening-2002-nrs-2002"),
    ),
    formula="Initial screening: BMI < 20.5; weight loss in 3 months; reduced intake in the last week; severely "
    "ill. If any is yes, final screening = impaired nutritional status (0-3) + severity of disease (0-3) + 1 if age "
    "≥ 70. Total ≥ 3: at nutritional risk (care plan); ≥ 5: high risk (early intervention, as MDCalc shows); < 3: "
    "rescreen weekly.",
    description="Screens hospital inpatients for nutritional risk in two steps; the final score (0-7) weighs "
    "undernutrition against the stress of the disease. A negative initial screening (all four no) means rescreen "
    "weekly; the final score is still shown.",
    example={"bmi_below_20_5": True, "weight_loss_3_months": True, "reduced_intake_last_week": True,
             "severely_ill": False, "nutritional_status": "severe", "disease_severity": "moderate", "age": 72},
)
def nrs_2002(x: NRS2002Inputs, w: Working) -> int:
    initial = (x.bmi_below_20_5, x.weight_loss_3_months, x.reduced_intake_last_week, x.severely_ill)
    screened = w.output("initial_screen_positive", any(initial))
    w.step("initial screening", "at least one yes" if screened else "all four no", int(screened), "positive")
    total = sum_points(w, (
        category(w, "impaired nutritional status", x.nutritional_status, GRADES),
        category(w, "severity of disease", x.disease_severity, GRADES),
        threshold(w, "age ≥ 70", f"age {fmt(x.age)}", x.age, "≥", 70),
    ))
    if not screened:
        w.interpretation = f"initial screening negative: not at risk now; rescreen weekly (final score {total})"
    elif total >= 5:
        w.interpretation = f"{total}: high nutritional risk; start an early nutritional care plan"
    elif total >= 3:
        w.interpretation = f"{total}: at nutritional risk; start a nutritional care plan"
    else:
        w.interpretation = f"{total}: not at nutritional risk now; rescreen weekly"
    return total
