"""MASCC risk index for febrile neutropenia (Klastersky 2000)."""

from __future__ import annotations

from pydantic import Field

from ..fields import Age, BloodPressure, Finding, Inputs, choice
from ..points import category, finding, sum_points, threshold
from ..spec import Output, Reference, Working, calculator, fmt

BURDEN = {"none_or_mild": 5, "moderate": 3, "severe": 0}
CANCER = {"solid_tumor": 4, "hematologic_no_prior_fungal_infection": 4, "hematologic_prior_fungal_infection": 0}


class MASCCInputs(Inputs):
    burden_of_illness: choice(*BURDEN) = Field(description="Burden of febrile neutropenia (symptoms): 'none_or_mild' "
                                               "(5), 'moderate' (3), 'severe' (severe symptoms or moribund, 0).")
    systolic_bp: BloodPressure = Field(description="Systolic blood pressure, mmHg; no hypotension (SBP ≥ 90) scores 5.")
    active_copd: bool = Finding("Active chronic obstructive pulmonary disease (no COPD scores 4).")
    cancer_type: choice(*CANCER) = Field(description="'solid_tumor' (4), 'hematologic_no_prior_fungal_infection' "
                                         "(4), or 'hematologic_prior_fungal_infection' (previous fungal infection, or "
                                         "empirically treated suspected one, with a haematological malignancy, 0).")
    dehydration_requiring_iv_fluids: bool = Finding("Dehydration requiring intravenous fluids (none scores 3).")
    outpatient: bool = Field(description="Outpatient (not hospitalised) at the onset of fever (scores 3).")
    age: Age = Field(description="Age in years; below 60 scores 2.")


@calculator(
    id="mascc",
    name="MASCC Risk Index for Febrile Neutropenia",
    aliases=("mascc-risk-index", "mascc-score"),
    kind="score",
    specialty="oncology",
    output=Output("points", "integer", 0, range=(0, 26)),
    inputs=MASCCInputs,
    references=(
        Reference("Klastersky J, Paesmans M, Rubenstein EB, et al. The Multinational Association for Supportive Care "
                  "in Cancer risk index: a multinational scoring system for identifying low-risk febrile neutropenic "
                  "cancer patients. J Clin Oncol. 2000;18(16):3038-3051.", "https://doi.org/10.1200/JCO.2000.18.16.3038"),
        Reference("MDCalc. MASCC Risk Index for Febrile Neutropenia.",
                  "https://www.mdcalc.com/calc/3913/mascc-risk-index-febrile-neutropenia"),
    ),
    formula="Burden of illness: none/mild 5, moderate 3, severe 0; no hypotension (SBP ≥ 90 mmHg) 5; no active COPD "
    "4; solid tumour, or haematological malignancy without previous fungal infection 4; no dehydration needing IV "
    "fluids 3; outpatient at fever onset 3; age < 60: 2. Total 0-26; ≥ 21: low risk.",
    description="Identifies febrile neutropenic cancer patients at low risk of serious complications, who may be "
    "candidates for oral or outpatient antibiotics. Higher scores are lower risk.",
    example={"burden_of_illness": "none_or_mild", "systolic_bp": 118, "active_copd": False,
             "cancer_type": "solid_tumor", "dehydration_requiring_iv_fluids": False, "outpatient": True, "age": 52},
)
def mascc(x: MASCCInputs, w: Working) -> int:
    total = sum_points(w, (
        category(w, "burden of illness", x.burden_of_illness, BURDEN),
        threshold(w, "no hypotension (SBP ≥ 90)", f"SBP {fmt(x.systolic_bp)}", x.systolic_bp, "≥", 90, 5),
        finding(w, "no active COPD", not x.active_copd, 4, texts=("no COPD", "active COPD")),
        category(w, "type of cancer", x.cancer_type, CANCER),
        finding(w, "no dehydration needing IV fluids", not x.dehydration_requiring_iv_fluids, 3,
                texts=("not dehydrated", "dehydrated")),
        finding(w, "outpatient at fever onset", x.outpatient, 3, texts=("outpatient", "inpatient")),
        threshold(w, "age < 60", f"age {fmt(x.age)}", x.age, "<", 60, 2),
    ))
    w.interpretation = (f"{total} ≥ 21: low risk of serious complications; consider oral and/or outpatient empirical "
                        "antibiotics after discussion with oncology" if total >= 21 else
                        f"{total} < 21: high risk of serious complications; admit for intravenous empirical antibiotics")
    return total
