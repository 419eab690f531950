"""Tisdale risk score for QTc prolongation in hospitalised patients (Tisdale 2013)."""

from __future__ import annotations

from pydantic import Field

from ..fields import Age, Finding, Inputs, Potassium, QTInterval, Sex
from ..points import cut_offs, finding, sum_points, threshold
from ..rounding import round_half_away
from ..spec import Output, Reference, Secondary, Working, calculator, fmt

RISK_GROUPS = ("Low risk", "Moderate risk", "High risk")


class TisdaleInputs(Inputs):
    age: Age = Field(description="Age in years; 68 or older scores 1.")
    sex: Sex = Field(description="Sex; female scores 1.")
    loop_diuretic: bool = Finding("Currently on a loop diuretic (1).")
    potassium: Potassium = Field(description="Serum potassium on admission, mEq/L (= mmol/L); 3.5 or less scores 2.")
    qtc: QTInterval = Field(description="QTc on admission, ms (the corrected interval, not the raw QT); 450 ms or "
                            "more scores 2.")
    acute_mi: bool = Finding("Admitted with an acute myocardial infarction (2).")
    sepsis: bool = Finding("Admitted with sepsis (3).")
    heart_failure: bool = Finding("Admitted with heart failure (3).")
    qt_prolonging_drugs: int = Field(ge=0, le=30, description="Number of QTc-prolonging drugs given (e.g. "
                                     "haloperidol, ondansetron, fluoroquinolones, amiodarone): one scores 3, two or "
                                     "more score 6.")


@calculator(
    id="tisdale-qt",
    name="Tisdale Risk Score for QT Prolongation",
    aliases=("Tisdale Risk Score for QT Prolongation", "tisdale", "tisdale-score"),
    kind="score",
    specialty="cardiology",
    output=Output("points", "integer", 0, range=(0, 21), secondary=(
        Secondary("risk_group", "risk of QTc prolongation: Low (≤ 6), Moderate (7-10) or High (≥ 11)", None, "text"),
    )),
    inputs=TisdaleInputs,
    references=(
        Reference("Tisdale JE, Jaynes HA, Kingery JR, et al. Development and validation of a risk score to predict "
                  "QT interval prolongation in hospitalized patients. Circ Cardiovasc Qual Outcomes. "
                  "2013;6(4):479-487.", "https://doi.org/10.1161/CIRCOUTCOMES.113.000152"),
        Reference("MDCalc. Tisdale Risk Score for QT Prolongation.",
                  "https://www.mdcalc.com/calc/10238/tisdale-risk-score-qt-prolongation"),
    ),
    formula="Age ≥ 68 +1; female +1; loop diuretic +1; K ≤ 3.5 mEq/L +2; admission QTc ≥ 450 ms +2; acute MI +2; "
    "one QTc-prolonging drug +3, ≥ 2 drugs +6; sepsis +3; heart failure +3. Total 0-21: ≤ 6 low, 7-10 moderate, "
    "≥ 11 high risk of QTc prolongation.",
    description="Risk of QTc prolongation (QTc > 500 ms or a rise ≥ 60 ms) in patients admitted to cardiac care "
    "units, to target ECG monitoring and drug choices.",
    example={"age": 59, "sex": "female", "loop_diuretic": False, "potassium": 3.3, "qtc": 462, "acute_mi": False,
             "sepsis": False, "heart_failure": False, "qt_prolonging_drugs": 2},
)
def tisdale_qt(x: TisdaleInputs, w: Working) -> int:
    potassium = round_half_away(x.potassium, 2)
    parts = (
        threshold(w, "age ≥ 68", f"age {fmt(x.age)}", x.age, "≥", 68),
        finding(w, "female sex", x.sex == "female", texts=("female", "male")),
        finding(w, "loop diuretic", x.loop_diuretic),
        threshold(w, "potassium ≤ 3.5 mEq/L", f"K {fmt(potassium, 2)}", potassium, "≤", 3.5, 2),
        threshold(w, "admission QTc ≥ 450 ms", f"QTc {fmt(x.qtc)} ms", x.qtc, "≥", 450, 2),
        finding(w, "acute myocardial infarction", x.acute_mi, 2),
        cut_offs(w, "QTc-prolonging drugs", f"{x.qt_prolonging_drugs} drugs", x.qt_prolonging_drugs,
                 ((2, 6), (1, 3), (None, 0))),
        finding(w, "sepsis", x.sepsis, 3),
        finding(w, "heart failure", x.heart_failure, 3),
    )
    total = sum_points(w, parts)
    group = w.output("risk_group", RISK_GROUPS[0] if total <= 6 else RISK_GROUPS[1] if total <= 10 else RISK_GROUPS[2])
    w.interpretation = {
        RISK_GROUPS[0]: "low risk (≤ 6) of QTc prolongation; higher risk may still develop with the clinical course "
                        "and drug interactions",
        RISK_GROUPS[1]: "moderate risk (7-10): monitor the ECG, correct risk factors, and prefer drugs that do not "
                        "prolong the QT where possible",
        RISK_GROUPS[2]: "high risk (≥ 11): consider a pharmacist's review, correct risk factors and use alternative "
                        "drugs where possible; repeat the ECG",
    }[group]
    return total
