"""ALBI (albumin-bilirubin) grade for hepatocellular carcinoma (Johnson 2015)."""

from __future__ import annotations

import math

from pydantic import Field

from ..fields import Albumin, Inputs, q
from ..spec import Output, Reference, Secondary, Working, calculator, fmt
from ..units import convert

PositiveBilirubin = q("mg/dL", analyte="bilirubin", gt=0, plausible=(0.05, 60), units=("mg/dL", "umol/L"))
SURVIVAL = {1: "18.5-85.6 months", 2: "5.3-46.5 months", 3: "2.3-15.5 months"}
UMOL_PER_MG_DL = convert(1.0, "mg/dL", "umol/L", "bilirubin")  # 17.1: a µmol/L input round-trips exactly


class ALBIInputs(Inputs):
    bilirubin: PositiveBilirubin = Field(description="Total bilirubin, mg/dL by default (µmol/L with its unit); the "
                                         "score takes log10 of µmol/L, so it must be above 0.")
    albumin: Albumin = Field(description="Serum albumin, g/dL by default (g/L with its unit).")


@calculator(
    id="albi-grade",
    name="ALBI (Albumin-Bilirubin) Grade for Hepatocellular Carcinoma (HCC)",
    aliases=("albi", "albumin-bilirubin-grade", "albi-score"),
    kind="equation",
    specialty="hepatology",
    output=Output("points", "decimal", 2, range=(-4.5, 0), secondary=(
        Secondary("grade", "ALBI grade: 1 ≤ −2.60, 2 > −2.60 to ≤ −1.39, 3 > −1.39", None, "integer"),
        Secondary("median_survival", "range of median survival of the grade across the cohorts of Johnson 2015",
                  None, "text"),
    )),
    inputs=ALBIInputs,
    references=(
        Reference("Johnson PJ, Berhane S, Kagebayashi C, et al. Assessment of liver function in patients with "
                  "hepatocellular carcinoma: a new evidence-based approach - the ALBI grade. J Clin Oncol. "
                  "2015;33(6):550-558.", "https://doi.org/10.1200/JCO.2014.57.9151"),
    ),
    formula="ALBI = 0.66 × log10(bilirubin µmol/L) − 0.085 × albumin (g/L); grade 1 ≤ −2.60, grade 2 > −2.60 to "
    "≤ −1.39, grade 3 > −1.39",
    description="Liver function in hepatocellular carcinoma from albumin and bilirubin alone, an objective "
    "alternative to Child-Pugh; higher grades mean shorter survival.",
    example={"bilirubin": 0.9, "albumin": 4.2},
)
def albi_grade(x: ALBIInputs, w: Working) -> float:
    bili = w.step("bilirubin", lambda: f"{fmt(x.bilirubin)} mg/dL × {fmt(UMOL_PER_MG_DL, 2)}", x.bilirubin * UMOL_PER_MG_DL,
                  "µmol/L")
    alb = w.step("albumin", lambda: f"{fmt(x.albumin)} g/dL × 10", x.albumin * 10, "g/L")
    score = w.step("ALBI", lambda: f"0.66 × log10({fmt(bili)}) − 0.085 × {fmt(alb)}",
                   0.66 * math.log10(bili) - 0.085 * alb, "points")
    shown = round(score, 2)  # graded at the two decimals it is reported with
    grade = w.output("grade", 1 if shown <= -2.60 else 2 if shown <= -1.39 else 3)
    w.output("median_survival", SURVIVAL[grade])
    w.interpretation = f"ALBI grade {grade} (median survival {SURVIVAL[grade]} across the derivation cohorts)"
    return score
