"""IMPROVE bleeding risk score for hospitalised medical patients (Decousus 2011)."""

from __future__ import annotations

from pydantic import Field

from ..fields import Age, Finding, Inputs, Platelets, Sex, q
from ..points import cut_offs, finding, sum_points, threshold
from ..spec import Output, Reference, Working, calculator, fmt

EGFR = q("mL/min/1.73m^2", ge=0, lt=300, plausible=(2, 200), units=("mL/min/1.73m^2",))


class IMPROVEBleedingInputs(Inputs):
    active_gastroduodenal_ulcer: bool = Finding("Active gastroduodenal ulcer (4.5).")
    bleeding_3_months: bool = Finding("Bleeding in the 3 months before admission (4).", when="recent")
    platelets: Platelets = Field(description="Platelet count at admission, ×10⁹/L by default; below 50 ×10⁹/L "
                                 "scores 4.")
    age: Age = Field(description="Age in years: 40-84 scores 1.5, 85 or older 3.5.")
    hepatic_failure: bool = Finding("Hepatic failure with INR > 1.5 (2.5). An INR raised by a vitamin K antagonist "
                                    "alone is not hepatic failure.")
    egfr: EGFR = Field(description="Glomerular filtration rate, mL/min/1.73 m²: 30-59 scores 1 (moderate renal "
                       "failure), below 30 scores 2.5 (severe).")
    icu_or_ccu: bool = Finding("Admitted to an intensive or coronary care unit (2.5).")
    central_venous_catheter: bool = Finding("Central venous catheter in place (2).")
    rheumatic_disease: bool = Finding("Rheumatic disease (2).")
    current_cancer: bool = Finding("Current cancer (2).")
    sex: Sex = Field(description="Sex: male scores 1.")


@calculator(
    id="improve-bleeding",
    name="IMPROVE Bleeding Risk Score",
    aliases=("improve-bleeding-risk", "improve-bleeding-risk-score"),
    kind="score",
    specialty="hematology",
    output=Output("points", "decimal", 1, range=(0, 30.5)),
    inputs=IMPROVEBleedingInputs,
    references=(
        Reference("Decousus H, Tapson VF, Bergmann JF, et al. Factors at admission associated with bleeding risk in "
                  "medical patients: findings from the IMPROVE investigators. Chest. 2011;139(1):69-79.",
                  "https://doi.org/10.1378/chest.09-3081"),
        Reference("MDCalc. IMPROVE Bleeding Risk Score.", "https://www.mdcalc.com/calc/10105/improve-bleeding-risk-score"),
    ),
    formula="Active gastroduodenal ulcer 4.5; bleeding in the 3 months before admission 4; platelets < 50 ×10⁹/L 4; "
    "age ≥ 85: 3.5 (40-84: 1.5); hepatic failure (INR > 1.5) 2.5; GFR < 30 mL/min/m²: 2.5 (30-59: 1); ICU/CCU 2.5; "
    "central venous catheter 2; rheumatic disease 2; current cancer 2; male 1. ≥ 7: increased risk of bleeding.",
    description="Bleeding risk of acutely ill medical inpatients considered for pharmacological VTE prophylaxis; "
    "a score of 7 or more marks a higher risk of major or clinically relevant bleeding within 14 days.",
    example={"active_gastroduodenal_ulcer": True, "bleeding_3_months": False, "platelets": 190, "age": 72,
             "hepatic_failure": False, "egfr": 55, "icu_or_ccu": True, "central_venous_catheter": False,
             "rheumatic_disease": False, "current_cancer": False, "sex": "male"},
)
def improve_bleeding(x: IMPROVEBleedingInputs, w: Working) -> float:
    total = sum_points(w, (
        finding(w, "active gastroduodenal ulcer", x.active_gastroduodenal_ulcer, 4.5),
        finding(w, "bleeding in the 3 months before admission", x.bleeding_3_months, 4),
        threshold(w, "platelets < 50 ×10⁹/L", f"platelets {fmt(x.platelets)}", x.platelets, "<", 50, 4),
        cut_offs(w, "age", f"age {fmt(x.age)}", x.age, ((85, 3.5), (40, 1.5), (None, 0))),
        finding(w, "hepatic failure (INR > 1.5)", x.hepatic_failure, 2.5),
        cut_offs(w, "renal function", f"GFR {fmt(x.egfr)}", x.egfr, ((60, 0), (30, 1), (None, 2.5))),
        finding(w, "ICU or CCU", x.icu_or_ccu, 2.5),
        finding(w, "central venous catheter", x.central_venous_catheter, 2),
        finding(w, "rheumatic disease", x.rheumatic_disease, 2),
        finding(w, "current cancer", x.current_cancer, 2),
        w.step("male sex", x.sex, 1 if x.sex == "male" else 0, "points"),
    ), show=lambda p: fmt(p))
    w.interpretation = (f"{fmt(total)} ≥ 7: increased risk of bleeding" if total >= 7
                        else f"{fmt(total)} < 7: no increased risk of bleeding")
    return total
