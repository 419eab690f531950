"""CDC infant head circumference-for-age percentile, birth to 36 months (CDC 2000 growth charts)."""

from __future__ import annotations

from pydantic import Field

from ..fields import Age, Inputs, Option, Sex, q
from ..growth import PERCENTILE_OPTION, PercentileFrom, age_in_months, growth_percentile
from ..rules import Relation
from ..spec import Output, Reference, Secondary, Working, calculator, fmt
from .cdc_length_for_age_infant import INFANT_AGE, REFERENCES, Z_OUTPUT

HeadCircumference = q("cm", gt=0, lt=100, plausible=(25, 60), units=("cm", "in"))


class InfantHeadInputs(Inputs):
    sex: Sex = Field(description="Sex: the charts differ for boys and girls.")
    age: Age = Field(description=INFANT_AGE)
    head_circumference: HeadCircumference = Field(description="Occipitofrontal head circumference, cm (in with its "
                                                  "unit).")
    percentile_from: PercentileFrom = Option("exact z", PERCENTILE_OPTION)

    rules = (Relation(("age",), "the age within the chart, 0 to 36 months"),)


@calculator(
    id="cdc-head-circumference-infant",
    name="CDC/NCHS Infant Head Circumference for Age Percentiles (<36 months)",
    aliases=("CDC/NCHS Infant Head Circumference for Age Percentiles (<36 months)", "cdc-head-circumference-for-age"),
    kind="equation",
    specialty="pediatrics",
    output=Output("%", "decimal", 1, range=(0, 100), secondary=(
        Z_OUTPUT, Secondary("category", "Microcephaly (< 3rd), Normal, Macrocephaly (≥ 97th percentile)", None,
                            "text"))),
    inputs=InfantHeadInputs,
    references=(*REFERENCES, Reference("MDCalc. CDC/NCHS Infant Head Circumference for Age Percentiles (<36 months).")),
    formula="z = ((head circumference / M)^L − 1) / (L × S), with CDC's L, M and S for the sex and month of age; "
    "percentile = Φ(z) × 100. Below the 3rd percentile suggests microcephaly, the 97th or above macrocephaly.",
    description="Where an infant's head circumference lies among US children of the same sex and age, birth to 36 "
    "months.",
    example={"sex": "male", "age": "9 mo", "head_circumference": 44.6},
)
def cdc_head_circumference_infant(x: InfantHeadInputs, w: Working) -> float:
    pct = growth_percentile(w, x.head_circumference, "cm", "head_circumference_for_age_infant", x.sex,
                            age_in_months(w, x.age), "age", "an age in months", x.percentile_from)
    label = w.output("category", "Microcephaly" if pct < 3 else "Macrocephaly" if pct >= 97 else "Normal")
    w.interpretation = f"{fmt(pct, 1)}th percentile: " + {
        "Microcephaly": "below the 3rd percentile, small head circumference (microcephaly)",
        "Macrocephaly": "at or above the 97th percentile, large head circumference (macrocephaly)",
        "Normal": "between the 3rd and 97th percentiles, normal head circumference"}[label]
    return pct
