"""NUTRIC score: nutrition risk in the critically ill (Heyland 2011; modified without IL-6, Rahman 2016)."""

from __future__ import annotations

from pydantic import Field

from ..fields import Age, Inputs, q
from ..points import cut_offs, sum_points
from ..spec import Output, Reference, Secondary, Working, calculator, fmt

Days = q("d", ge=0, lt=365, plausible=(0, 60), units=("d", "h"))
Interleukin6 = q("pg/mL", ge=0, plausible=(0, 100000), units=("pg/mL",))


class NUTRICInputs(Inputs):
    age: Age = Field(description="Age in years: < 50 0, 50-74 1, ≥ 75 2.")
    apache_ii: int = Field(ge=0, le=71, description="APACHE II score at ICU admission: < 15 0, 15-19 1, 20-27 2, ≥ 28 3.")
    sofa: int = Field(ge=0, le=24, description="SOFA score at ICU admission: < 6 0, 6-9 1, ≥ 10 2.")
    comorbidities: int = Field(ge=0, le=30, description="Number of comorbidities: 0-1 0, ≥ 2 1.")
    days_in_hospital_before_icu: Days = Field(description="Days from hospital admission to ICU admission: < 1 0, "
                                              "≥ 1 1.")
    interleukin_6: Interleukin6 | None = Field(
        None, description="Serum IL-6, pg/mL: ≥ 400 scores 1; optional. Not given: the modified NUTRIC (without IL-6, "
        "high risk from 5) is used, as is usual.")


@calculator(
    id="nutric",
    name="Nutrition Risk in the Critically Ill (NUTRIC) Score",
    aliases=("nutric-score", "mnutric", "modified-nutric"),
    kind="score",
    specialty="critical care",
    output=Output("points", "integer", 0, range=(0, 10), secondary=(
        Secondary("risk", "High or Low nutrition risk (high from 5 without IL-6, from 6 with it)", None, "text"),
    )),
    inputs=NUTRICInputs,
    references=(
        Reference("Heyland DK, Dhaliwal R, Jiang X, Day AG. Identifying critically ill patients who benefit the most "
                  "from nutrition therapy: the development and initial validation of a novel risk assessment tool. Crit "
                  "Care. 2011;15(6):R268.", "https://doi.org/10.1186/cc10546"),
        Reference("Rahman A, Hasan RM, Agarwala R, et al. Identifying critically-ill patients who will benefit most "
                  "from nutritional therapy: further validation of the 'modified NUTRIC' nutritional risk assessment "
                  "tool. Clin Nutr. 2016;35(1):158-162.", "https://doi.org/10.1016/j.clnu.2015.01.015"),
        Reference("MDCalc: Nutrition Risk in the Critically Ill (NUTRIC) Score.",
                  "https://www.mdcalc.com/calc/3972/nutrition-risk-critically-ill-nutric-score"),
    ),
    formula="Age < 50 0, 50-74 1, ≥ 75 2; APACHE II < 15 0, 15-19 1, 20-27 2, ≥ 28 3; SOFA < 6 0, 6-9 1, ≥ 10 2; "
    "comorbidities ≥ 2 1; ≥ 1 day in hospital before ICU 1; [IL-6 ≥ 400 pg/mL 1]. Without IL-6: 5-9 high risk; "
    "with it: 6-10 high risk",
    description="Identifies ICU patients most likely to benefit from aggressive nutrition therapy: a high score is "
    "associated with higher mortality that adequate nutrition can modify.",
    example={"age": 58, "apache_ii": 22, "sofa": 8, "comorbidities": 2, "days_in_hospital_before_icu": 1},
)
def nutric(x: NUTRICInputs, w: Working) -> int:
    parts = [
        cut_offs(w, "age", f"age {fmt(x.age)}", x.age, ((75, 2), (50, 1), (None, 0))),
        cut_offs(w, "APACHE II", f"APACHE II {x.apache_ii}", x.apache_ii, ((28, 3), (20, 2), (15, 1), (None, 0))),
        cut_offs(w, "SOFA", f"SOFA {x.sofa}", x.sofa, ((10, 2), (6, 1), (None, 0))),
        cut_offs(w, "comorbidities", f"{x.comorbidities} comorbidities", x.comorbidities, ((2, 1), (None, 0))),
        cut_offs(w, "days in hospital before ICU", f"{fmt(x.days_in_hospital_before_icu)} days",
                 round(x.days_in_hospital_before_icu, 6), ((1, 1), (None, 0))),
    ]
    high_from = 5
    if x.interleukin_6 is not None:
        parts.append(cut_offs(w, "IL-6", f"IL-6 {fmt(x.interleukin_6)} pg/mL", x.interleukin_6, ((400, 1), (None, 0))))
        high_from = 6
    total = sum_points(w, parts)
    high = total >= high_from
    w.output("risk", "High" if high else "Low")
    w.interpretation = (f"high nutrition risk (≥ {high_from}): likely to benefit from aggressive nutrition therapy"
                        if high else f"low nutrition risk (< {high_from})")
    return total
