"""Age-adjusted upper limits of normal for the ESR (Miller 1983) and CRP (Wener 2000)."""

from __future__ import annotations

from pydantic import Field

from ..fields import Age, Inputs, Sex
from ..spec import Output, Reference, Secondary, Working, calculator, fmt


class AgeAdjustedESRCRPInputs(Inputs):
    age: Age = Field(description="Age in years (adults).")
    sex: Sex = Field(description="Sex: women have higher limits.")


@calculator(
    id="age-adjusted-esr-crp",
    name="Age-Adjusted ESR/CRP for Rheumatoid Arthritis",
    aliases=("Age-Adjusted ESR/CRP for Rheumatoid Arthritis", "age-adjusted-esr", "westergren-age-adjusted-esr"),
    kind="equation",
    specialty="rheumatology",
    output=Output("mm/h", "decimal", 1, range=(5, 60), secondary=(
        Secondary("crp_upper_limit", "age-adjusted upper limit of normal of CRP", "mg/dL", "decimal", 1),
    )),
    inputs=AgeAdjustedESRCRPInputs,
    references=(
        Reference("Miller A, Green M, Robinson D. Simple rule for calculating normal erythrocyte sedimentation rate. "
                  "Br Med J (Clin Res Ed). 1983;286(6361):266.", "https://doi.org/10.1136/bmj.286.6361.266"),
        Reference("Wener MH, Daum PR, McQuillan GM. The influence of age, sex, and race on the upper reference limit "
                  "of serum C-reactive protein concentration. J Rheumatol. 2000;27(10):2351-2359."),
        Reference("MDCalc. Age-Adjusted ESR/CRP for Rheumatoid Arthritis.",
                  "https://www.mdcalc.com/calc/10126/age-adjusted-esr-crp-rheumatoid-arthritis"),
    ),
    formula="ESR upper limit (mm/h): men age / 2, women (age + 10) / 2. CRP upper limit (mg/dL): men age / 50, women "
    "age / 50 + 0.6.",
    description="Upper limits of normal for the ESR and CRP adjusted for age and sex, to judge whether an "
    "inflammatory marker is truly raised in an older patient.",
    example={"age": 48, "sex": "female"},
)
def age_adjusted_esr_crp(x: AgeAdjustedESRCRPInputs, w: Working) -> float:
    if x.sex == "female":
        esr = w.step("ESR upper limit (women)", f"({fmt(x.age)} + 10) / 2", (x.age + 10) / 2, "mm/h")
        crp = w.step("CRP upper limit (women)", f"{fmt(x.age)} / 50 + 0.6", x.age / 50 + 0.6, "mg/dL")
    else:
        esr = w.step("ESR upper limit (men)", f"{fmt(x.age)} / 2", x.age / 2, "mm/h")
        crp = w.step("CRP upper limit (men)", f"{fmt(x.age)} / 50", x.age / 50, "mg/dL")
    w.output("crp_upper_limit", crp)
    w.interpretation = f"upper limits of normal: ESR {fmt(esr, 1)} mm/h, CRP {fmt(crp, 2)} mg/dL ({fmt(crp * 10, 1)} mg/L)"
    return esr
