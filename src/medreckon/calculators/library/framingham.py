"""Framingham 10-year risk of hard coronary heart disease (ATP III, 2001), the Cox-model equations."""

from __future__ import annotations

import math

from pydantic import Field

from ..defined import baseline_power
from ..fields import Cholesterol, Finding, Inputs, Sex, q
from ..spec import MedCalcBench, Output, Reference, Working, calculator, fmt

# ATP III / Framingham hard-CHD model (MI or coronary death), per sex: coefficients, baseline
# 10-year survival, and the age above which the age × smoker term stops growing.
MALE = dict(ln_age=52.00961, ln_tc=20.014077, ln_hdl=-0.905964, ln_sbp=1.305784, treated=0.241549,
            smoker=12.096316, age_tc=-4.605038, age_smoker=-2.84367, age_age=-2.93323, constant=-172.300168,
            baseline=0.9402, smoker_age_cap=70.0)
FEMALE = dict(ln_age=31.764001, ln_tc=22.465206, ln_hdl=-1.187731, ln_sbp=2.552905, treated=0.420251,
              smoker=13.07543, age_tc=-5.060998, age_smoker=-2.996945, age_age=0.0, constant=-146.5933061,
              baseline=0.98767, smoker_age_cap=78.0)


# the model takes logarithms: an age or a systolic pressure of 0 has none
PositiveAge = q("yr", gt=0, le=130, plausible=(0, 120), units=("yr", "mo", "wk", "d"))
PositiveSystolic = q("mmHg", gt=0, lt=400, plausible=(20, 300), units=("mmHg", "kPa"))

class FraminghamInputs(Inputs):
    age: PositiveAge = Field(description="Age in years; the model covers ages 20-79 (MDCalc: use at 30-74).")
    sex: Sex = Field(description="Sex: the model has separate male and female equations.")
    smoker: bool = Finding("Current cigarette smoker (any cigarettes in the past month).")
    total_cholesterol: Cholesterol = Field(
        description="Total cholesterol, mg/dL by default. A value in mmol/L must carry its unit "
        "('5.2 mmol/L'); the equation's logarithms are of mg/dL values."
    )
    hdl: Cholesterol = Field(
        description="HDL cholesterol, mg/dL by default. A value in mmol/L must carry its unit ('1.1 mmol/L')."
    )
    systolic_bp: PositiveSystolic = Field(description="Systolic blood pressure in mmHg.")
    bp_treated: bool = Finding(
        "Blood pressure currently treated with antihypertensive medication.",
    )


