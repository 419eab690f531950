"""McMahon score: risk of renal replacement therapy or death in rhabdomyolysis (McMahon 2013)."""

from __future__ import annotations

from pydantic import Field

from ..fields import Age, Bicarbonate, Calcium, Creatinine, Enzyme, Inputs, Sex, q
from ..points import cut_offs, finding, sum_points, threshold
from ..spec import Output, Reference, Working, calculator, fmt

Phosphate = q("mg/dL", analyte="phosphate", gt=0, plausible=(0.5, 20), units=("mg/dL", "mmol/L"))
NOT_LOW_RISK = 6.0  # points: ≥ 6 not low risk; consider renal protective therapy


class McMahonInputs(Inputs):
    age: Age = Field(description="Age in years: 50-70 1.5, 71-80 2.5, > 80 3.")
    sex: Sex = Field(description="Sex; female scores 1.")
    creatinine: Creatinine = Field(description="Initial creatinine, mg/dL by default: 1.4-2.2 1.5, > 2.2 3.")
    calcium: Calcium = Field(description="Initial total calcium, mg/dL by default (mmol/L with its unit): < 7.5 "
                             "scores 2.")
    ck: Enzyme = Field(description="Initial creatine kinase (CK, CPK), U/L: > 40,000 scores 2.")
    benign_cause: bool = Field(description="The rhabdomyolysis follows seizures, syncope, exercise, statins or "
                               "myositis (0 points); any other cause scores 3.")
    phosphate: Phosphate = Field(description="Initial phosphate, mg/dL by default (mmol/L with its unit): 4.0-5.4 "
                                 "1.5, > 5.4 3.")
    bicarbonate: Bicarbonate = Field(description="Initial bicarbonate, mEq/L: < 19 scores 2.")


@calculator(
    id="mcmahon-rhabdomyolysis",
    name="McMahon Score for Rhabdomyolysis",
    aliases=("mcmahon", "mcmahon-score", "rhabdomyolysis-risk-score"),
    kind="score",
    specialty="nephrology",
    output=Output("points", "decimal", 1, range=(0, 20.5)),
    inputs=McMahonInputs,
    references=(
        Reference("McMahon GM, Zeng X, Waikar SS. A risk prediction score for kidney failure or mortality in "
                  "rhabdomyolysis. JAMA Intern Med. 2013;173(19):1821-1828.",
                  "https://doi.org/10.1001/jamainternmed.2013.9774"),
        Reference("MDCalc: McMahon Score for Rhabdomyolysis.", "https://www.mdcalc.com/calc/10158/mcmahon-score-rhabdomyolysis"),
    ),
    formula="Age 50-70 1.5, 71-80 2.5, > 80 3; female 1; creatinine 1.4-2.2 mg/dL 1.5, > 2.2 3; calcium < 7.5 mg/dL "
    "2; CK > 40,000 U/L 2; cause other than seizures, syncope, exercise, statins or myositis 3; phosphate 4.0-5.4 "
    "mg/dL 1.5, > 5.4 3; bicarbonate < 19 mEq/L 2. < 6 low risk; ≥ 6 consider renal protective therapy",
    description="Risk of kidney replacement therapy or in-hospital death in rhabdomyolysis (CK > 5000 U/L); a score "
    "below 6 was low risk (about 3%).",
    example={"age": 62, "sex": "male", "creatinine": 2.3, "calcium": 8.6, "ck": 8500, "benign_cause": True,
             "phosphate": 5.8, "bicarbonate": 18},
)
def mcmahon(x: McMahonInputs, w: Working) -> float:
    total = sum_points(w, (
        cut_offs(w, "age", f"age {fmt(x.age)}", x.age, ((80, 3.0, True), (70, 2.5, True), (50, 1.5), (None, 0.0))),
        w.step("female", x.sex, 1.0 if x.sex == "female" else 0.0, "points"),
        cut_offs(w, "creatinine", f"creatinine {fmt(x.creatinine, 2)}", round(x.creatinine, 6),
                 ((2.2, 3.0, True), (1.4, 1.5), (None, 0.0))),
        threshold(w, "calcium < 7.5 mg/dL", f"calcium {fmt(x.calcium, 2)}", round(x.calcium, 6), "<", 7.5, 2.0),
        threshold(w, "CK > 40,000 U/L", f"CK {fmt(x.ck)}", x.ck, ">", 40000, 2.0),
        finding(w, "cause other than seizures, syncope, exercise, statins or myositis", not x.benign_cause, 3.0),
        cut_offs(w, "phosphate", f"phosphate {fmt(x.phosphate, 2)}", round(x.phosphate, 6),
                 ((5.4, 3.0, True), (4.0, 1.5), (None, 0.0))),
        threshold(w, "bicarbonate < 19 mEq/L", f"HCO3- {fmt(x.bicarbonate)}", round(x.bicarbonate, 6), "<", 19, 2.0),
    ))
    w.interpretation = ("not low risk (≥ 6): consider renal protective therapy" if total >= NOT_LOW_RISK else
                        "low risk (< 6) of kidney replacement therapy or death")
    return total
