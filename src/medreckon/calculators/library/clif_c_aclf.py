"""CLIF-C ACLF score for acute-on-chronic liver failure (Jalan 2014), with its CLIF-C organ failure score."""

from __future__ import annotations

import math
from typing import Annotated

from pydantic import Field

from ..fields import INR, Age, Bilirubin, BloodPressure, Creatinine, Finding, FiO2, Inputs, PaO2, q
from ..points import cut_offs, sum_points
from ..rules import AtLeastOne
from ..spec import Output, Reference, Secondary, Working, calculator, fmt
from .perc import OxygenSaturation

PositiveWhiteCells = q("10^9/L", gt=0, plausible=(0.05, 500), units=("10^9/L", "10^3/uL", "/uL"))  # ln(WBC)


class CLIFCInputs(Inputs):
    age: Age = Field(description="Age in years.")
    wbc: PositiveWhiteCells = Field(description="White blood cell count, ×10⁹/L (= ×10³/µL) by default; cells/µL with "
                                    "its unit ('17200 /uL').")
    bilirubin: Bilirubin = Field(description="Total bilirubin, mg/dL by default (µmol/L with its unit): < 6 scores 1, "
                                 "6-< 12 scores 2, ≥ 12 scores 3.")
    creatinine: Creatinine = Field(description="Serum creatinine, mg/dL by default (µmol/L with its unit): < 2 scores "
                                   "1, 2-< 3.5 scores 2, ≥ 3.5 (or renal replacement therapy) scores 3.")
    renal_replacement_therapy: bool = Finding("On renal replacement therapy (kidney scores 3).")
    hepatic_encephalopathy_grade: Annotated[int, Field(ge=0, le=4)] = Field(
        description="West Haven grade of hepatic encephalopathy 0-4: 0 scores 1, 1-2 score 2, 3-4 score 3.")
    inr: INR = Field(description="INR: < 2.0 scores 1, 2.0-< 2.5 scores 2, ≥ 2.5 scores 3.")
    mean_arterial_pressure: BloodPressure = Field(description="Mean arterial pressure, mmHg: ≥ 70 scores 1, < 70 "
                                                  "scores 2 (vasopressors: 3).")
    vasopressors: bool = Finding("On vasopressors (or terlipressin) for circulatory failure (circulation scores 3).")
    fio2: FiO2 = Field(description="Fraction of inspired oxygen, % (21 on room air) or a fraction with its unit "
                       "('0.6 fraction').")
    pao2: PaO2 | None = Field(None, description="Arterial PaO2, mmHg (kPa with its unit); used with FiO2 when given.")
    spo2: OxygenSaturation | None = Field(None, description="SpO2, %; used (SpO2/FiO2) only when no PaO2 is given.")

    rules = (AtLeastOne(("pao2", "spo2"), "pao2", "a PaO2 or an SpO2 to score the respiratory system",
                        "give pao2 in mmHg, or spo2 in %"),)


def _respiratory(x: CLIFCInputs, w: Working) -> int:
    if x.pao2 is not None:
        pf = w.step("PaO2/FiO2", lambda: f"{fmt(x.pao2)} / {fmt(x.fio2 / 100)}", x.pao2 / (x.fio2 / 100), "mmHg")
        return cut_offs(w, "respiration", f"PaO2/FiO2 {fmt(pf, 0)}", round(pf, 9), ((300, 1, True), (200, 2, True),
                                                                                   (None, 3)))
    sf = w.step("SpO2/FiO2", lambda: f"{fmt(x.spo2)} / {fmt(x.fio2 / 100)}", x.spo2 / (x.fio2 / 100))
    return cut_offs(w, "respiration", f"SpO2/FiO2 {fmt(sf, 0)}", round(sf, 9), ((357, 1, True), (214, 2, True),
                                                                               (None, 3)))


