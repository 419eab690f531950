"""eGFR by the 4-variable MDRD Study equation, with the 175 (IDMS) vs 186 constant as an option."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BeforeValidator, Field

from ..fields import Creatinine, Inputs, Option, Sex, choice, q
from ..spec import MedCalcBench, Output, Reference, Working, calculator, fmt
from .ckd_epi import KDIGO, gfr_category

Race = choice(
    "black", "non-black",
    synonyms={
        "african american": "black", "african-american": "black", "afro-american": "black",
        "black or african american": "black",
        "non black": "non-black", "nonblack": "non-black", "not black": "non-black", "other": "non-black",
        "white": "non-black", "caucasian": "non-black", "asian": "non-black", "hispanic": "non-black",
    },
)


def _constant_text(v: object) -> object:
    """The constant as its digits: 186, 186.0 and " 186" all read as "186"."""
    if isinstance(v, int) and not isinstance(v, bool):
        return str(v) if abs(v) < 10**6 else v  # a huge int is no constant (and no float)
    if isinstance(v, float) and v.is_integer():
        return str(int(v))
    return v.strip() if isinstance(v, str) else v


# a choice of digits (choices are strings throughout the engine); numbers are accepted too
Constant = Annotated[Literal["175", "186"], BeforeValidator(_constant_text)]


# age ** -0.203: an age of 0 has no value
PositiveAge = q("yr", gt=0, le=130, plausible=(0, 120), units=("yr", "mo", "wk", "d"))

class MDRDInputs(Inputs):
    age: PositiveAge = Field(description="Age in years. The equation is for adults (18 years and over).")
    sex: Sex = Field(description="The patient's sex, as the note states it.")
    creatinine: Creatinine = Field(
        description="Serum creatinine, mg/dL by default. A value in µmol/L must carry its unit "
        "('106 umol/L'); do not pass µmol/L labelled as mg/dL."
    )
    race: Race = Field(
        "non-black",
        description="Race as the MDRD equation distinguishes it: 'black' multiplies GFR by 1.212; any "
        "other race is 'non-black'. When not stated it is taken as 'non-black' (reported as an assumption).",
    )
    constant: Constant = Option(
        "175",
        "The equation's constant: 175 (default) for creatinine assays calibrated to IDMS, as all current "
        "assays are; 186 for the original 1999/2000 equation with non-standardised creatinine.",
    )


def mdrd(creatinine: float, age: float, sex: str, black: bool, w: Working, constant: str = "175") -> float:
    """The 4-variable MDRD eGFR with its steps (also the baseline GFR of the kinetic eGFR)."""
    scr_term = w.step("Scr^−1.154", f"{fmt(creatinine)}^−1.154", creatinine**-1.154)
    age_term = w.step("age^−0.203", f"{fmt(age)}^−0.203", age**-0.203)
    sex_factor = 0.742 if sex == "female" else 1.0
    race_factor = 1.212 if black else 1.0
    return w.step(
        "GFR",
        f"{constant} × {fmt(scr_term, 4)} × {fmt(age_term, 4)} × {fmt(sex_factor)} × {fmt(race_factor)}",
        int(constant) * scr_term * age_term * sex_factor * race_factor,
        "mL/min/1.73 m²",
    )


@calculator(
    id="mdrd-gfr",
    name="MDRD GFR Equation",
    aliases=("mdrd", "mdrd-egfr", "mdrd-study-equation"),
    kind="equation",
    specialty="nephrology",
    output=Output("mL/min/1.73 m²", "decimal", 0, range=(0, 150)),
    inputs=MDRDInputs,
    references=(
        Reference(
            "Levey AS, Coresh J, Greene T, et al. Using standardized serum creatinine values in the "
            "Modification of Diet in Renal Disease Study equation for estimating glomerular filtration "
            "rate. Ann Intern Med. 2006;145(4):247-254.",
            "https://doi.org/10.7326/0003-4819-145-4-200608150-00004",
        ),
        Reference(
            "Levey AS, Bosch JP, Lewis JB, et al. A more accurate method to estimate glomerular filtration "
            "rate from serum creatinine: a new prediction equation. Ann Intern Med. 1999;130(6):461-470.",
            "https://doi.org/10.7326/0003-4819-130-6-199903160-00002",
        ),
        Reference("MDCalc. MDRD GFR Equation.", "https://www.mdcalc.com/calc/76/mdrd-gfr-equation"),
        KDIGO,
    ),
    formula="GFR (mL/min/1.73 m²) = 175 × Scr^−1.154 × age^−0.203 × 0.742 [if female] "
    "× 1.212 [if Black]; Scr in mg/dL (IDMS-traceable); 186 instead of 175 for non-standardised creatinine",
    description="Estimated glomerular filtration rate from serum creatinine, age, sex and race by the "
    "4-variable MDRD Study equation. Less accurate above 60 mL/min/1.73 m²; CKD-EPI is now preferred.",
    medcalc_bench=MedCalcBench(
        9, {"age": "age", "sex": "sex", "creatinine": "creatinine", "Race": "race"},
        options={"constant": "175"},
    ),
    example={"age": 62, "sex": "male", "creatinine": 1.8, "race": "non-black"},
)
def mdrd_gfr(x: MDRDInputs, w: Working) -> float:
    gfr = mdrd(x.creatinine, x.age, x.sex, x.race == "black", w, x.constant)
    if x.age < 18:
        w.warn("the MDRD equation is validated in adults (18 years and over)", "age")
    if gfr > 60:
        w.warn("MDRD underestimates GFR above 60 mL/min/1.73 m²; report such values as '> 60'", None)
    w.interpretation = gfr_category(gfr)
    return gfr
