"""CURB-65 severity score for community-acquired pneumonia (Lim 2003)."""

from __future__ import annotations

from pydantic import Field

from ..fields import BUN, Age, BloodPressure, Finding, Inputs, RespiratoryRate
from ..points import compared, finding, sum_points, threshold
from ..rounding import round_half_away
from ..spec import MedCalcBench, Output, Reference, Working, calculator, fmt


class CURB65Inputs(Inputs):
    confusion: bool = Finding(
        "New confusion: new disorientation in person, place or time, or an abbreviated mental test "
        "score ≤ 8. Chronic stable cognitive impairment is not it.",
    )
    bun: BUN = Field(
        description="Blood urea nitrogen, mg/dL by default. A serum urea in mmol/L must carry its unit "
        "('7.5 mmol/L'; 1 mmol/L urea = 2.8 mg/dL BUN). Scores when BUN > 19 mg/dL (urea > 7 mmol/L)."
    )
    respiratory_rate: RespiratoryRate = Field(description="Respiratory rate in breaths per minute; scores when ≥ 30.")
    systolic_bp: BloodPressure = Field(description="Systolic blood pressure in mmHg; scores when < 90.")
    diastolic_bp: BloodPressure = Field(description="Diastolic blood pressure in mmHg; scores when ≤ 60.")
    age: Age = Field(description="Age in years; scores when ≥ 65.")


@calculator(
    id="curb-65",
    name="CURB-65 Score for Pneumonia Severity",
    aliases=("curb65", "curb"),
    kind="score",
    specialty="pulmonology",
    output=Output("points", "integer", 0, range=(0, 5)),
    inputs=CURB65Inputs,
    references=(
        Reference("Lim WS, van der Eerden MM, Laing R, et al. Defining community acquired pneumonia severity "
                  "on presentation to hospital: an international derivation and validation study. Thorax. "
                  "2003;58(5):377-382.", "https://doi.org/10.1136/thorax.58.5.377"),
        Reference("Lim WS, Baudouin SV, George RC, et al. BTS guidelines for the management of community "
                  "acquired pneumonia in adults: update 2009. Thorax. 2009;64 Suppl 3:iii1-55.",
                  "https://doi.org/10.1136/thx.2009.121434"),
        Reference("MDCalc. CURB-65 Score for Pneumonia Severity.",
                  "https://www.mdcalc.com/calc/324/curb-65-score-pneumonia-severity"),
    ),
    formula=(
        "1 point each: Confusion; BUN > 19 mg/dL (urea > 7 mmol/L); Respiratory rate ≥ 30/min; "
        "Blood pressure systolic < 90 mmHg or diastolic ≤ 60 mmHg; age ≥ 65 years. Total 0-5."
    ),
    description="Severity of community-acquired pneumonia and 30-day mortality risk, used to choose "
    "outpatient, inpatient or intensive care. BUN is compared in mg/dL (> 19), MDCalc's statement of "
    "the urea > 7 mmol/L criterion.",
    medcalc_bench=MedCalcBench(
        45,
        {
            "Confusion": "confusion",
            "Blood Urea Nitrogen (BUN)": "bun",
            "respiratory rate": "respiratory_rate",
            "Systolic Blood Pressure": "systolic_bp",
            "Diastolic Blood Pressure": "diastolic_bp",
            "age": "age",
        },
    ),
    example={
        "confusion": False, "bun": "9.3 mmol/L", "respiratory_rate": 24, "systolic_bp": 128, "diastolic_bp": 74,
        "age": 71,
    },
)
def curb65(x: CURB65Inputs, w: Working) -> int:
    c = finding(w, "confusion", x.confusion)
    bun = round_half_away(x.bun, 2)  # at 0.01 mg/dL: conversion noise cannot cross 19
    u = threshold(w, "BUN > 19 mg/dL", f"BUN {fmt(bun, 2)} mg/dL", bun, ">", 19)
    r = threshold(w, "respiratory rate ≥ 30", f"{fmt(x.respiratory_rate)}/min", x.respiratory_rate, "≥", 30)
    sbp, dbp = round_half_away(x.systolic_bp, 2), round_half_away(x.diastolic_bp, 2)
    low_sbp, sbp_text = compared(f"SBP {fmt(sbp)}", sbp, "<", 90, " mmHg")
    low_dbp, dbp_text = compared(f"DBP {fmt(dbp)}", dbp, "≤", 60, " mmHg")
    b = w.step("SBP < 90 or DBP ≤ 60", f"{sbp_text}, {dbp_text}", int(low_sbp or low_dbp), "points")
    a = threshold(w, "age ≥ 65", f"age {fmt(x.age)}", x.age, "≥", 65)
    total = sum_points(w, (c, u, r, b, a))
    w.interpretation = _interpretation(total)
    return total


def _interpretation(total: int) -> str:
    """Severity groups and site of care (Lim 2003; BTS 2009)."""
    if total <= 1:
        return "low severity (0-1): low risk of death; consider home treatment"
    if total == 2:
        return "moderate severity (2): consider a short inpatient stay or hospital-supervised outpatient treatment"
    return ("high severity (3-5): manage in hospital as severe pneumonia; assess for intensive care, "
            "especially with a score of 4-5")
