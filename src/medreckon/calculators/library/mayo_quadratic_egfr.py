"""Mayo quadratic eGFR (Rule 2004)."""

from __future__ import annotations

import math

from pydantic import Field

from ..fields import Age, Creatinine, Inputs, Sex
from ..spec import Output, Reference, Working, calculator, fmt

CREATININE_FLOOR = 0.8  # mg/dL: a lower creatinine is taken as 0.8


class MayoQuadraticInputs(Inputs):
    sex: Sex = Field(description="Sex (−0.205 in the exponent for women).")
    age: Age = Field(description="Age in years. Adults.")
    creatinine: Creatinine = Field(description="Serum creatinine, mg/dL by default; below 0.8 it is taken as 0.8.")


@calculator(
    id="mayo-quadratic-egfr",
    name="Mayo Quadratic eGFR",
    aliases=("mayo-quadratic", "quadratic-egfr", "rule-equation"),
    kind="equation",
    specialty="nephrology",
    output=Output("mL/min/1.73 m²", "decimal", 1, range=(0, 150)),
    inputs=MayoQuadraticInputs,
    references=(
        Reference("Rule AD, Larson TS, Bergstralh EJ, et al. Using serum creatinine to estimate glomerular filtration "
                  "rate: accuracy in good health and in chronic kidney disease. Ann Intern Med. 2004;141(12):929-937.",
                  "https://doi.org/10.7326/0003-4819-141-12-200412210-00009"),
        Reference("MDCalc: Mayo Quadratic eGFR.", "https://www.mdcalc.com/calc/10064/mayo-quadratic-egfr"),
    ),
    formula="eGFR = exp(1.911 + 5.249 / Scr − 2.114 / Scr² − 0.00686 × age − 0.205 [female]); Scr in mg/dL, taken "
    "as 0.8 when lower",
    description="eGFR from creatinine derived in both healthy people and CKD patients, so it does not underestimate "
    "near-normal GFR as MDRD does.",
    example={"sex": "male", "age": 62, "creatinine": 2.7},
)
def mayo_quadratic_egfr(x: MayoQuadraticInputs, w: Working) -> float:
    scr = x.creatinine
    if scr < CREATININE_FLOOR:
        scr = w.step("creatinine floor", f"{fmt(x.creatinine)} < 0.8: taken as 0.8", CREATININE_FLOOR, "mg/dL")
    female = 0.205 if x.sex == "female" else 0.0
    exponent = w.step("exponent", f"1.911 + 5.249 / {fmt(scr)} − 2.114 / {fmt(scr)}² − 0.00686 × {fmt(x.age)} − "
                      f"{fmt(female)}", 1.911 + 5.249 / scr - 2.114 / scr**2 - 0.00686 * x.age - female)
    gfr = w.step("eGFR", f"exp({fmt(exponent, 4)})", math.exp(exponent), "mL/min/1.73 m²")
    w.interpretation = f"eGFR {fmt(gfr, 1)} mL/min/1.73 m²"
    return gfr
