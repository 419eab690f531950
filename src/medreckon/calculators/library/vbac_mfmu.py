"""MFMU Network VBAC calculator without race and ethnicity (Grobman 2021): the chance of vaginal
birth after cesarean for a trial of labor, from information available at the first prenatal visit."""

from __future__ import annotations

from pydantic import Field

from ..defined import logistic
from ..fields import Age, Finding, Height, Inputs, Weight, choice
from ..spec import Output, Reference, Working, calculator, fmt

HISTORY = {"no previous vaginal birth": 0.0, "vaginal birth only before the cesarean": 0.868,
           "previous VBAC": 1.869}
INTERCEPT, AGE, WEIGHT, HEIGHT = -5.952, -0.023, -0.024, 0.056
ARREST, HYPERTENSION = -0.597, -0.966


class VBACInputs(Inputs):
    age: Age = Field(description="Maternal age, years.")
    pre_pregnancy_weight: Weight = Field(description="Pre-pregnancy weight, kg (lb with its unit).")
    height: Height = Field(description="Height, cm (in with its unit).")
    arrest_disorder: bool = Finding("The previous cesarean was for an arrest disorder (arrest of dilation or of "
                                    "descent).")
    obstetric_history: choice(*HISTORY) = Field(description="Vaginal births: none; only before the cesarean; or a "
                                                             "previous vaginal birth after the cesarean (VBAC).")
    treated_chronic_hypertension: bool = Finding("Chronic hypertension treated with medication.")


@calculator(
    id="vbac-mfmu",
    name="Vaginal Birth After Cesarean (MFMU)",
    aliases=("Vaginal Birth After Cesarean (MFMU)", "vbac", "vbac-calculator", "mfmu-vbac"),
    kind="equation",
    specialty="obstetrics",
    output=Output("%", "decimal", 1, range=(0, 100)),
    inputs=VBACInputs,
    references=(
        Reference("Grobman WA, Sandoval G, Rice MM, et al. Prediction of vaginal birth after cesarean delivery in "
                  "term gestations: a calculator without race and ethnicity. Am J Obstet Gynecol. "
                  "2021;225(6):664.e1-664.e7.", "https://doi.org/10.1016/j.ajog.2021.05.021"),
        Reference("American College of Obstetricians and Gynecologists. Practice Bulletin No. 205: Vaginal birth "
                  "after cesarean delivery. Obstet Gynecol. 2019;133(2):e110-e127."),
        Reference("MDCalc. Vaginal Birth After Cesarean (MFMU)."),
    ),
    formula="w = −5.952 − 0.023 × age (y) − 0.024 × pre-pregnancy weight (kg) + 0.056 × height (cm) − 0.597 × "
    "arrest disorder + 0.868 × vaginal birth only before the cesarean + 1.869 × previous VBAC − 0.966 × treated "
    "chronic hypertension; chance of VBAC = e^w / (1 + e^w).",
    description="For a term, singleton, cephalic pregnancy with one previous low-transverse cesarean and a planned "
    "trial of labor; it replaces the 2007 model, which used race and ethnicity. A counselling aid: 60-70% or more "
    "is the usual range in which a trial of labor is encouraged.",
    example={"age": 31, "pre_pregnancy_weight": "165 lb", "height": "64 in", "arrest_disorder": False,
             "obstetric_history": "no previous vaginal birth", "treated_chronic_hypertension": False},
)
def vbac_mfmu(x: VBACInputs, w: Working) -> float:
    history = HISTORY[x.obstetric_history]
    lp = w.step("linear predictor", f"{INTERCEPT} − 0.023 × {fmt(x.age)} − 0.024 × {fmt(x.pre_pregnancy_weight, 2)} + "
                f"0.056 × {fmt(x.height, 2)} − 0.597 × {int(x.arrest_disorder)} + {fmt(history, 3)} − 0.966 × "
                f"{int(x.treated_chronic_hypertension)}",
                INTERCEPT + AGE * x.age + WEIGHT * x.pre_pregnancy_weight + HEIGHT * x.height
                + ARREST * x.arrest_disorder + history + HYPERTENSION * x.treated_chronic_hypertension)
    chance = w.step("chance of VBAC", f"100 × e^{fmt(lp, 4)} / (1 + e^{fmt(lp, 4)})", 100 * logistic(lp), "%")
    w.interpretation = f"{fmt(chance, 1)}% chance of vaginal birth after cesarean with a trial of labor"
    if not 14 <= x.age <= 55:
        w.warn(f"age {fmt(x.age)} y is outside the childbearing ages the model was derived in", "age", "implausible")
    return chance