@calculator(
    id="framingham-hard-chd",
    name="Framingham Risk Score for Hard Coronary Heart Disease",
    aliases=("framingham-risk-score", "framingham-chd", "framingham-hard-chd-risk", "atp-iii-risk"),
    kind="equation",
    specialty="cardiology",
    output=Output("%", "decimal", 1, range=(0, 100)),
    inputs=FraminghamInputs,
    references=(
        Reference(
            "National Cholesterol Education Program (NCEP) Expert Panel. Executive Summary of the Third "
            "Report of the NCEP Expert Panel on Detection, Evaluation, and Treatment of High Blood "
            "Cholesterol in Adults (Adult Treatment Panel III). JAMA. 2001;285(19):2486-2497.",
            "https://doi.org/10.1001/jama.285.19.2486",
        ),
        Reference(
            "Wilson PWF, D'Agostino RB, Levy D, et al. Prediction of coronary heart disease using risk factor "
            "categories. Circulation. 1998;97(18):1837-1847.",
            "https://doi.org/10.1161/01.CIR.97.18.1837",
        ),
        Reference("MDCalc. Framingham Risk Score for Hard Coronary Heart Disease.",
                  "https://www.mdcalc.com/calc/38/framingham-risk-score-hard-coronary-heart-disease"),
    ),
    formula="Men: L = 52.00961 ln(age) + 20.014077 ln(TC) − 0.905964 ln(HDL) + 1.305784 ln(SBP) + "
    "0.241549 BPtreated + 12.096316 smoker − 4.605038 ln(age) ln(TC) − 2.84367 ln(age_s) smoker − "
    "2.93323 ln(age)² − 172.300168; risk = 1 − 0.9402^exp(L). "
    "Women: L = 31.764001 ln(age) + 22.465206 ln(TC) − 1.187731 ln(HDL) + 2.552905 ln(SBP) + "
    "0.420251 BPtreated + 13.07543 smoker − 5.060998 ln(age) ln(TC) − 2.996945 ln(age_s) smoker − "
    "146.5933061; risk = 1 − 0.98767^exp(L). TC, HDL in mg/dL; SBP in mmHg; age_s = min(age, 70) for "
    "men and min(age, 78) for women. Risk × 100 = 10-year risk in %.",
    description="10-year risk of myocardial infarction or coronary death ('hard' CHD) for adults without "
    "known coronary disease or diabetes, by the Framingham equations behind the NCEP ATP III risk tables.",
    medcalc_bench=MedCalcBench(
        46,
        {"age": "age", "sex": "sex", "Smoker": "smoker", "Total cholesterol": "total_cholesterol",
         "high-density lipoprotein cholesterol": "hdl", "Systolic Blood Pressure": "systolic_bp",
         "Blood pressure being treated with medicines": "bp_treated"},
    ),
    example={
        "age": 58, "sex": "male", "smoker": False, "total_cholesterol": 213, "hdl": 44, "systolic_bp": 138,
        "bp_treated": True,
    },
)
def framingham_hard_chd(x: FraminghamInputs, w: Working) -> float:
    c = MALE if x.sex == "male" else FEMALE
    ln_age = w.step("ln(age)", f"ln({fmt(x.age)})", math.log(x.age))
    ln_tc = w.step("ln(total cholesterol)", f"ln({fmt(x.total_cholesterol)})", math.log(x.total_cholesterol))
    ln_hdl = w.step("ln(HDL)", f"ln({fmt(x.hdl)})", math.log(x.hdl))
    ln_sbp = w.step("ln(systolic BP)", f"ln({fmt(x.systolic_bp)})", math.log(x.systolic_bp))
    smoker, treated = int(x.smoker), int(x.bp_treated)
    age_s = min(x.age, c["smoker_age_cap"])
    ln_age_s = w.step(f"ln(age for the smoking term, capped at {fmt(c['smoker_age_cap'])})",
                      f"ln(min({fmt(x.age)}, {fmt(c['smoker_age_cap'])}))", math.log(age_s))
    terms = (
        (c["ln_age"], fmt(ln_age, 4)), (c["ln_tc"], fmt(ln_tc, 4)), (c["ln_hdl"], fmt(ln_hdl, 4)),
        (c["ln_sbp"], fmt(ln_sbp, 4)), (c["treated"], str(treated)), (c["smoker"], str(smoker)),
        (c["age_tc"], f"{fmt(ln_age, 4)} × {fmt(ln_tc, 4)}"), (c["age_smoker"], f"{fmt(ln_age_s, 4)} × {smoker}"),
        (c["age_age"], f"{fmt(ln_age, 4)}²"),
    )
    lp = w.step(
        "linear predictor L",
        " ".join(f"{'−' if k < 0 else '+'} {abs(k)} × {v}" for k, v in terms if k).lstrip("+ ")
        + f" − {abs(c['constant'])}",
        c["ln_age"] * ln_age + c["ln_tc"] * ln_tc + c["ln_hdl"] * ln_hdl + c["ln_sbp"] * ln_sbp
        + c["treated"] * treated + c["smoker"] * smoker + c["age_tc"] * ln_age * ln_tc
        + c["age_smoker"] * ln_age_s * smoker + c["age_age"] * ln_age * ln_age + c["constant"],
    )
    risk = w.step(
        "10-year risk of hard CHD",
        f"(1 − {c['baseline']}^exp({fmt(lp, 4)})) × 100",
        (1 - baseline_power(c["baseline"], lp)) * 100,
        "%",
    )
    if not 20 <= x.age <= 79:
        w.warn("age outside 20-79 years, the range of the Framingham/ATP III model", "age")
    w.interpretation = atp3_risk_category(risk)
    return risk


def atp3_risk_category(risk_percent: float) -> str:
    """ATP III 10-year hard-CHD risk categories: < 10%, 10-20%, > 20%."""
    if risk_percent < 10:
        return "< 10%: lower risk (ATP III)"
    if risk_percent <= 20:
        return "10-20%: intermediate risk (ATP III)"
    return "> 20%: high risk, a coronary heart disease risk equivalent (ATP III)"
