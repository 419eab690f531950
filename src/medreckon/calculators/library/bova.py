"""Bova score for complications of normotensive pulmonary embolism (Bova 2014)."""

from __future__ import annotations

from pydantic import Field

from ..fields import BloodPressure, Finding, HeartRate, Inputs
from ..points import finding, sum_points, threshold
from ..rules import Relation
from ..spec import Output, Reference, Secondary, Working, calculator, fmt, invalid

# (highest total, stage, 30-day PE-related complications %, PE-related mortality %)
STAGES = ((2, "Stage I", 4.4, 3.1), (4, "Stage II", 18.0, 6.8), (7, "Stage III", 42.0, 10.0))
SHOCK_SBP = 90.0  # mm Hg: below it the PE is high risk, outside the score


class BovaInputs(Inputs):
    systolic_bp: BloodPressure = Field(description="Systolic blood pressure, mm Hg; 90-100 scores 2. The score is for "
                                       "normotensive PE (SBP ≥ 90).")
    elevated_troponin: bool = Finding("Cardiac troponin above the laboratory's upper limit.")
    rv_dysfunction: bool = Finding("Right ventricular dysfunction on echocardiography or CT (RV/LV ratio > 0.9 or RV "
                                   "dilatation or hypokinesis).")
    heart_rate: HeartRate = Field(description="Heart rate, beats/min; 1 point at 110 or more.")

    rules = (Relation(("systolic_bp",), "systolic_bp at least 90 mm Hg in any unit (the score is for normotensive pulmonary embolism)"),)


@calculator(
    id="bova",
    name="Bova Score for Pulmonary Embolism Complications",
    aliases=("bova-score", "bova-pe"),
    kind="score",
    specialty="pulmonology",
    output=Output("points", "integer", 0, range=(0, 7), secondary=(
        Secondary("stage", "Stage I (0-2 points), Stage II (3-4) or Stage III (> 4)", None, "text"),
        Secondary("complications", "30-day PE-related complications (death, haemodynamic collapse, recurrent PE)", "%",
                  "decimal", 1),
        Secondary("mortality", "30-day PE-related mortality", "%", "decimal", 1),
    )),
    inputs=BovaInputs,
    references=(
        Reference("Bova C, Sanchez O, Prandoni P, et al. Identification of intermediate-risk patients with acute "
                  "symptomatic pulmonary embolism. Eur Respir J. 2014;44(3):694-703.",
                  "https://doi.org/10.1183/09031936.00006114"),
        Reference("MDCalc: Bova Score for Pulmonary Embolism Complications.",
                  "https://www.mdcalc.com/calc/3916/bova-score-pulmonary-embolism-complications"),
    ),
    formula="Systolic BP 90-100 mm Hg 2; elevated cardiac troponin 2; RV dysfunction 2; heart rate ≥ 110 1. Stage I "
    "0-2 (complications 4.4%, PE mortality 3.1%), II 3-4 (18%, 6.8%), III > 4 (42%, 10%)",
    description="30-day risk of PE-related complications in normotensive patients with acute pulmonary embolism; it "
    "does not apply to shock (SBP < 90 mm Hg: high-risk PE).",
    example={"systolic_bp": 96, "elevated_troponin": True, "rv_dysfunction": True, "heart_rate": 112},
)
def bova(x: BovaInputs, w: Working) -> int:
    sbp = round(x.systolic_bp, 6)
    if sbp < SHOCK_SBP:
        raise invalid("systolic_bp", x.systolic_bp, "a systolic BP of 90 mm Hg or more: the Bova score is for "
                      "normotensive pulmonary embolism", "below 90 the PE is high risk (shock)")
    total = sum_points(w, (
        w.step("systolic BP 90-100 mm Hg", f"SBP {fmt(sbp)}", 2 if sbp <= 100 else 0, "points"),
        finding(w, "elevated cardiac troponin", x.elevated_troponin, 2),
        finding(w, "RV dysfunction", x.rv_dysfunction, 2),
        threshold(w, "heart rate ≥ 110", f"HR {fmt(x.heart_rate)}", round(x.heart_rate, 6), "≥", 110),
    ))
    _, stage, complications, mortality = next(s for s in STAGES if total <= s[0])
    w.output("stage", stage)
    w.output("complications", complications)
    w.output("mortality", mortality)
    w.interpretation = (f"{stage}: {fmt(complications, 1)}% 30-day PE-related complications, {fmt(mortality, 1)}% "
                        "PE-related mortality")
    return total
