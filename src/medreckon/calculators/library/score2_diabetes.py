"""SCORE2-Diabetes: 10-year cardiovascular risk in type 2 diabetes in Europe (SCORE2-Diabetes Working
Group 2023)."""

from __future__ import annotations

import math

from pydantic import Field

from .. import units as u
from ..fields import Age, Cholesterol, Finding, Inputs, Sex, SystolicDivisor, choice, q
from ..rules import Is, Relation, RequiredWhen
from ..spec import Output, Reference, Secondary, Working, calculator, fmt, invalid

# Eur Heart J 2023, supplementary table: (coefficient, term) by sex; baseline 10-year survival last
COEFFICIENTS = {
    "male": dict(age=0.5368, smoking=0.4774, sbp=0.1322, diabetes=0.6457, tchol=0.1102, hdl=-0.1087,
                 smoking_age=-0.0672, sbp_age=-0.0268, diabetes_age=-0.0983, tchol_age=-0.0181, hdl_age=0.0095,
                 age_at_diagnosis=-0.0998, hba1c=0.0955, egfr=-0.0591, egfr2=0.0058, hba1c_age=-0.0134,
                 egfr_age=0.0115),
    "female": dict(age=0.6624, smoking=0.6139, sbp=0.1421, diabetes=0.8096, tchol=0.1127, hdl=-0.1568,
                   smoking_age=-0.1122, sbp_age=-0.0167, diabetes_age=-0.1272, tchol_age=-0.0200, hdl_age=0.0186,
                   age_at_diagnosis=-0.1180, hba1c=0.1173, egfr=-0.0640, egfr2=0.0062, hba1c_age=-0.0196,
                   egfr_age=0.0169),
}
BASELINE_SURVIVAL = {"male": 0.9605, "female": 0.9776}
# region- and sex-specific recalibration: (scale 1, scale 2)
SCALES = {
    "low": {"male": (-0.5699, 0.7476), "female": (-0.7380, 0.7019)},
    "moderate": {"male": (-0.1565, 0.8009), "female": (-0.3143, 0.7701)},
    "high": {"male": (0.3207, 0.9360), "female": (0.5710, 0.9369)},
    "very high": {"male": (0.5836, 0.8294), "female": (0.9412, 0.8329)},
}
CATEGORIES = ("Low to moderate risk", "High risk", "Very high risk")

EGFR = q("mL/min/1.73m^2", gt=0, lt=300, plausible=(5, 150), units=("mL/min/1.73m^2",))
HbA1c = q("mmol/mol", gt=0, lt=250, plausible=(20, 160), units=("mmol/mol", "%HbA1c"))


class SCORE2DiabetesInputs(Inputs):
    age: Age = Field(description="Age in years; the model is for 40-69 (SCORE2-OP applies from 70).")
    sex: Sex = Field(description="Sex: separate coefficients for men and women.")
    current_smoker: bool = Finding("Current smoker (former smokers are not).")
    systolic_bp: SystolicDivisor = Field(description="Systolic blood pressure, mmHg.")
    diabetes: bool = Field(description="Type 2 diabetes (the model is for people with it; false drops the "
                           "age-at-diagnosis term).")
    total_cholesterol: Cholesterol = Field(description="Total cholesterol, mg/dL by default (mmol/L with its unit).")
    hdl_cholesterol: Cholesterol = Field(description="HDL cholesterol, mg/dL by default (mmol/L with its unit).")
    age_at_diabetes_diagnosis: Age | None = Field(None, description="Age in years when diabetes was diagnosed.")
    hba1c: HbA1c = Field(description="HbA1c, IFCC mmol/mol by default; a DCCT/NGSP percentage must carry its unit "
                         "('7.6 %'), since 7.6 mmol/mol is not 7.6%.")
    egfr: EGFR = Field(description="Estimated GFR, mL/min/1.73 m² (CKD-EPI).")
    risk_region: choice(*SCALES) = Field(description="ESC cardiovascular risk region of the country: low (e.g. "
                                         "France, Spain, UK, Netherlands), moderate (e.g. Germany, Italy, Greece), "
                                         "high (e.g. Poland, Hungary, Turkey) or very high (e.g. Romania, Russia, "
                                         "Egypt).")

    rules = (RequiredWhen(("age_at_diabetes_diagnosis",), (Is("diabetes", True),),
                          "the age at diabetes diagnosis (years) when the patient has diabetes"),
             Relation(("age_at_diabetes_diagnosis", "age"), "age_at_diabetes_diagnosis is at most the age"))


