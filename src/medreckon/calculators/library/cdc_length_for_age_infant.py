"""CDC infant length-for-age percentile, birth to 36 months (CDC 2000 growth charts)."""

from __future__ import annotations

from pydantic import Field

from ..fields import Age, Height, Inputs, Option, Sex
from ..growth import (
    CDC_DATA,
    KUCZMARSKI,
    PERCENTILE_OPTION,
    PercentileFrom,
    age_in_months,
    growth_percentile,
)
from ..rules import Relation
from ..spec import Output, Reference, Secondary, Working, calculator, fmt

Z_OUTPUT = Secondary("z_score", "the z-score (standard deviations from the median)", None, "decimal", 2)
REFERENCES = (Reference(KUCZMARSKI), Reference("CDC. Percentile data files with LMS values.", CDC_DATA))
INFANT_AGE = "Age, months with the unit ('9 mo'); birth to 36 months. A bare number is read as years."


class InfantLengthInputs(Inputs):
    sex: Sex = Field(description="Sex: the charts differ for boys and girls.")
    age: Age = Field(description=INFANT_AGE)
    length: Height = Field(description="Recumbent length, cm (in with its unit).")
    percentile_from: PercentileFrom = Option("exact z", PERCENTILE_OPTION)

    rules = (Relation(("age",), "the age within the chart, 0 to 35.5 months"),)


@calculator(
    id="cdc-length-for-age-infant",
    name="CDC/NCHS Infant Length for Age Percentiles (<36 months)",
    aliases=("CDC/NCHS Infant Length for Age Percentiles (<36 months)", "cdc-infant-length-for-age"),
    kind="equation",
    specialty="pediatrics",
    output=Output("%", "decimal", 1, range=(0, 100), secondary=(Z_OUTPUT,)),
    inputs=InfantLengthInputs,
    references=(*REFERENCES, Reference("MDCalc. CDC/NCHS Infant Length for Age Percentiles (<36 months).")),
    formula="z = ((length / M)^L − 1) / (L × S), with CDC's L, M and S for the sex and the month of age (the row at "
    "the middle of the month it falls in); percentile = Φ(z) × 100.",
    description="Where an infant's length lies among US children of the same sex and age, birth to 36 months.",
    example={"sex": "male", "age": "9 mo", "length": 71},
)
def cdc_length_for_age_infant(x: InfantLengthInputs, w: Working) -> float:
    pct = growth_percentile(w, x.length, "cm", "length_for_age_infant", x.sex, age_in_months(w, x.age), "age",
                            "an age in months", x.percentile_from)
    w.interpretation = f"{fmt(pct, 1)}th percentile" + ("; below the 5th: short for age" if pct < 5 else "")
    return pct
