"""eGFR by the race-free CKD-EPI 2021 creatinine equation; also the KDIGO GFR categories."""

from __future__ import annotations

from pydantic import Field

from ..fields import Age, Creatinine, Inputs, Sex
from ..spec import MedCalcBench, Output, Reference, Secondary, Working, calculator, fmt

KDIGO = Reference(
    "Kidney Disease: Improving Global Outcomes (KDIGO) CKD Work Group. KDIGO 2012 clinical practice "
    "guideline for the evaluation and management of chronic kidney disease. Kidney Int Suppl. "
    "2013;3(1):1-150 (GFR categories G1-G5).",
    "https://kdigo.org/guidelines/ckd-evaluation-and-management/",
)

# KDIGO GFR categories: each band's lower limit is inclusive (60 is G2, 59.9 is G3a)
GFR_CATEGORIES = ((90.0, "G1 (normal or high)"), (60.0, "G2 (mildly decreased)"),
                  (45.0, "G3a (mildly to moderately decreased)"), (30.0, "G3b (moderately to severely decreased)"),
                  (15.0, "G4 (severely decreased)"))


def gfr_category(gfr: float) -> str:
    """KDIGO 2012 GFR category of a GFR in mL/min/1.73 m²."""
    for lower, label in GFR_CATEGORIES:
        if gfr >= lower:
            return f"KDIGO GFR category {label}"
    return "KDIGO GFR category G5 (kidney failure)"


def gfr_stage(gfr: float, w: Working) -> str:
    """The KDIGO category code (G1 ... G5) as the stage output MDCalc shows beside an eGFR ('Stage IIIb' is G3b)."""
    return w.output("ckd_stage", gfr_category(gfr).split()[3])


# the stage output of the eGFR equations
CKD_STAGE = Secondary("ckd_stage", "KDIGO GFR category (G1, G2, G3a, G3b, G4, G5) of the eGFR", None, "text")


class CKDEPIInputs(Inputs):
    age: Age = Field(description="Age in years. The equation is for adults (18 years and over).")
    sex: Sex = Field(
        description="Sex as the equation distinguishes it: it sets κ (0.7 female, 0.9 male), α "
        "(−0.241 female, −0.302 male) and the female factor 1.012."
    )
    creatinine: Creatinine = Field(
        description="Serum creatinine (IDMS-standardised), mg/dL by default. A value in µmol/L must "
        "carry its unit ('80 umol/L'); do not pass µmol/L labelled as mg/dL."
    )


@calculator(
    id="ckd-epi-2021",
    name="CKD-EPI Equations for Glomerular Filtration Rate",
    aliases=("ckd-epi", "ckd-epi-creatinine-2021", "egfr-ckd-epi", "ckdepi",
             "CKD-EPI Equations for Glomerular Filtration Rate (GFR)"),
    kind="equation",
    specialty="nephrology",
    output=Output("mL/min/1.73 m²", "decimal", 0, range=(0, 150), secondary=(CKD_STAGE,)),
    inputs=CKDEPIInputs,
    references=(
        Reference(
            "Inker LA, Eneanya ND, Coresh J, et al. New creatinine- and cystatin C-based equations to "
            "estimate GFR without race. N Engl J Med. 2021;385(19):1737-1749.",
            "https://doi.org/10.1056/NEJMoa2102953",
        ),
        Reference("MDCalc. CKD-EPI Equations for Glomerular Filtration Rate (GFR).",
                  "https://www.mdcalc.com/calc/3939/ckd-epi-equations-glomerular-filtration-rate-gfr"),
        KDIGO,
    ),
    formula="eGFR (mL/min/1.73 m²) = 142 × min(Scr/κ, 1)^α × max(Scr/κ, 1)^−1.200 × 0.9938^age "
    "× 1.012 [if female]; Scr in mg/dL; κ = 0.7 (female) or 0.9 (male); α = −0.241 (female) or "
    "−0.302 (male)",
    description="Estimated glomerular filtration rate from serum creatinine, age and sex by the "
    "2021 CKD-EPI equation, which has no race coefficient. Interpreted by KDIGO GFR category.",
    medcalc_bench=MedCalcBench(3, {"age": "age", "sex": "sex", "creatinine": "creatinine"}),
    example={"age": 67, "sex": "female", "creatinine": "97 umol/L"},
)
def ckd_epi_2021(x: CKDEPIInputs, w: Working) -> float:
    female = x.sex == "female"
    kappa, alpha, sex_factor = (0.7, -0.241, 1.012) if female else (0.9, -0.302, 1.0)
    ratio = w.step("Scr/κ", f"{fmt(x.creatinine)} / {fmt(kappa, 1)}", x.creatinine / kappa)
    low = w.step("min(Scr/κ, 1)^α", f"{fmt(min(ratio, 1.0), 4)}^{fmt(alpha)}", min(ratio, 1.0) ** alpha)
    high = w.step("max(Scr/κ, 1)^−1.200", f"{fmt(max(ratio, 1.0), 4)}^−1.2", max(ratio, 1.0) ** -1.2)
    age_term = w.step("0.9938^age", f"0.9938^{fmt(x.age)}", 0.9938**x.age)
    gfr = w.step(
        "eGFR",
        f"142 × {fmt(low, 4)} × {fmt(high, 4)} × {fmt(age_term, 4)} × {fmt(sex_factor)}",
        142 * low * high * age_term * sex_factor,
        "mL/min/1.73 m²",
    )
    if x.age < 18:
        w.warn("the CKD-EPI equation is validated in adults (18 years and over)", "age")
    w.interpretation = gfr_category(gfr)
    gfr_stage(gfr, w)
    return gfr
