"""eGFR by the CKD-EPI cystatin C equation (Inker 2012), which the 2021 CKD-EPI update kept unchanged."""

from __future__ import annotations

from pydantic import Field

from ..fields import Age, Inputs, Sex, q
from ..spec import Output, Reference, Working, calculator, fmt
from .ckd_epi import CKD_STAGE, KDIGO, gfr_category, gfr_stage

CystatinC = q("mg/L", gt=0, plausible=(0.3, 10), units=("mg/L",))
CYSTATIN_DESCRIPTION = ("Serum cystatin C, mg/L (standardised to the IFCC/ERM-DA471 reference). It is a "
                        "different marker from creatinine: never pass a creatinine value here. Usual adult range "
                        "about 0.6-1.0 mg/L.")
INKER_2012 = Reference(
    "Inker LA, Schmid CH, Tighiouart H, et al. Estimating glomerular filtration rate from serum creatinine "
    "and cystatin C. N Engl J Med. 2012;367(1):20-29.", "https://doi.org/10.1056/NEJMoa1114248")
INKER_2021 = Reference(
    "Inker LA, Eneanya ND, Coresh J, et al. New creatinine- and cystatin C-based equations to estimate GFR "
    "without race. N Engl J Med. 2021;385(19):1737-1749.", "https://doi.org/10.1056/NEJMoa2102953")


class CKDEPICystatinInputs(Inputs):
    age: Age = Field(description="Age in years. The equation is for adults (18 years and over).")
    sex: Sex = Field(description="Sex as the equation distinguishes it: the female factor is 0.932.")
    cystatin_c: CystatinC = Field(description=CYSTATIN_DESCRIPTION)


@calculator(
    id="ckd-epi-cystatin-c",
    name="CKD-EPI Cystatin C Equation for GFR (2012)",
    aliases=("egfr-cystatin", "ckd-epi-cys", "egfrcys", "cystatin-c-egfr"),
    kind="equation",
    specialty="nephrology",
    output=Output("mL/min/1.73 m²", "decimal", 0, range=(0, 150), secondary=(CKD_STAGE,)),
    inputs=CKDEPICystatinInputs,
    references=(
        INKER_2012, INKER_2021,
        Reference("MDCalc. CKD-EPI Equations for Glomerular Filtration Rate (GFR) (cystatin C version).",
                  "https://www.mdcalc.com/calc/3939/ckd-epi-equations-glomerular-filtration-rate-gfr"),
        KDIGO,
    ),
    formula="eGFRcys (mL/min/1.73 m²) = 133 × min(Scys/0.8, 1)^−0.499 × max(Scys/0.8, 1)^−1.328 × 0.996^age "
    "× 0.932 [if female]; Scys in mg/L. No race term (none in 2012 either).",
    description="Estimated GFR from serum cystatin C, age and sex (CKD-EPI 2012; the 2021 update kept it). "
    "Useful where creatinine misleads (very low or high muscle mass); inflammation, steroids and thyroid "
    "disease change cystatin C. Interpreted by KDIGO GFR category.",
    example={"age": 58, "sex": "male", "cystatin_c": 1.4},
)
def ckd_epi_cystatin(x: CKDEPICystatinInputs, w: Working) -> float:
    ratio = w.step("Scys/0.8", f"{fmt(x.cystatin_c)} / 0.8", x.cystatin_c / 0.8)
    low = w.step("min(Scys/0.8, 1)^−0.499", f"{fmt(min(ratio, 1.0), 4)}^−0.499", min(ratio, 1.0) ** -0.499)
    high = w.step("max(Scys/0.8, 1)^−1.328", f"{fmt(max(ratio, 1.0), 4)}^−1.328", max(ratio, 1.0) ** -1.328)
    age_term = w.step("0.996^age", f"0.996^{fmt(x.age)}", 0.996**x.age)
    sex_factor = 0.932 if x.sex == "female" else 1.0
    gfr = w.step("eGFRcys", f"133 × {fmt(low, 4)} × {fmt(high, 4)} × {fmt(age_term, 4)} × {fmt(sex_factor)}",
                 133 * low * high * age_term * sex_factor, "mL/min/1.73 m²")
    if x.age < 18:
        w.warn("the CKD-EPI equations are validated in adults (18 years and over)", "age")
    w.interpretation = gfr_category(gfr)
    gfr_stage(gfr, w)
    return gfr