@calculator(
    id="clif-c-aclf",
    name="CLIF-C ACLF (Acute-on-Chronic Liver Failure)",
    aliases=("clif-c-aclf-score", "clif-aclf"),
    kind="equation",
    specialty="hepatology",
    # a continuous formula shown to the whole point: (20, 90) is its usual span, not a bound (a
    # young patient with few white cells scores below 20, an old one with many above 90)
    output=Output("points", "decimal", 0, range=(20, 90), secondary=(
        Secondary("clif_c_of_score", "CLIF-C organ failure score: 6 organ systems scored 1-3 (6-18)", "points",
                  "integer"),
    )),
    inputs=CLIFCInputs,
    references=(
        Reference("Jalan R, Saliba F, Pavesi M, et al. Development and validation of a prognostic score to predict "
                  "mortality in patients with acute-on-chronic liver failure. J Hepatol. 2014;61(5):1038-1047.",
                  "https://doi.org/10.1016/j.jhep.2014.06.012"),
        Reference("MDCalc. CLIF-C ACLF (Acute-on-Chronic Liver Failure).",
                  "https://www.mdcalc.com/calc/10049/clif-c-aclf-acute-chronic-liver-failure"),
    ),
    formula="CLIF-C OF (6-18) = liver (bilirubin < 6: 1, 6-< 12: 2, ≥ 12 mg/dL: 3) + kidney (creatinine < 2: 1, "
    "2-< 3.5: 2, ≥ 3.5 mg/dL or RRT: 3) + brain (West Haven 0: 1, 1-2: 2, 3-4: 3) + coagulation (INR < 2.0: 1, "
    "2.0-< 2.5: 2, ≥ 2.5: 3) + circulation (MAP ≥ 70: 1, < 70: 2, vasopressors: 3) + respiration (PaO2/FiO2 > 300 "
    "or SpO2/FiO2 > 357: 1; > 200 or > 214: 2; ≤ 200 or ≤ 214: 3). CLIF-C ACLF = 10 × (0.33 × CLIF-C OF + 0.04 × "
    "age + 0.63 × ln(WBC ×10⁹/L) − 2).",
    description="Prognostic score for patients with acute-on-chronic liver failure, combining the CLIF-C organ "
    "failure score with age and white cell count; higher scores mean higher 28-day to 1-year mortality. The "
    "mortality probabilities MDCalc shows come from EF-CLIF's online model and are not returned here.",
    example={"age": 52, "wbc": 17.2, "bilirubin": 22, "creatinine": 1.8, "renal_replacement_therapy": False,
             "hepatic_encephalopathy_grade": 2, "inr": 1.9, "mean_arterial_pressure": 82, "vasopressors": False,
             "fio2": 21, "pao2": 70},
)
def clif_c_aclf(x: CLIFCInputs, w: Working) -> int:
    kidney = (w.step("kidney", "renal replacement therapy", 3, "points") if x.renal_replacement_therapy else
              cut_offs(w, "kidney", f"creatinine {fmt(x.creatinine)}", x.creatinine, ((3.5, 3), (2, 2), (None, 1))))
    circulation = (w.step("circulation", "vasopressors", 3, "points") if x.vasopressors else
                   cut_offs(w, "circulation", f"MAP {fmt(x.mean_arterial_pressure)}", x.mean_arterial_pressure,
                            ((70, 1), (None, 2))))
    of_score = w.output("clif_c_of_score", sum_points(w, (
        cut_offs(w, "liver", f"bilirubin {fmt(x.bilirubin)}", x.bilirubin, ((12, 3), (6, 2), (None, 1))),
        kidney,
        cut_offs(w, "brain", f"West Haven grade {x.hepatic_encephalopathy_grade}", x.hepatic_encephalopathy_grade,
                 ((3, 3), (1, 2), (None, 1))),
        cut_offs(w, "coagulation", f"INR {fmt(x.inr)}", x.inr, ((2.5, 3), (2.0, 2), (None, 1))),
        circulation,
        _respiratory(x, w),
    ), what="CLIF-C OF score"))
    raw = w.step("CLIF-C ACLF", lambda: f"10 × (0.33 × {of_score} + 0.04 × {fmt(x.age)} + 0.63 × ln({fmt(x.wbc)}) − 2)",
                 10 * (0.33 * of_score + 0.04 * x.age + 0.63 * math.log(x.wbc) - 2), "points")
    w.interpretation = (f"CLIF-C ACLF {fmt(raw, 0)} (organ failure score {of_score}): the higher the score, the higher "
                        "the 28-day to 1-year mortality")
    return raw
