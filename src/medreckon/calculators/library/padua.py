"""Padua Prediction Score for venous thromboembolism risk in medical inpatients (Barbar 2010)."""

from __future__ import annotations

from pydantic import Field

from ..fields import BMI, Age, Finding, Inputs
from ..points import finding, sum_points, threshold
from ..spec import Output, Reference, Working, calculator, fmt


class PaduaInputs(Inputs):
    active_cancer: bool = Finding(
        "Active cancer: local or distant metastases and/or chemotherapy or radiotherapy in the previous 6 months (3)."
    )
    previous_vte: bool = Finding("Previous venous thromboembolism, excluding superficial vein thrombosis (3).", when="past")
    reduced_mobility: bool = Finding(
        "Reduced mobility: bed rest with bathroom privileges, from the patient's limitation or on physician's "
        "order, for at least 3 days (3)."
    )
    thrombophilia: bool = Finding(
        "Known thrombophilic condition: antithrombin, protein C or S deficiency, factor V Leiden, prothrombin "
        "G20210A mutation, antiphospholipid syndrome (3)."
    )
    recent_trauma_or_surgery: bool = Finding("Trauma and/or surgery within the last month (2).", when="recent")
    age: Age = Field(description="Age in years; 70 or older scores 1.")
    heart_or_respiratory_failure: bool = Finding("Heart and/or respiratory failure (1).")
    acute_mi_or_ischemic_stroke: bool = Finding("Acute myocardial infarction and/or ischaemic stroke (1).")
    acute_infection_or_rheumatologic_disorder: bool = Finding("Acute infection and/or rheumatological disorder (1).")
    bmi: BMI = Field(description="Body mass index, kg/m²; obesity, BMI 30 or more, scores 1.")
    hormonal_treatment: bool = Finding("Ongoing hormonal treatment (1).")


@calculator(
    id="padua",
    name="Padua Prediction Score for Risk of VTE",
    aliases=("padua-score", "padua-prediction-score"),
    kind="score",
    specialty="hematology",
    output=Output("points", "integer", 0, range=(0, 20)),
    inputs=PaduaInputs,
    references=(
        Reference("Barbar S, Noventa F, Rossetto V, et al. A risk assessment model for the identification of "
                  "hospitalized medical patients at risk for venous thromboembolism: the Padua Prediction Score. "
                  "J Thromb Haemost. 2010;8(11):2450-2457.", "https://doi.org/10.1111/j.1538-7836.2010.04044.x"),
        Reference("Kahn SR, Lim W, Dunn AS, et al. Prevention of VTE in nonsurgical patients: ACCP evidence-based "
                  "clinical practice guidelines (9th ed). Chest. 2012;141(2 Suppl):e195S-e226S.",
                  "https://doi.org/10.1378/chest.11-2296"),
        Reference("MDCalc. Padua Prediction Score for Risk of VTE.",
                  "https://www.mdcalc.com/calc/2023/padua-prediction-score-risk-vte"),
    ),
    formula="Active cancer +3; previous VTE +3; reduced mobility +3; known thrombophilia +3; recent (≤ 1 month) "
    "trauma and/or surgery +2; age ≥ 70 +1; heart and/or respiratory failure +1; acute MI and/or ischaemic stroke "
    "+1; acute infection and/or rheumatological disorder +1; obesity (BMI ≥ 30) +1; ongoing hormonal treatment "
    "+1. Total 0-20; ≥ 4 high risk of VTE.",
    description="Risk of venous thromboembolism in hospitalised medical (non-surgical) patients, to decide on "
    "pharmacological thromboprophylaxis.",
    example={"active_cancer": False, "previous_vte": False, "reduced_mobility": True, "thrombophilia": False,
             "recent_trauma_or_surgery": False, "age": 78, "heart_or_respiratory_failure": True,
             "acute_mi_or_ischemic_stroke": False, "acute_infection_or_rheumatologic_disorder": True, "bmi": 27.5,
             "hormonal_treatment": False},
)
def padua(x: PaduaInputs, w: Working) -> int:
    parts = (
        finding(w, "active cancer", x.active_cancer, 3),
        finding(w, "previous VTE", x.previous_vte, 3),
        finding(w, "reduced mobility", x.reduced_mobility, 3),
        finding(w, "known thrombophilic condition", x.thrombophilia, 3),
        finding(w, "recent trauma and/or surgery", x.recent_trauma_or_surgery, 2),
        threshold(w, "elderly age (≥ 70)", f"age {fmt(x.age)}", x.age, "≥", 70),
        finding(w, "heart and/or respiratory failure", x.heart_or_respiratory_failure),
        finding(w, "acute MI and/or ischaemic stroke", x.acute_mi_or_ischemic_stroke),
        finding(w, "acute infection and/or rheumatological disorder", x.acute_infection_or_rheumatologic_disorder),
        threshold(w, "obesity (BMI ≥ 30)", f"BMI {fmt(x.bmi)}", x.bmi, "≥", 30),
        finding(w, "ongoing hormonal treatment", x.hormonal_treatment),
    )
    total = sum_points(w, parts)
    if total >= 4:
        w.interpretation = ("high risk of VTE (≥ 4): 11.0% VTE without prophylaxis in the derivation cohort; "
                            "pharmacological prophylaxis unless contraindicated")
    else:
        w.interpretation = "low risk of VTE (< 4): 0.3% VTE in the derivation cohort; prophylaxis not routinely needed"
    return total
