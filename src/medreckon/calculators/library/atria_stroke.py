"""ATRIA stroke risk score for atrial fibrillation (Singer 2013)."""

from __future__ import annotations

from pydantic import Field

from ..fields import Age, Finding, Inputs, Sex
from ..points import cut_offs, finding, sum_points
from ..spec import Output, Reference, Working, calculator, fmt

# age points (lower bound, points), without and with a prior stroke
AGE_NO_STROKE = ((85, 6), (75, 5), (65, 3), (None, 0))
AGE_PRIOR_STROKE = ((85, 9), (65, 7), (None, 8))


class ATRIAStrokeInputs(Inputs):
    age: Age = Field(description="Age in years; its points depend on prior stroke: without, < 65 0, 65-74 3, 75-84 "
                     "5, ≥ 85 6; with, < 65 8, 65-84 7, ≥ 85 9.")
    prior_stroke: bool = Finding("History of ischaemic stroke.")
    sex: Sex = Field(description="Sex: female scores 1.")
    diabetes: bool = Finding("Diabetes mellitus: 1 point.")
    heart_failure: bool = Finding("Congestive heart failure: 1 point.")
    hypertension: bool = Finding("Hypertension: 1 point.")
    proteinuria: bool = Finding("Proteinuria (dipstick or urinalysis): 1 point.")
    egfr_below_45_or_esrd: bool = Finding("eGFR < 45 mL/min/1.73 m² or end-stage renal disease: 1 point.")


@calculator(
    id="atria-stroke",
    name="ATRIA Stroke Risk Score",
    aliases=("atria-stroke-score",),
    kind="score",
    specialty="cardiology",
    output=Output("points", "integer", 0, range=(0, 15)),
    inputs=ATRIAStrokeInputs,
    references=(
        Reference("Singer DE, Chang Y, Borowsky LH, et al. A new risk scheme to predict ischemic stroke and other "
                  "thromboembolism in atrial fibrillation: the ATRIA study stroke risk score. J Am Heart Assoc. "
                  "2013;2(3):e000250."),
        Reference("MDCalc. ATRIA Stroke Risk Score."),
    ),
    formula="Age without prior stroke: < 65 0, 65-74 3, 75-84 5, ≥ 85 6; with prior stroke: < 65 8, 65-84 7, ≥ 85 9. "
    "1 point each: female, diabetes, heart failure, hypertension, proteinuria, eGFR < 45 or ESRD. Total 0-15: 0-5 "
    "low (< 1%/year), 6 moderate (1-2%/year), 7-15 high (> 2%/year).",
    description="Annual risk of ischaemic stroke in atrial fibrillation off anticoagulation; differs from the "
    "ATRIA bleeding score (atria-bleeding).",
    example={"age": 70, "sex": "female", "hypertension": True},
)
def atria_stroke(x: ATRIAStrokeInputs, w: Working) -> int:
    bands = AGE_PRIOR_STROKE if x.prior_stroke else AGE_NO_STROKE
    total = sum_points(w, (
        cut_offs(w, f"age ({'with' if x.prior_stroke else 'without'} prior stroke)", f"age {fmt(x.age)}", x.age,
                 bands),
        finding(w, "female sex", x.sex == "female", texts=("female", "male")),
        finding(w, "diabetes", x.diabetes), finding(w, "heart failure", x.heart_failure),
        finding(w, "hypertension", x.hypertension), finding(w, "proteinuria", x.proteinuria),
        finding(w, "eGFR < 45 or ESRD", x.egfr_below_45_or_esrd),
    ))
    w.interpretation = ("low risk (0-5): < 1% ischaemic stroke per year" if total <= 5 else
                        "moderate risk (6): 1-2% per year" if total == 6 else "high risk (7-15): > 2% per year")
    return total
