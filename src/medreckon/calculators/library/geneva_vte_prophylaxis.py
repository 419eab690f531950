"""Geneva Risk Score for venous thromboembolism prophylaxis in medical inpatients (Chopard 2006;
Nendaz 2014)."""

from __future__ import annotations

from pydantic import Field

from ..fields import BMI, Age, Finding, Inputs
from ..points import finding, sum_points, threshold
from ..spec import Output, Reference, Secondary, Working, calculator, fmt

TWO_POINT = (
    ("cardiac_failure", "cardiac failure"), ("respiratory_failure", "respiratory failure"),
    ("recent_stroke", "recent stroke (< 3 months)"), ("recent_mi", "recent myocardial infarction (< 4 weeks)"),
    ("acute_infection", "acute infectious disease (including sepsis)"),
    ("acute_rheumatic_disease", "acute rheumatic disease"), ("active_malignancy", "active malignancy"),
    ("myeloproliferative_syndrome", "myeloproliferative syndrome"), ("nephrotic_syndrome", "nephrotic syndrome"),
    ("prior_vte", "prior venous thromboembolism"), ("hypercoagulable_state", "known hypercoagulable state"),
)
ONE_POINT = (
    ("immobilization", "immobilisation ≥ 3 days"), ("recent_travel", "recent travel > 6 hours"),
    ("chronic_venous_insufficiency", "chronic venous insufficiency"), ("pregnancy", "pregnancy"),
    ("hormonal_therapy", "hormonal therapy"), ("dehydration", "dehydration"),
)
RISK = {"high": 3.2, "low": 0.6}  # % symptomatic VTE or VTE death at 90 days (Nendaz 2014)


class GenevaVTEInputs(Inputs):
    cardiac_failure: bool = Finding("Cardiac failure (acute or chronic): 2 points.")
    respiratory_failure: bool = Finding("Respiratory failure (acute or chronic): 2 points.")
    recent_stroke: bool = Finding("Stroke within the last 3 months: 2 points.", when="recent")
    recent_mi: bool = Finding("Myocardial infarction within the last 4 weeks: 2 points.", when="recent")
    acute_infection: bool = Finding("Acute infectious disease, including sepsis: 2 points.")
    acute_rheumatic_disease: bool = Finding("Acute rheumatic disease (e.g. flare of arthritis or connective tissue "
                                            "disease): 2 points.")
    active_malignancy: bool = Finding("Active malignancy: 2 points.")
    myeloproliferative_syndrome: bool = Finding("Myeloproliferative syndrome: 2 points.")
    nephrotic_syndrome: bool = Finding("Nephrotic syndrome: 2 points.")
    prior_vte: bool = Finding("Any prior venous thromboembolism (DVT or PE): 2 points.")
    hypercoagulable_state: bool = Finding("Known hypercoagulable state (thrombophilia): 2 points.")
    immobilization: bool = Finding("Immobilisation for ≥ 3 days (walking < 30 minutes a day): 1 point.")
    recent_travel: bool = Finding("Recent travel of > 6 hours: 1 point.", when="recent")
    age: Age = Field(description="Age in years; > 60 scores 1.")
    bmi: BMI = Field(description="Body mass index, kg/m²; > 30 scores 1.")
    chronic_venous_insufficiency: bool = Finding("Chronic venous insufficiency: 1 point.")
    pregnancy: bool = Finding("Pregnancy: 1 point.")
    hormonal_therapy: bool = Finding("Hormonal therapy (contraceptive or replacement): 1 point.")
    dehydration: bool = Finding("Dehydration: 1 point.")


@calculator(
    id="geneva-vte-prophylaxis",
    name="Geneva Risk Score for Venous Thromboembolism (VTE) Prophylaxis",
    aliases=("geneva-risk-score", "geneva-vte-risk-score"),
    kind="score",
    specialty="hematology",
    output=Output("points", "integer", 0, range=(0, 30), secondary=(
        Secondary("vte_risk", "90-day risk of symptomatic VTE or VTE death in the risk group (Nendaz 2014)", "%",
                  "decimal", 1),)),
    inputs=GenevaVTEInputs,
    references=(
        Reference("Chopard P, Spirk D, Bounameaux H. Identifying acutely ill medical patients requiring "
                  "thromboprophylaxis. J Thromb Haemost. 2006;4(4):915-916."),
        Reference("Nendaz M, Spirk D, Kucher N, et al. Multicentre validation of the Geneva Risk Score for "
                  "hospitalised medical patients at risk of venous thromboembolism. Explicit ASsessment of "
                  "Thromboembolic RIsk and Prophylaxis for Medical PATients in SwitzErland (ESTIMATE). Thromb "
                  "Haemost. 2014;111(3):531-538."),
        Reference("MDCalc. Geneva Risk Score for Venous Thromboembolism (VTE) Prophylaxis."),
    ),
    formula="2 points each: cardiac failure, respiratory failure, recent stroke (< 3 months), recent MI (< 4 weeks), "
    "acute infectious disease, acute rheumatic disease, active malignancy, myeloproliferative syndrome, nephrotic "
    "syndrome, prior VTE, known hypercoagulable state. 1 point each: immobilisation ≥ 3 days, travel > 6 hours, age "
    "> 60, BMI > 30 kg/m², chronic venous insufficiency, pregnancy, hormonal therapy, dehydration. < 3 low risk "
    "(0.6% 90-day VTE), ≥ 3 high risk (3.2%).",
    description="Whether a hospitalised medical patient needs VTE prophylaxis: a score ≥ 3 indicates prophylaxis "
    "(absent contraindications). For medical, not surgical, inpatients.",
    example={"cardiac_failure": True, "immobilization": True, "age": 72, "bmi": 32.6},
)
def geneva_vte_prophylaxis(x: GenevaVTEInputs, w: Working) -> int:
    parts = [finding(w, what, getattr(x, name), 2) for name, what in TWO_POINT]
    parts += [finding(w, what, getattr(x, name), 1) for name, what in ONE_POINT[:2]]
    parts.append(threshold(w, "age > 60", f"age {fmt(x.age)}", x.age, ">", 60))
    parts.append(threshold(w, "BMI > 30", f"BMI {fmt(x.bmi, 1)}", x.bmi, ">", 30))
    parts += [finding(w, what, getattr(x, name), 1) for name, what in ONE_POINT[2:]]
    total = sum_points(w, parts)
    group = "high" if total >= 3 else "low"
    w.output("vte_risk", RISK[group])
    w.interpretation = (f"high risk (≥ 3): about {RISK['high']}% 90-day VTE risk; prophylaxis indicated, absent "
                        "contraindications" if group == "high" else
                        f"low risk (< 3): about {RISK['low']}% 90-day VTE risk; prophylaxis not indicated")
    return total
