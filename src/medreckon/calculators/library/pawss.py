"""PAWSS: Prediction of Alcohol Withdrawal Severity Scale (Maldonado 2014, 2015)."""

from __future__ import annotations

from pydantic import Field

from ..fields import Finding, Inputs, q
from ..points import finding, sum_points, threshold
from ..spec import Output, Reference, Secondary, Working, calculator, fmt

BloodAlcohol = q("mg/dL", analyte="ethanol", ge=0, lt=5000, plausible=(0, 700), units=("mg/dL", "g/L", "mmol/L"))

ITEMS = (
    ("intoxicated_past_30_days", "intoxicated (drunk) in the last 30 days"),
    ("alcohol_rehab", "previous alcohol rehabilitation or treatment for alcoholism"),
    ("previous_withdrawal", "previous alcohol withdrawal, of any severity"),
    ("blackouts", "previous blackouts"),
    ("withdrawal_seizures", "previous alcohol withdrawal seizures"),
    ("delirium_tremens", "previous delirium tremens"),
    ("alcohol_with_downers", "alcohol combined with 'downers' (benzodiazepines, barbiturates) in the last 90 days"),
    ("alcohol_with_other_substance", "alcohol combined with any other substance of abuse in the last 90 days"),
)


class PAWSSInputs(Inputs):
    threshold_met: bool = Field(description="Threshold criterion: any alcohol in the last 30 days, or a positive "
                                "blood alcohol level on admission. If false the scale does not apply (score 0).")
    intoxicated_past_30_days: bool = Finding("Has been intoxicated (drunk) within the last 30 days (1).")
    alcohol_rehab: bool = Finding("Has ever had alcohol use disorder rehabilitation or treatment for alcoholism (1).")
    previous_withdrawal: bool = Finding("Has ever had alcohol withdrawal, of any severity (1).", when="past")
    blackouts: bool = Finding("Has ever had blackouts (1).")
    withdrawal_seizures: bool = Finding("Has ever had alcohol withdrawal seizures (1).")
    delirium_tremens: bool = Finding("Has ever had delirium tremens (1).")
    alcohol_with_downers: bool = Finding("Has combined alcohol with downers such as benzodiazepines or barbiturates "
                                         "in the last 90 days (1).")
    alcohol_with_other_substance: bool = Finding("Has combined alcohol with any other substance of abuse (opioids, "
                                                 "stimulants, cannabis ...) in the last 90 days (1).")
    blood_alcohol: BloodAlcohol | None = Field(None, description=(
        "Blood alcohol level on presentation, mg/dL by default (g/L or mmol/L with the unit); 200 mg/dL or more "
        "scores 1. Leave out when not measured (scores 0)."))
    autonomic_hyperactivity: bool = Finding("Evidence of increased autonomic activity: heart rate > 120/min, tremor, "
                                            "sweating, agitation or nausea (1).")


@calculator(
    id="pawss",
    name="Prediction of Alcohol Withdrawal Severity Scale (PAWSS)",
    aliases=("Prediction of Alcohol Withdrawal Severity Scale", "prediction-of-alcohol-withdrawal-severity"),
    kind="score",
    specialty="psychiatry",
    output=Output("points", "integer", 0, range=(0, 10), secondary=(
        Secondary("risk", "risk of complicated alcohol withdrawal: High risk (≥ 4) or Low risk", None, "text"),
    )),
    inputs=PAWSSInputs,
    references=(
        Reference("Maldonado JR, Sher Y, Ashouri JF, et al. The 'Prediction of Alcohol Withdrawal Severity Scale' "
                  "(PAWSS): systematic literature review and pilot study of a new scale for the prediction of "
                  "complicated alcohol withdrawal syndrome. Alcohol. 2014;48(4):375-390.",
                  "https://doi.org/10.1016/j.alcohol.2014.01.004"),
        Reference("Maldonado JR, Sher Y, Das S, et al. Prospective validation study of the Prediction of Alcohol "
                  "Withdrawal Severity Scale (PAWSS) in medically ill inpatients. Alcohol Alcohol. "
                  "2015;50(5):509-518.", "https://doi.org/10.1093/alcalc/agv043"),
        Reference("MDCalc. Prediction of Alcohol Withdrawal Severity Scale (PAWSS).",
                  "https://www.mdcalc.com/calc/10211/prediction-alcohol-withdrawal-severity-scale-pawss"),
    ),
    formula="Only if the threshold is met (alcohol in the last 30 days or a positive blood alcohol on admission): "
    "1 point each for intoxication in the last 30 days, previous rehabilitation, previous withdrawal, blackouts, "
    "withdrawal seizures, delirium tremens, alcohol with downers or with another substance in the last 90 days, "
    "blood alcohol ≥ 200 mg/dL on presentation, and autonomic hyperactivity. Total 0-10; ≥ 4 high risk of "
    "complicated withdrawal (seizures, hallucinosis, delirium tremens).",
    description="Identifies medically ill inpatients at risk of complicated alcohol withdrawal, so that "
    "prophylaxis can be considered. The threshold question is a gate, not a point.",
    example={"threshold_met": True, "intoxicated_past_30_days": True, "alcohol_rehab": False,
             "previous_withdrawal": True, "blackouts": True, "withdrawal_seizures": True, "delirium_tremens": False,
             "alcohol_with_downers": True, "alcohol_with_other_substance": False, "blood_alcohol": 160,
             "autonomic_hyperactivity": False},
)
def pawss(x: PAWSSInputs, w: Working) -> int:
    if not x.threshold_met:
        w.step("threshold criterion", "no alcohol in 30 days and no positive blood alcohol", 0, "points")
        w.output("risk", "Low risk")
        w.interpretation = "threshold not met: the PAWSS does not apply (score 0)"
        return 0
    parts = [finding(w, what, getattr(x, name)) for name, what in ITEMS]
    if x.blood_alcohol is None:
        parts.append(w.step("blood alcohol ≥ 200 mg/dL", "not measured", 0, "points"))
    else:
        parts.append(threshold(w, "blood alcohol ≥ 200 mg/dL", f"BAL {fmt(x.blood_alcohol, 1)} mg/dL",
                               round(x.blood_alcohol, 6), "≥", 200))
    parts.append(finding(w, "autonomic hyperactivity", x.autonomic_hyperactivity))
    total = sum_points(w, parts)
    if w.output("risk", "High risk" if total >= 4 else "Low risk") == "High risk":
        w.interpretation = "≥ 4: high risk of complicated alcohol withdrawal; consider prophylaxis"
    else:
        w.interpretation = "< 4: low risk of complicated alcohol withdrawal"
    return total
