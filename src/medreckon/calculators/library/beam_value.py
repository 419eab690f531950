"""BeAM value: bedtime minus morning glucose, a marker of uncovered prandial hyperglycaemia on basal
insulin (Zisman 2016)."""

from __future__ import annotations

from pydantic import Field

from .. import units as u
from ..fields import Glucose, Inputs
from ..spec import Output, Reference, Secondary, Working, calculator, fmt


class BeAMInputs(Inputs):
    bedtime_glucose: Glucose = Field(description="Bedtime blood glucose, mg/dL by default (mmol/L with its unit).")
    morning_glucose: Glucose = Field(description="Next morning's pre-breakfast (fasting) glucose, mg/dL by default.")


@calculator(
    id="beam-value",
    name="BeAM Value",
    aliases=("BeAM Value", "bedtime-morning-glucose-differential"),
    kind="equation",
    specialty="endocrinology",
    output=Output("mg/dL", "decimal", 1, range=(-200, 400), secondary=(
        Secondary("beam_mmol", "the BeAM value in mmol/L", "mmol/L", "decimal", 1),
        Secondary("high", "BeAM ≥ 50 mg/dL (2.8 mmol/L)", None, "boolean"),
    )),
    inputs=BeAMInputs,
    references=(
        Reference("Zisman A, Morales F, Stewart J, et al. BeAM value: an indicator of the need to initiate and "
                  "intensify prandial therapy in patients with type 2 diabetes mellitus receiving basal insulin. BMJ "
                  "Open Diabetes Res Care. 2016;4(1):e000171.", "https://doi.org/10.1136/bmjdrc-2015-000171"),
        Reference("MDCalc. BeAM Value."),
    ),
    formula="BeAM = bedtime glucose − morning (pre-breakfast) glucose. ≥ 50 mg/dL (2.8 mmol/L) suggests adding or "
    "intensifying prandial therapy rather than raising basal insulin further.",
    description="For a patient with type 2 diabetes on basal insulin: a high BeAM means the fasting glucose is at "
    "goal but daytime (prandial) glucose is not.",
    example={"bedtime_glucose": 210, "morning_glucose": 130},
)
def beam_value(x: BeAMInputs, w: Working) -> float:
    beam = w.step("BeAM", f"{fmt(x.bedtime_glucose)} − {fmt(x.morning_glucose)}",
                  x.bedtime_glucose - x.morning_glucose, "mg/dL")
    w.output("beam_mmol", u.convert(beam, "mg/dL", "mmol/L", "glucose"))
    high = w.output("high", round(beam, 6) >= 50)
    w.interpretation = ("high BeAM (≥ 50 mg/dL): consider adding or intensifying prandial therapy" if high else
                        "BeAM below 50 mg/dL")
    return beam
