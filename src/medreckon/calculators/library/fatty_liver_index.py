"""Fatty Liver Index (Bedogni 2006)."""

from __future__ import annotations

import math

from pydantic import Field

from ..fields import BMI, Enzyme, Inputs, Triglycerides, above_zero
from ..spec import Output, Reference, Secondary, Working, calculator, fmt, invalid
from .body_roundness_index import Waist

RISK = ("Low risk", "Indeterminate", "High risk")


PositiveEnzyme = above_zero(Enzyme)  # the index takes the logarithm of GGT

class FattyLiverIndexInputs(Inputs):
    triglycerides: Triglycerides = Field(description="Triglycerides, mg/dL by default (mmol/L with its unit).")
    bmi: BMI = Field(description="Body mass index, kg/m².")
    ggt: PositiveEnzyme = Field(description="Gamma-glutamyl transferase (GGT), U/L.")
    waist: Waist = Field(description="Waist circumference, cm (in with its unit).")



@calculator(
    id="fatty-liver-index",
    name="Fatty Liver Index (FLI)",
    aliases=("Fatty Liver Index", "fli"),
    kind="equation",
    specialty="hepatology",
    output=Output(None, "decimal", 0, range=(0, 100), secondary=(
        Secondary("risk", "Low risk (< 30, steatosis ruled out), Indeterminate (30-59), High risk (≥ 60, ruled in)",
                  None, "text"),
    )),
    inputs=FattyLiverIndexInputs,
    references=(
        Reference("Bedogni G, Bellentani S, Miglioli L, et al. The Fatty Liver Index: a simple and accurate predictor "
                  "of hepatic steatosis in the general population. BMC Gastroenterol. 2006;6:33.",
                  "https://doi.org/10.1186/1471-230X-6-33"),
        Reference("MDCalc. Fatty Liver Index."),
    ),
    formula="y = 0.953 × ln(TG mg/dL) + 0.139 × BMI + 0.718 × ln(GGT U/L) + 0.053 × waist (cm) − 15.745; FLI = "
    "100 × e^y / (1 + e^y). < 30 rules out steatosis (LR− 0.2), ≥ 60 rules it in (LR+ 4.3).",
    description="Probability-like index (0-100) of hepatic steatosis from routine measurements.",
    example={"triglycerides": 212, "bmi": 38.7, "ggt": 64, "waist": "45 in"},
)
def fatty_liver_index(x: FattyLiverIndexInputs, w: Working) -> float:
    if x.ggt <= 0:
        raise invalid("ggt", x.ggt, "a GGT above 0 U/L", "the index takes the logarithm of GGT")
    y = w.step("y", f"0.953 × ln({fmt(x.triglycerides)}) + 0.139 × {fmt(x.bmi)} + 0.718 × ln({fmt(x.ggt)}) + 0.053 × "
               f"{fmt(x.waist, 1)} − 15.745", 0.953 * math.log(x.triglycerides) + 0.139 * x.bmi
               + 0.718 * math.log(x.ggt) + 0.053 * x.waist - 15.745)
    fli = w.step("FLI", f"100 × e^{fmt(y)} / (1 + e^{fmt(y)})", 100 / (1 + math.exp(-y)))
    risk = w.output("risk", RISK[0] if fli < 30 else RISK[1] if fli < 60 else RISK[2])
    w.interpretation = {RISK[0]: "< 30: fatty liver ruled out (LR− 0.2)", RISK[1]: "30-59: indeterminate",
                        RISK[2]: "≥ 60: fatty liver ruled in (LR+ 4.3)"}[risk]
    return fli
