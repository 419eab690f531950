"""CDC infant weight-for-length percentile, 45-103.5 cm (CDC 2000 growth charts)."""

from __future__ import annotations

from pydantic import Field

from ..fields import Height, Inputs, Option, Sex, Weight
from ..growth import PERCENTILE_OPTION, PercentileFrom, growth_percentile
from ..rules import Relation
from ..spec import Output, Reference, Secondary, Working, calculator, fmt
from .cdc_length_for_age_infant import REFERENCES, Z_OUTPUT


class InfantWeightForLengthInputs(Inputs):
    sex: Sex = Field(description="Sex: the charts differ for boys and girls.")
    length: Height = Field(description="Recumbent length, cm (in with its unit); the chart covers 45-103.5 cm.")
    weight: Weight = Field(description="Weight, kg (lb or g with the unit).")
    percentile_from: PercentileFrom = Option("exact z", PERCENTILE_OPTION)

    rules = (Relation(("length",), "the length within the chart, 45 to 103.5 cm"),)


def weight_band(pct: float) -> str:
    return "Underweight" if pct < 5 else "Healthy weight" if pct < 95 else "Overweight"


@calculator(
    id="cdc-weight-for-length-infant",
    name="CDC/NCHS Infant Weight for Length Percentiles (< 36 months)",
    aliases=("CDC/NCHS Infant Weight for Length Percentiles (< 36 months)", "cdc-infant-weight-for-length"),
    kind="equation",
    specialty="pediatrics",
    output=Output("%", "decimal", 1, range=(0, 100), secondary=(
        Z_OUTPUT, Secondary("category", "Underweight (< 5th), Healthy weight, Overweight (≥ 95th percentile)", None,
                            "text"))),
    inputs=InfantWeightForLengthInputs,
    references=(*REFERENCES, Reference("MDCalc. CDC/NCHS Infant Weight for Length Percentiles (< 36 months).")),
    formula="z = ((weight / M)^L − 1) / (L × S), with CDC's L, M and S for the sex and the centimetre of length (the "
    "row at its middle, e.g. 71.5 for 71.0 to < 72.0 cm); percentile = Φ(z) × 100.",
    description="Weight relative to length in children under 36 months; below the 5th or at or above the 95th "
    "percentile warrants evaluation.",
    example={"sex": "male", "length": 71, "weight": 8.6},
)
def cdc_weight_for_length_infant(x: InfantWeightForLengthInputs, w: Working) -> float:
    pct = growth_percentile(w, x.weight, "kg", "weight_for_length_infant", x.sex, x.length, "length",
                            "a length in cm", x.percentile_from)
    label = w.output("category", weight_band(pct))
    w.interpretation = f"{fmt(pct, 1)}th percentile: {label.lower()}"
    return pct
