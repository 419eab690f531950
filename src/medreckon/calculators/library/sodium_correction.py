"""Sodium corrected for hyperglycemia (Katz 1973; Hillier 1999), the factor as an explicit option."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from ..fields import Glucose, Inputs, Option, Sodium
from ..rules import Relation
from ..spec import Domain, MedCalcBench, Output, Reference, Working, calculator, fmt

REFERENCE_GLUCOSE = 100.0  # mg/dL: the glucose at which no correction applies
FACTORS = {"katz": 1.6, "hillier": 2.4}  # mEq/L of sodium per 100 mg/dL of glucose above 100

Correction = Literal["katz", "hillier"]


class SodiumCorrectionInputs(Inputs):
    sodium: Sodium = Field(
        description="Measured serum sodium, mEq/L (= mmol/L). A sodium written 'mg/dL' in a note is "
        "almost always mmol/L mislabelled (137 mg/dL would be 60 mEq/L): check before passing it."
    )
    glucose: Glucose = Field(
        description="Serum glucose, mg/dL by default. A value in mmol/L must carry its unit ('25 mmol/L'); "
        "do not pass mmol/L labelled as mg/dL."
    )
    correction: Correction = Option(
        "katz",
        "Sodium added per 100 mg/dL of glucose above 100 mg/dL: 'katz' (default; Katz 1973) 1.6 mEq/L, or "
        "'hillier' 2.4 mEq/L (Hillier 1999; the factor MedCalc-Bench uses).",
    )

    # the output's domain (Output.domain): a relation between values, stated in words, checked by the engine
    rules = (Relation(("sodium", "glucose"), "the result stays in its domain: the corrected sodium above 0 mEq/L"),)


@calculator(
    id="sodium-correction-hyperglycemia",
    name="Sodium Correction for Hyperglycemia",
    aliases=("corrected-sodium", "sodium-correction", "glucose-corrected-sodium"),
    kind="equation",
    specialty="nephrology",
    output=Output("mEq/L", "decimal", 1, range=(110, 180), domain=Domain(
        gt=0, inputs=("sodium", "glucose"),
        validity="a sodium and glucose for which the corrected sodium is above 0 mEq/L; check their units")),
    inputs=SodiumCorrectionInputs,
    references=(
        Reference("Katz MA. Hyperglycemia-induced hyponatremia--calculation of expected serum sodium "
                  "depression. N Engl J Med. 1973;289(16):843-844.", "https://doi.org/10.1056/NEJM197310182891607"),
        Reference("Hillier TA, Abbott RD, Barrett EJ. Hyponatremia: evaluating the correction factor for "
                  "hyperglycemia. Am J Med. 1999;106(4):399-403.", "https://doi.org/10.1016/S0002-9343(99)00055-8"),
        Reference("MDCalc: Sodium Correction for Hyperglycemia.",
                  "https://www.mdcalc.com/calc/50/sodium-correction-hyperglycemia"),
    ),
    formula="Corrected Na (mEq/L) = measured Na + factor × (glucose (mg/dL) − 100) / 100; "
    "factor 1.6 (Katz) or 2.4 (Hillier)",
    description="The sodium a hyperglycemic patient would have at a normal glucose: glucose draws water "
    "out of cells and dilutes sodium. Katz's factor is 1.6 mEq/L per 100 mg/dL; Hillier measured 2.4.",
    medcalc_bench=MedCalcBench(26, {"Sodium": "sodium", "Glucose": "glucose"}, options={"correction": "hillier"}),
    example={"sodium": 128, "glucose": "30 mmol/L"},
)
def sodium_correction(x: SodiumCorrectionInputs, w: Working) -> float:
    factor = FACTORS[x.correction]
    corrected = w.step(
        f"corrected sodium ({x.correction.capitalize()})",
        f"{fmt(x.sodium)} + {fmt(factor)} × ({fmt(x.glucose)} − {fmt(REFERENCE_GLUCOSE)}) / 100",
        x.sodium + factor * (x.glucose - REFERENCE_GLUCOSE) / 100,
        "mEq/L",
    )
    if x.glucose < REFERENCE_GLUCOSE:
        w.warn(f"glucose {fmt(x.glucose)} mg/dL is below 100: the correction is meant for hyperglycemia, "
               "and below 100 mg/dL the formula lowers the sodium", "glucose")
    return corrected
