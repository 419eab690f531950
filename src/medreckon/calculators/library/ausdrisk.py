"""AUSDRISK: Australian Type 2 Diabetes Risk Assessment Tool (Chen 2010)."""

from __future__ import annotations

from pydantic import Field

from ..fields import Age, Finding, Inputs, Sex
from ..points import cut_offs, finding, sum_points
from ..spec import Output, Reference, Secondary, Working, calculator, fmt
from .body_roundness_index import Waist

# waist bands (cm): (lower limit for 4 points, upper limit of 4 points) by (Asian or ATSI, sex)
WAIST_BANDS = {(False, "male"): (102, 110), (False, "female"): (88, 100), (True, "male"): (90, 100),
               (True, "female"): (80, 90)}
FIVE_YEAR_RISK = ((20, "1 in 3"), (16, "1 in 7"), (12, "1 in 14"), (9, "1 in 30"), (6, "1 in 50"), (0, "1 in 100"))


class AUSDRISKInputs(Inputs):
    age: Age = Field(description="Age in years: < 35 scores 0, 35-44 2, 45-54 4, 55-64 6, 65 or older 8.")
    sex: Sex = Field(description="Sex; male scores 3.")
    asian_or_indigenous: bool = Finding("Of Asian, Aboriginal, Torres Strait Islander, Pacific Islander or Maori "
                                        "descent (2; also sets the lower waist cut-offs for Asian, Aboriginal and "
                                        "Torres Strait Islander people).")
    born_in_high_risk_region: bool = Finding("Born in Asia (including the Indian sub-continent), the Middle East, "
                                             "North Africa or Southern Europe (2).")
    family_history: bool = Finding("Either parent, or any brother or sister, has type 1 or type 2 diabetes (3).", whose="relative")
    high_glucose_history: bool = Finding("Ever found to have high blood glucose (a health check, illness, pregnancy) "
                                         "(6).")
    bp_medication: bool = Finding("Currently taking medication for high blood pressure (2).")
    current_smoker: bool = Finding("Currently smokes cigarettes or other tobacco daily (2).")
    no_daily_fruit_vegetables: bool = Finding("Does not eat vegetables or fruit every day (1).", absence=True)
    inactive: bool = Finding("Fewer than 2.5 hours (150 minutes) of physical activity a week (2).")
    waist: Waist = Field(description="Waist circumference measured below the ribs, cm (in with its unit).")


@calculator(
    id="ausdrisk",
    name="Australian Type 2 Diabetes Risk (AUSDRISK) Assessment Tool",
    aliases=("Australian Type 2 Diabetes Risk (AUSDRISK) Assessment Tool", "australian-diabetes-risk"),
    kind="score",
    specialty="endocrinology",
    output=Output("points", "integer", 0, range=(0, 38), secondary=(
        Secondary("risk_group", "Low (≤ 5), Intermediate (6-11) or High risk (≥ 12)", None, "text"),
        Secondary("five_year_risk", "approximate 5-year risk of type 2 diabetes", None, "text"),
    )),
    inputs=AUSDRISKInputs,
    references=(
        Reference("Chen L, Magliano DJ, Balkau B, et al. AUSDRISK: an Australian Type 2 Diabetes Risk Assessment Tool "
                  "based on demographic, lifestyle and simple anthropometric measures. Med J Aust. "
                  "2010;192(4):197-202.", "https://doi.org/10.5694/j.1326-5377.2010.tb03478.x"),
        Reference("MDCalc. Australian Type 2 Diabetes Risk (AUSDRISK) Assessment Tool."),
    ),
    formula="Age < 35 0, 35-44 2, 45-54 4, 55-64 6, ≥ 65 8; male 3; Asian, Aboriginal, Torres Strait Islander, "
    "Pacific Islander or Maori 2; born in Asia, Middle East, North Africa or Southern Europe 2; family history 3; "
    "high glucose ever 6; BP medication 2; smoker 2; no daily fruit or vegetables 1; < 2.5 h activity a week 2; "
    "waist (men < 102 0, 102-110 4, > 110 7; women < 88 0, 88-100 4, > 100 7; Asian/ATSI men < 90, 90-100, > 100; "
    "women < 80, 80-90, > 90). ≤ 5 low (1 in 100 over 5 years), 6-11 intermediate, ≥ 12 high risk.",
    description="Five-year risk of type 2 diabetes in Australian adults; a high score calls for a fasting glucose "
    "or HbA1c.",
    example={"age": 50, "sex": "male", "asian_or_indigenous": False, "born_in_high_risk_region": False,
             "family_history": True, "high_glucose_history": True, "bp_medication": False, "current_smoker": False,
             "no_daily_fruit_vegetables": False, "inactive": True, "waist": "45 in"},
)
def ausdrisk(x: AUSDRISKInputs, w: Working) -> int:
    low, high = WAIST_BANDS[(x.asian_or_indigenous, x.sex)]
    waist = round(x.waist, 6)
    total = sum_points(w, (
        cut_offs(w, "age", f"age {fmt(x.age)}", x.age, ((65, 8), (55, 6), (45, 4), (35, 2), (None, 0))),
        finding(w, "male sex", x.sex == "male", 3, texts=("male", "female")),
        finding(w, "Asian, Aboriginal, TSI, Pacific Islander or Maori", x.asian_or_indigenous, 2),
        finding(w, "born in a higher-risk region", x.born_in_high_risk_region, 2),
        finding(w, "family history of diabetes", x.family_history, 3),
        finding(w, "high blood glucose ever", x.high_glucose_history, 6),
        finding(w, "blood pressure medication", x.bp_medication, 2),
        finding(w, "current smoker", x.current_smoker, 2),
        finding(w, "no daily fruit or vegetables", x.no_daily_fruit_vegetables),
        finding(w, "< 2.5 h physical activity a week", x.inactive, 2),
        cut_offs(w, "waist", f"waist {fmt(waist, 1)} cm", waist, ((high, 7, True), (low, 4), (None, 0))),
    ))
    group = w.output("risk_group", "Low" if total <= 5 else "Intermediate" if total <= 11 else "High")
    risk = w.output("five_year_risk", next(text for floor, text in FIVE_YEAR_RISK if total >= floor))
    w.interpretation = f"{group.lower()} risk: about {risk} will develop type 2 diabetes within 5 years" + (
        "; investigate for possible diabetes (fasting glucose or HbA1c)" if group == "High" else "")
    return total