@calculator(
    id="score2-diabetes",
    name="Systematic Coronary Risk Evaluation 2-Diabetes (SCORE2-Diabetes)",
    aliases=("Systematic Coronary Risk Evaluation 2-Diabetes (SCORE2-Diabetes)", "score2-dm"),
    kind="equation",
    specialty="cardiology",
    output=Output("%", "decimal", 1, range=(0, 100), secondary=(
        Secondary("risk_category", "ESC risk category for the age (< 50: 2.5% and 7.5%; 50-69: 5% and 10%)", None,
                  "text"),
    )),
    inputs=SCORE2DiabetesInputs,
    references=(
        Reference("SCORE2-Diabetes Working Group and the ESC Cardiovascular Risk Collaboration. SCORE2-Diabetes: "
                  "10-year cardiovascular risk estimation in type 2 diabetes in Europe. Eur Heart J. "
                  "2023;44(28):2544-2556 (supplementary methods: coefficients, baseline survival, recalibration "
                  "scales).", "https://doi.org/10.1093/eurheartj/ehad260"),
        Reference("Marx N, Federici M, Schütt K, et al. 2023 ESC Guidelines for the management of cardiovascular "
                  "disease in patients with diabetes. Eur Heart J. 2023;44(39):4043-4140.",
                  "https://doi.org/10.1093/eurheartj/ehad192"),
        Reference("MDCalc. Systematic Coronary Risk Evaluation 2-Diabetes (SCORE2-Diabetes).",
                  "https://www.mdcalc.com/calc/10510/systematic-coronary-risk-evaluation-2-diabetes-score2-diabetes"),
    ),
    formula="Terms: cage = (age − 60)/5; csbp = (SBP − 120)/20; ctchol = TC (mmol/L) − 6; chdl = (HDL − 1.3)/0.5; "
    "cagediab = diabetes × (age at diagnosis − 50)/5; ca1c = (HbA1c mmol/mol − 31)/9.34; cegfr = (ln eGFR − 4.5)/0.15. "
    "x = Σ β × term (main effects, cegfr², and age interactions with smoking, SBP, diabetes, TC, HDL, HbA1c, eGFR); "
    "uncalibrated risk = 1 − S0^exp(x) (S0 0.9605 men, 0.9776 women); calibrated risk = 1 − exp(−exp(scale1 + "
    "scale2 × ln(−ln(1 − risk)))) by risk region and sex.",
    description="10-year risk of fatal and non-fatal cardiovascular events in people with type 2 diabetes and no "
    "atherosclerotic disease or severe target-organ damage, aged 40-69, in four European risk regions.",
    example={"age": 56, "sex": "male", "current_smoker": True, "systolic_bp": 138, "diabetes": True,
             "total_cholesterol": 198, "hdl_cholesterol": 42, "age_at_diabetes_diagnosis": 44, "hba1c": 66, "egfr": 68,
             "risk_region": "high"},
)
def score2_diabetes(x: SCORE2DiabetesInputs, w: Working) -> float:
    if not 40 <= x.age < 70:
        w.warn(f"age {fmt(x.age)} is outside the 40-69 years the model was derived for (SCORE2-OP covers 70 and "
               "older)", "age", "convention")
    b = COEFFICIENTS[x.sex]
    tc = u.convert(x.total_cholesterol, "mg/dL", "mmol/L", "cholesterol")
    hdl = u.convert(x.hdl_cholesterol, "mg/dL", "mmol/L", "cholesterol")
    dm = int(x.diabetes)
    age_dx = x.age_at_diabetes_diagnosis if x.diabetes else 50.0
    if x.diabetes and age_dx > x.age:
        raise invalid("age_at_diabetes_diagnosis", age_dx, f"an age at diagnosis ≤ the current age {fmt(x.age)}",
                      "the two ages may be swapped")
    t = {"age": (x.age - 60) / 5, "smoking": float(x.current_smoker), "sbp": (x.systolic_bp - 120) / 20,
         "diabetes": float(dm), "tchol": tc - 6, "hdl": (hdl - 1.3) / 0.5, "age_at_diagnosis": dm * (age_dx - 50) / 5,
         "hba1c": (x.hba1c - 31) / 9.34, "egfr": (math.log(x.egfr) - 4.5) / 0.15}
    t["egfr2"] = t["egfr"] ** 2
    for name in ("smoking", "sbp", "diabetes", "tchol", "hdl", "hba1c", "egfr"):
        t[f"{name}_age"] = t[name] * t["age"]
    w.step("transformed terms", lambda: ", ".join(f"{k} {fmt(v)}" for k, v in t.items()), None)
    lp = w.step("linear predictor x", lambda: " + ".join(f"{fmt(b[k])} × {fmt(v)}" for k, v in t.items()),
                sum(b[k] * v for k, v in t.items()))
    s0 = BASELINE_SURVIVAL[x.sex]
    raw = w.step("uncalibrated 10-year risk", f"1 − {s0}^exp({fmt(lp)})", 1 - s0 ** math.exp(lp))
    s1, s2 = SCALES[x.risk_region][x.sex]
    risk = w.step(f"calibrated 10-year risk ({x.risk_region} risk region)",
                  f"100 × (1 − exp(−exp({s1} + {s2} × ln(−ln(1 − {fmt(raw, 4)})))))",
                  100 * (1 - math.exp(-math.exp(s1 + s2 * math.log(-math.log(1 - raw))))), "%")
    low, high = (2.5, 7.5) if x.age < 50 else (5.0, 10.0)
    category = w.output("risk_category", risk_category(x.age, risk))
    w.interpretation = {
        CATEGORIES[0]: f"low to moderate risk (< {fmt(low)}%): a risk-factor treatment plan is generally not needed",
        CATEGORIES[1]: f"high risk ({fmt(low)} to < {fmt(high)}%): consider blood pressure and LDL-cholesterol "
                       "treatment",
        CATEGORIES[2]: f"very high risk (≥ {fmt(high)}%): treat blood pressure and LDL cholesterol, and add an "
                       "SGLT2 inhibitor or GLP-1 receptor agonist if not already taken",
    }[category]
    return risk


def risk_category(age: float, risk: float) -> str:
    """ESC 2023 risk categories for SCORE2-Diabetes: cut-offs 2.5% and 7.5% under 50, 5% and 10% from 50."""
    low, high = (2.5, 7.5) if age < 50 else (5.0, 10.0)
    shown = round(risk, 6)
    return CATEGORIES[0] if shown < low else CATEGORIES[1] if shown < high else CATEGORIES[2]
