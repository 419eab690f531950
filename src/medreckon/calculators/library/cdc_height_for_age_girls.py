"""CDC stature-for-age percentile for girls, 2 to 20 years (CDC 2000 growth charts)."""

from __future__ import annotations

from pydantic import Field

from ..fields import Age, Height, Inputs, Option
from ..growth import PERCENTILE_OPTION, PercentileFrom, age_in_months, growth_percentile
from ..spec import Output, Reference, Working, calculator
from .cdc_height_for_age_boys import CHILD_AGE, STATURE_CATEGORY, stature_band
from .cdc_length_for_age_infant import REFERENCES, Z_OUTPUT


class GirlsHeightInputs(Inputs):
    age: Age = Field(description=CHILD_AGE)
    height: Height = Field(description="Standing height, cm (in or ft with the unit).")
    percentile_from: PercentileFrom = Option("exact z", PERCENTILE_OPTION)


@calculator(
    id="cdc-height-for-age-girls",
    name="CDC Height for Age Percentiles for Girls (2-20 years)",
    aliases=("CDC Height for Age Percentiles for Girls (2 - 20 years)", "cdc-stature-for-age-girls"),
    kind="equation",
    specialty="pediatrics",
    output=Output("%", "decimal", 1, range=(0, 100), secondary=(Z_OUTPUT, STATURE_CATEGORY)),
    inputs=GirlsHeightInputs,
    references=(*REFERENCES, Reference("MDCalc. CDC Height for Age Percentiles for Girls (2 - 20 years).")),
    formula="z = ((height / M)^L − 1) / (L × S), with CDC's L, M and S for girls and the month of age; percentile = "
    "Φ(z) × 100.",
    description="Where a girl's height lies among US girls of the same age, 2 to 20 years.",
    example={"age": "30 mo", "height": 91.8},
)
def cdc_height_for_age_girls(x: GirlsHeightInputs, w: Working) -> float:
    pct = growth_percentile(w, x.height, "cm", "stature_for_age", "female", age_in_months(w, x.age), "age",
                            "an age in months", x.percentile_from)
    stature_band(w, pct)
    return pct
