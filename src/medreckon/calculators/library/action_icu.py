"""ACTION ICU score: risk that an initially stable NSTEMI needs intensive care (Fanaroff 2018)."""

from __future__ import annotations

from pydantic import Field

from ..fields import Age, BloodPressure, Creatinine, Finding, HeartRate, Inputs, q
from ..points import cut_offs, finding, sum_points, threshold
from ..rounding import round_half_away
from ..spec import Output, Reference, Secondary, Working, calculator, fmt

Troponin = q("ng/L", ge=0, plausible=(0, 1_000_000), units=("ng/L", "ng/mL", "ug/L", "pg/mL"))
UpperLimit = q("ng/L", gt=0, plausible=(1, 1000), units=("ng/L", "ng/mL", "ug/L", "pg/mL"))
# observed risk (%) of a complication needing ICU care by score (Fanaroff 2018; ≤ 1 pooled, > 14 not given)
RISK = {1: 3.4, 2: 4.9, 3: 5.5, 4: 6.9, 5: 9.3, 6: 12.0, 7: 14.6, 8: 17.4, 9: 20.8, 10: 23.3, 11: 27.7, 12: 31.0,
        13: 31.5, 14: 39.3}


class ACTIONICUInputs(Inputs):
    age: Age = Field(description="Age in years; ≥ 70 scores 1.")
    creatinine: Creatinine = Field(description="Serum creatinine, mg/dL by default ('97 umol/L' with its unit); ≥ 1.1 "
                                   "mg/dL scores 1.")
    heart_rate: HeartRate = Field(description="Heart rate on arrival, /min: < 85 0, 85-99 1, ≥ 100 3.")
    systolic_bp: BloodPressure = Field(description="Systolic blood pressure on arrival, mm Hg: ≥ 145 0, 125-144 1, "
                                       "< 125 3.")
    initial_troponin: Troponin = Field(description="Initial troponin, in any concentration unit ('0.46 ng/mL', "
                                       "'146 ng/L'); given with its assay's upper reference limit.")
    troponin_upper_limit: UpperLimit = Field(description="The troponin assay's upper reference limit (99th percentile), "
                                           "in any concentration unit. The ratio initial / limit ≥ 12 scores 2.")
    heart_failure: bool = Finding("Signs or symptoms of heart failure on presentation: 5 points.")
    st_depression: bool = Finding("ST-segment depression on the presenting ECG: 1 point.")
    prior_revascularization: bool = Finding("Prior coronary revascularisation (PCI or CABG). Its absence scores 1.")
    chronic_lung_disease: bool = Finding("Chronic lung disease: 2 points.")


@calculator(
    id="action-icu",
    name="ACTION ICU Score for Intensive Care in NSTEMI",
    aliases=("action-icu-score",),
    kind="score",
    specialty="cardiology",
    output=Output("points", "integer", 0, range=(0, 19), secondary=(
        Secondary("icu_risk", "observed risk of a complication needing ICU care (cardiac arrest, shock, high-grade AV "
                  "block, respiratory failure, stroke or death in hospital); not given above 14 points", "%",
                  "decimal", 1),)),
    inputs=ACTIONICUInputs,
    references=(
        Reference("Fanaroff AC, Chen AY, Thomas LE, et al. Risk Score to Predict Need for Intensive Care in Initially "
                  "Hemodynamically Stable Adults With Non-ST-Segment-Elevation Myocardial Infarction. J Am Heart "
                  "Assoc. 2018;7(11):e008894."),
        Reference("MDCalc. ACTION ICU Score for Intensive Care in NSTEMI."),
    ),
    formula="Age ≥ 70 1; creatinine ≥ 1.1 mg/dL 1; heart rate < 85 0, 85-99 1, ≥ 100 3; SBP ≥ 145 0, 125-144 1, < 125 "
    "3; initial troponin ≥ 12 × upper limit 2; heart failure signs or symptoms 5; ST depression 1; no prior "
    "revascularisation 1; chronic lung disease 2. Risk by score: ≤ 1 3.4%, 2 4.9%, 3 5.5%, 4 6.9%, 5 9.3%, 6 12%, "
    "7 14.6%, 8 17.4%, 9 20.8%, 10 23.3%, 11 27.7%, 12 31%, 13 31.5%, 14 39.3%, > 14 > 39.3%.",
    description="Risk that a haemodynamically stable patient with NSTEMI (no shock or cardiac arrest) develops a "
    "complication needing ICU-level care, to guide ICU versus ward admission. Derived in patients ≥ 65 years; not "
    "prospectively validated. MDCalc's bands overlap at 100/min and 145 mm Hg; read as ≥ 100 and ≥ 145.",
    example={"age": 54, "creatinine": 1.05, "heart_rate": 92, "systolic_bp": 128, "initial_troponin": "11 ng/L",
             "troponin_upper_limit": "19 ng/L"},
)
def action_icu(x: ACTIONICUInputs, w: Working) -> int:
    cr = round_half_away(x.creatinine, 2)
    ratio = w.step("troponin ratio", f"{fmt(x.initial_troponin)} / {fmt(x.troponin_upper_limit)} ng/L",
                   x.initial_troponin / x.troponin_upper_limit, "× upper limit")
    parts = (
        threshold(w, "age ≥ 70", f"age {fmt(x.age)}", x.age, "≥", 70),
        threshold(w, "creatinine ≥ 1.1 mg/dL", f"creatinine {fmt(cr, 2)}", cr, "≥", 1.1),
        cut_offs(w, "heart rate", f"HR {fmt(x.heart_rate)}", x.heart_rate, ((100, 3), (85, 1), (None, 0))),
        cut_offs(w, "systolic BP", f"SBP {fmt(x.systolic_bp)}", x.systolic_bp, ((145, 0), (125, 1), (None, 3))),
        threshold(w, "troponin ≥ 12 × upper limit", f"ratio {fmt(ratio, 2)}", round_half_away(ratio, 6), "≥", 12, 2),
        finding(w, "heart failure signs or symptoms", x.heart_failure, 5),
        finding(w, "ST depression", x.st_depression, 1),
        finding(w, "no prior revascularisation", not x.prior_revascularization, 1),
        finding(w, "chronic lung disease", x.chronic_lung_disease, 2),
    )
    total = sum_points(w, parts)
    risk = w.output("icu_risk", RISK[max(total, 1)] if total <= 14 else None)
    w.interpretation = (f"{risk}% risk of a complication needing ICU care" if risk is not None else
                        "> 39.3% risk of a complication needing ICU care (score > 14)")
    return total
