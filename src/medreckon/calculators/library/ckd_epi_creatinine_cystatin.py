"""eGFR by the race-free CKD-EPI 2021 creatinine-cystatin C equation (Inker 2021)."""

from __future__ import annotations

from pydantic import Field

from ..fields import Age, Creatinine, Inputs, Sex
from ..spec import Output, Reference, Working, calculator, fmt
from .ckd_epi import CKD_STAGE, KDIGO, gfr_category, gfr_stage
from .ckd_epi_cystatin import CYSTATIN_DESCRIPTION, INKER_2021, CystatinC


class CKDEPICreatinineCystatinInputs(Inputs):
    age: Age = Field(description="Age in years. The equation is for adults (18 years and over).")
    sex: Sex = Field(
        description="Sex as the equation distinguishes it: κ 0.7 (female) or 0.9 (male), α −0.219 (female) or "
        "−0.144 (male), female factor 0.963."
    )
    creatinine: Creatinine = Field(
        description="Serum creatinine (IDMS-standardised), mg/dL by default. A value in µmol/L must carry its "
        "unit ('80 umol/L'); do not pass µmol/L labelled as mg/dL."
    )
    cystatin_c: CystatinC = Field(description=CYSTATIN_DESCRIPTION)


@calculator(
    id="ckd-epi-2021-creatinine-cystatin",
    name="CKD-EPI Creatinine-Cystatin C Equation for GFR (2021)",
    aliases=("egfr-cr-cys", "ckd-epi-cr-cys", "ckd-epi-2021-cr-cys", "egfrcr-cys"),
    kind="equation",
    specialty="nephrology",
    output=Output("mL/min/1.73 m²", "decimal", 0, range=(0, 150), secondary=(CKD_STAGE,)),
    inputs=CKDEPICreatinineCystatinInputs,
    references=(
        INKER_2021,
        Reference("National Kidney Foundation. CKD-EPI Creatinine-Cystatin Equation (2021).",
                  "https://www.kidney.org/professionals/gfr_calculator"),
        Reference("MDCalc. CKD-EPI Equations for Glomerular Filtration Rate (GFR).",
                  "https://www.mdcalc.com/calc/3939/ckd-epi-equations-glomerular-filtration-rate-gfr"),
        KDIGO,
    ),
    formula="eGFRcr-cys (mL/min/1.73 m²) = 135 × min(Scr/κ, 1)^α × max(Scr/κ, 1)^−0.544 × min(Scys/0.8, 1)^−0.323 "
    "× max(Scys/0.8, 1)^−0.778 × 0.9961^age × 0.963 [if female]; Scr in mg/dL, Scys in mg/L; κ = 0.7 (female) "
    "or 0.9 (male); α = −0.219 (female) or −0.144 (male)",
    description="Estimated GFR from creatinine and cystatin C together (CKD-EPI 2021, no race coefficient), "
    "the most accurate of the CKD-EPI equations; KDIGO suggests it to confirm a creatinine-based eGFR. "
    "Interpreted by KDIGO GFR category. For creatinine alone use ckd-epi-2021.",
    example={"age": 58, "sex": "female", "creatinine": "97 umol/L", "cystatin_c": 1.3},
)
def ckd_epi_creatinine_cystatin(x: CKDEPICreatinineCystatinInputs, w: Working) -> float:
    female = x.sex == "female"
    kappa, alpha, sex_factor = (0.7, -0.219, 0.963) if female else (0.9, -0.144, 1.0)
    cr = w.step("Scr/κ", f"{fmt(x.creatinine)} / {fmt(kappa, 1)}", x.creatinine / kappa)
    cys = w.step("Scys/0.8", f"{fmt(x.cystatin_c)} / 0.8", x.cystatin_c / 0.8)
    terms = (
        w.step("min(Scr/κ, 1)^α", f"{fmt(min(cr, 1.0), 4)}^{fmt(alpha)}", min(cr, 1.0) ** alpha),
        w.step("max(Scr/κ, 1)^−0.544", f"{fmt(max(cr, 1.0), 4)}^−0.544", max(cr, 1.0) ** -0.544),
        w.step("min(Scys/0.8, 1)^−0.323", f"{fmt(min(cys, 1.0), 4)}^−0.323", min(cys, 1.0) ** -0.323),
        w.step("max(Scys/0.8, 1)^−0.778", f"{fmt(max(cys, 1.0), 4)}^−0.778", max(cys, 1.0) ** -0.778),
        w.step("0.9961^age", f"0.9961^{fmt(x.age)}", 0.9961**x.age),
    )
    product = 135 * sex_factor
    for t in terms:
        product *= t
    gfr = w.step("eGFRcr-cys", "135 × " + " × ".join(fmt(t, 4) for t in terms) + f" × {fmt(sex_factor)}",
                 product, "mL/min/1.73 m²")
    if x.age < 18:
        w.warn("the CKD-EPI equations are validated in adults (18 years and over)", "age")
    w.interpretation = gfr_category(gfr)
    gfr_stage(gfr, w)
    return gfr
