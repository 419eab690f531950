"""CDC weight-for-age percentile for boys, 2 to 20 years (CDC 2000 growth charts)."""

from __future__ import annotations

from pydantic import Field

from ..fields import Age, Inputs, Option, Weight
from ..growth import PERCENTILE_OPTION, PercentileFrom, age_in_months, growth_percentile
from ..spec import Output, Reference, Working, calculator, fmt
from .cdc_height_for_age_boys import CHILD_AGE
from .cdc_length_for_age_infant import REFERENCES, Z_OUTPUT


class BoysWeightInputs(Inputs):
    age: Age = Field(description=CHILD_AGE)
    weight: Weight = Field(description="Weight, kg (lb with its unit).")
    percentile_from: PercentileFrom = Option("exact z", PERCENTILE_OPTION)


@calculator(
    id="cdc-weight-for-age-boys",
    name="CDC Weight for Age Percentiles for Boys (2-20 years)",
    aliases=("CDC Weight for Age Percentiles for Boys (2-20 years)",),
    kind="equation",
    specialty="pediatrics",
    output=Output("%", "decimal", 1, range=(0, 100), secondary=(Z_OUTPUT,)),
    inputs=BoysWeightInputs,
    references=(*REFERENCES, Reference("MDCalc. CDC Weight for Age Percentiles for Boys (2-20 years).")),
    formula="z = ((weight / M)^L − 1) / (L × S), with CDC's L, M and S for boys and the month of age; "
    "percentile = Φ(z) × 100.",
    description="Where a boy's weight lies among US boys of the same age, 2 to 20 years; BMI-for-age is the "
    "better measure of weight status from age 2.",
    example={"age": "30 mo", "weight": 14.2},
)
def cdc_weight_for_age_boys(x: BoysWeightInputs, w: Working) -> float:
    pct = growth_percentile(w, x.weight, "kg", "weight_for_age", "male", age_in_months(w, x.age), "age",
                            "an age in months", x.percentile_from)
    w.interpretation = f"{fmt(pct, 1)}th percentile weight for age"
    return pct
