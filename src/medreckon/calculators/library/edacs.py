"""Emergency Department Assessment of Chest pain Score (EDACS; Than 2014)."""

from __future__ import annotations

from pydantic import Field

from ..fields import Age, Finding, Inputs, Sex
from ..points import finding, sum_points
from ..spec import Output, Reference, Working, calculator, fmt, invalid

AGE_POINTS = ((86, 20), (81, 18), (76, 16), (71, 14), (66, 12), (61, 10), (56, 8), (51, 6), (46, 4), (18, 2))


class EDACSInputs(Inputs):
    age: Age = Field(description="Age in completed years (18 or older): 18-45 scores 2, then 2 more per 5 years up "
                     "to 20 at 86 or older.")
    sex: Sex = Field(description="Sex: male scores 6.")
    known_cad_or_risk_factors: bool = Finding("Known coronary artery disease, or 3 or more risk factors (hypertension, "
                                              "dyslipidaemia, diabetes, current smoking, family history of early "
                                              "CAD); scores 4 only at age 18-50.")
    diaphoresis: bool = Finding("Diaphoresis (3).")
    radiation: bool = Finding("Pain radiates to the arm, shoulder, neck or jaw (5).")
    pleuritic: bool = Finding("Pain occurred or worsened with inspiration (−4).")
    reproducible: bool = Finding("Pain reproduced by palpation (−6).")


@calculator(
    id="edacs",
    name="Emergency Department Assessment of Chest Pain Score (EDACS)",
    aliases=("edacs-score",),
    kind="score",
    specialty="emergency medicine",
    output=Output("points", "integer", 0, range=(-10, 38)),
    inputs=EDACSInputs,
    references=(
        Reference("Than M, Flaws D, Sanders S, et al. Development and validation of the Emergency Department "
                  "Assessment of Chest pain Score and 2 h accelerated diagnostic protocol. Emerg Med Australas. "
                  "2014;26(1):34-44.", "https://doi.org/10.1111/1742-6723.12164"),
        Reference("MDCalc. Emergency Department Assessment of Chest Pain Score (EDACS).",
                  "https://www.mdcalc.com/calc/3981/emergency-department-assessment-chest-pain-score-edacs"),
    ),
    formula="Age 18-45: 2, 46-50: 4, 51-55: 6, 56-60: 8, 61-65: 10, 66-70: 12, 71-75: 14, 76-80: 16, 81-85: 18, ≥ 86: "
    "20; male 6; age 18-50 with known CAD or ≥ 3 risk factors 4; diaphoresis 3; radiation to arm, shoulder, neck or "
    "jaw 5; pain with inspiration −4; pain reproduced by palpation −6. Low risk: < 16 with no new ischaemia on ECG "
    "and negative 0 h and 2 h troponins.",
    description="Identifies adults with chest pain at low risk of a major adverse cardiac event within 30 days, "
    "for early discharge within the 2-hour accelerated diagnostic protocol (EDACS-ADP).",
    example={"age": 62, "sex": "male", "diaphoresis": True, "radiation": True},
)
def edacs(x: EDACSInputs, w: Working) -> int:
    if x.age < 18:
        raise invalid("age", x.age, "an adult aged 18 or older", "EDACS was derived in adults")
    age_points = next(p for lowest, p in AGE_POINTS if x.age >= lowest)
    total = sum_points(w, (
        w.step("age", f"age {fmt(x.age)}", age_points, "points"),
        w.step("male sex", x.sex, 6 if x.sex == "male" else 0, "points"),
        w.step("age 18-50 with known CAD or ≥ 3 risk factors",
               f"age {fmt(x.age)}, {'yes' if x.known_cad_or_risk_factors else 'no'}",
               4 if x.known_cad_or_risk_factors and x.age < 51 else 0, "points"),
        finding(w, "diaphoresis", x.diaphoresis, 3),
        finding(w, "radiation to arm, shoulder, neck or jaw", x.radiation, 5),
        finding(w, "pain with inspiration", x.pleuritic, -4),
        finding(w, "pain reproduced by palpation", x.reproducible, -6),
    ))
    w.interpretation = (f"{total} < 16: low risk if the ECG shows no new ischaemia and the 0 h and 2 h troponins are "
                        "negative" if total < 16 else f"{total} ≥ 16: not low risk; standard chest pain evaluation")
    return total
