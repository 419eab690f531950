"""CDC stature-for-age percentile for boys, 2 to 20 years (CDC 2000 growth charts)."""

from __future__ import annotations

from pydantic import Field

from ..fields import Age, Height, Inputs, Option
from ..growth import PERCENTILE_OPTION, PercentileFrom, age_in_months, growth_percentile
from ..spec import Output, Reference, Secondary, Working, calculator, fmt
from .cdc_length_for_age_infant import REFERENCES, Z_OUTPUT

CHILD_AGE = "Age, 2 to 20 years (months with the unit: '30 mo')."
STATURE_CATEGORY = Secondary("category", "Short stature (< 5th), Normal stature, Tall stature (≥ 95th percentile)",
                             None, "text")


class BoysHeightInputs(Inputs):
    age: Age = Field(description=CHILD_AGE)
    height: Height = Field(description="Standing height, cm (in or ft with the unit).")
    percentile_from: PercentileFrom = Option("exact z", PERCENTILE_OPTION)


def stature_band(w: Working, pct: float) -> None:
    label = w.output("category", "Short stature" if pct < 5 else "Tall stature" if pct >= 95 else "Normal stature")
    w.interpretation = f"{fmt(pct, 1)}th percentile: {label.lower()}"


@calculator(
    id="cdc-height-for-age-boys",
    name="CDC Height for Age Percentiles for Boys (2-20 years)",
    aliases=("CDC Height for Age Percentiles for Boys (2 - 20 years)", "cdc-stature-for-age-boys"),
    kind="equation",
    specialty="pediatrics",
    output=Output("%", "decimal", 1, range=(0, 100), secondary=(Z_OUTPUT, STATURE_CATEGORY)),
    inputs=BoysHeightInputs,
    references=(*REFERENCES, Reference("MDCalc. CDC Height for Age Percentiles for Boys (2 - 20 years).")),
    formula="z = ((height / M)^L − 1) / (L × S), with CDC's L, M and S for boys and the month of age; percentile = "
    "Φ(z) × 100.",
    description="Where a boy's height lies among US boys of the same age, 2 to 20 years.",
    example={"age": "30 mo", "height": 91.8},
)
def cdc_height_for_age_boys(x: BoysHeightInputs, w: Working) -> float:
    pct = growth_percentile(w, x.height, "cm", "stature_for_age", "male", age_in_months(w, x.age), "age",
                            "an age in months", x.percentile_from)
    stature_band(w, pct)
    return pct
