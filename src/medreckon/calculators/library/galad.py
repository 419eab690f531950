"""GALAD model for hepatocellular carcinoma in chronic liver disease (Johnson 2014)."""

from __future__ import annotations

import math

from pydantic import Field

from ..fields import Age, Inputs, Percent, Sex, q
from ..spec import Output, Reference, Secondary, Working, calculator, fmt

AFP = q("ng/mL", gt=0, lt=1e7, plausible=(0.5, 1e6), units=("ng/mL", "ug/L"))
DCP = q("ng/mL", gt=0, lt=1e7, plausible=(0.1, 1e6), units=("ng/mL",))


class GALADInputs(Inputs):
    sex: Sex = Field(description="Sex (male adds 1.67).")
    age: Age = Field(description="Age in years.")
    afp_l3: Percent = Field(description="AFP-L3, % of total AFP.")
    afp: AFP = Field(description="Alpha-fetoprotein, ng/mL (= µg/L). Must be above 0 (the model takes its log).")
    dcp: DCP = Field(description="Des-gamma-carboxy prothrombin (PIVKA-II), ng/mL. Must be above 0. A value in "
                     "mAU/mL is not ng/mL.")


@calculator(
    id="galad",
    name="GALAD Model for Hepatocellular Carcinoma (HCC)",
    aliases=("galad-score", "galad-model"),
    kind="equation",
    specialty="hepatology",
    output=Output(None, "decimal", 2, range=(-6, 10), secondary=(
        Secondary("hcc_probability", "probability of hepatocellular carcinoma: 1 / (1 + e^−Z)", "%", "decimal", 2),
    )),
    inputs=GALADInputs,
    references=(
        Reference("Johnson PJ, Pirrie SJ, Cox TF, et al. The detection of hepatocellular carcinoma using a "
                  "prospectively developed and validated model based on serological biomarkers. Cancer Epidemiol "
                  "Biomarkers Prev. 2014;23(1):144-153.", "https://doi.org/10.1158/1055-9965.EPI-13-0870"),
        Reference("MDCalc. GALAD Model for Hepatocellular Carcinoma (HCC).",
                  "https://www.mdcalc.com/calc/10184/galad-model-hepatocellular-carcinoma-hcc"),
    ),
    formula="Z = −10.08 + 0.09 × age + 1.67 × sex (male 1, female 0) + 2.34 × log10(AFP ng/mL) + 0.04 × AFP-L3 (%) "
    "+ 1.33 × log10(DCP ng/mL); probability of HCC = 1 / (1 + e^−Z). Z > −0.63 (Johnson's cut-off) suggests HCC.",
    description="Probability that a patient with chronic liver disease has hepatocellular carcinoma, from gender, "
    "age, AFP-L3, AFP and DCP. DCP must be in ng/mL.",
    example={"sex": "male", "age": 62, "afp_l3": 12, "afp": 75, "dcp": 85},
)
def galad(x: GALADInputs, w: Working) -> float:
    male = 1 if x.sex == "male" else 0
    z = w.step("GALAD Z", lambda: f"−10.08 + 0.09 × {fmt(x.age)} + 1.67 × {male} + 2.34 × log10({fmt(x.afp)}) + 0.04 × "
               f"{fmt(x.afp_l3)} + 1.33 × log10({fmt(x.dcp)})",
               -10.08 + 0.09 * x.age + 1.67 * male + 2.34 * math.log10(x.afp) + 0.04 * x.afp_l3
               + 1.33 * math.log10(x.dcp))
    probability = w.output("hcc_probability", w.step("probability of HCC", lambda: f"1 / (1 + e^−({fmt(z)}))",
                                                      100 / (1 + math.exp(-z)), "%"))
    w.interpretation = (f"GALAD {fmt(z, 2)}: probability of HCC {fmt(probability, 1)}%; "
                        + ("above the −0.63 cut-off, HCC suspected" if z > -0.63 else "below the −0.63 cut-off"))
    return z
