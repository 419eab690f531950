"""HAS-BLED score for major bleeding risk on anticoagulation in atrial fibrillation (Pisters 2010)."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BeforeValidator, Field
from pydantic_core import PydanticCustomError

from ..fields import Age, Finding, Inputs
from ..points import finding, sum_points, threshold
from ..spec import MedCalcBench, Output, Reference, Working, calculator, fmt


def _drink_count(v: Any) -> Any:
    """A count of drinks: a boolean ('drinks alcohol') or a negative number is not one."""
    expected = "a number of alcoholic drinks per week, 0 or more"
    if isinstance(v, bool):
        raise PydanticCustomError("medreckon", "{message}", {
            "message": "a boolean is not a count", "expected": expected,
            "suggestion": "give the number of drinks per week; alcohol use alone does not score"})
    if isinstance(v, str):
        try:
            v = float(v.strip())
        except ValueError:
            return v  # left to the number validator
    if isinstance(v, int | float) and not 0 <= v < float("inf"):
        raise PydanticCustomError("medreckon", "{message}", {
            "message": f"{v} drinks is not a possible count", "expected": expected, "suggestion": None})
    return v


DrinksPerWeek = Annotated[float, BeforeValidator(_drink_count), Field(ge=0)]


class HASBLEDInputs(Inputs):
    age: Age = Field(description="Age in years; older than 65 scores 1 (age 65 itself does not).")
    uncontrolled_hypertension: bool = Finding(
        "Hypertension that is uncontrolled, systolic blood pressure > 160 mmHg (the 'H'); well-controlled "
        "hypertension does not score.",
    )
    renal_disease: bool = Finding(
        "Abnormal renal function: dialysis, kidney transplant, or creatinine > 2.26 mg/dL (200 µmol/L) (1 point).",
    )
    liver_disease: bool = Finding(
        "Abnormal liver function: cirrhosis, or bilirubin > 2× normal with AST/ALT/ALP > 3× normal (1 point).",
    )
    stroke: bool = Finding("Prior stroke (1 point).")
    prior_major_bleeding: bool = Finding(
        "Prior major bleeding or predisposition to bleeding, e.g. anaemia or thrombocytopenia (1 point).",
    )
    # stated as words of (in)stability or as the time in therapeutic range (TTR < 60% is labile)
    labile_inr: bool = Finding(
        "Labile INR on a vitamin K antagonist: unstable or high INRs, time in therapeutic range < 60% (1 point).",
    )
    bleeding_medication: bool = Finding(
        "Medication predisposing to bleeding: antiplatelet agents (aspirin, clopidogrel) or NSAIDs (1 point).",
    )
    alcohol_drinks_per_week: DrinksPerWeek | None = Field(
        None,
        description="Alcoholic drinks per week, as counted; 8 or more scores 1. Convert a daily figure to a "
        "weekly one (2 a day = 14 a week). Not given: assumed fewer than 8, with a warning.",
    )


@calculator(
    id="has-bled",
    name="HAS-BLED Score for Major Bleeding Risk",
    aliases=("hasbled", "has-bled-score"),
    kind="score",
    specialty="cardiology",
    output=Output("points", "integer", 0, range=(0, 9)),
    inputs=HASBLEDInputs,
    references=(
        Reference(
            "Pisters R, Lane DA, Nieuwlaat R, de Vos CB, Crijns HJ, Lip GY. A novel user-friendly score "
            "(HAS-BLED) to assess 1-year risk of major bleeding in patients with atrial fibrillation: the "
            "Euro Heart Survey. Chest. 2010;138(5):1093-1100.",
            "https://doi.org/10.1378/chest.10-0134",
        ),
        Reference(
            "MDCalc. HAS-BLED Score for Major Bleeding Risk.",
            "https://www.mdcalc.com/calc/807/has-bled-score-major-bleeding-risk",
        ),
    ),
    formula=(
        "1 point each: Hypertension (uncontrolled, systolic > 160 mmHg); Abnormal renal function; Abnormal "
        "liver function; Stroke; Bleeding history or predisposition; Labile INR; Elderly (age > 65); Drugs "
        "(antiplatelets or NSAIDs); alcohol ≥ 8 drinks per week. Total 0-9; ≥ 3 high bleeding risk."
    ),
    description="One-year risk of major bleeding in patients with atrial fibrillation on anticoagulation.",
    medcalc_bench=MedCalcBench(
        25,
        {
            "age": "age",
            # the dataset's entity is any hypertension history; HAS-BLED scores only uncontrolled hypertension
            "Hypertension history": "uncontrolled_hypertension",
            "Renal disease criteria for the HAS-BLED rule": "renal_disease",
            "Liver disease criteria for the HAS-BLED rule": "liver_disease",
            "Stroke": "stroke",
            "Prior major bleeding or predisposition to bleeding": "prior_major_bleeding",
            "Labile international normalized ratio": "labile_inr",
            "Medication usage predisposing to bleeding": "bleeding_medication",
            "Number of Alcoholic Drinks Per Week": "alcohol_drinks_per_week",
        },
    ),
    example={
        "age": 74, "uncontrolled_hypertension": False, "renal_disease": False, "liver_disease": False,
        "stroke": False, "prior_major_bleeding": False, "labile_inr": True, "bleeding_medication": True,
        "alcohol_drinks_per_week": 4,
    },
)
def has_bled(x: HASBLEDInputs, w: Working) -> int:
    htn = finding(w, "uncontrolled hypertension", x.uncontrolled_hypertension)
    renal = finding(w, "abnormal renal function", x.renal_disease)
    liver = finding(w, "abnormal liver function", x.liver_disease)
    stroke = finding(w, "stroke", x.stroke)
    bleeding = finding(w, "prior major bleeding or predisposition", x.prior_major_bleeding)
    inr = finding(w, "labile INR", x.labile_inr)
    elderly = threshold(w, "elderly (age > 65)", f"age {fmt(x.age)}", x.age, ">", 65)
    drugs = finding(w, "medication predisposing to bleeding", x.bleeding_medication)
    drinks = x.alcohol_drinks_per_week
    if drinks is None:
        w.warn("not given; assumed normal: alcohol_drinks_per_week (< 8 drinks per week)",
               "alcohol_drinks_per_week", "assumed_default")
        alcohol = w.step("alcohol ≥ 8 drinks per week", "not given; assumed < 8", 0, "points")
    else:
        alcohol = threshold(w, "alcohol ≥ 8 drinks per week", f"{fmt(drinks)} drinks/week", drinks, "≥", 8)
    total = sum_points(w, (htn, renal, liver, stroke, bleeding, inr, elderly, drugs, alcohol))
    if total >= 3:
        w.interpretation = "high bleeding risk (≥ 3): caution and regular review; correct modifiable risk factors"
    else:
        w.interpretation = "bleeding risk not high (< 3); still correct modifiable risk factors"
    return total
