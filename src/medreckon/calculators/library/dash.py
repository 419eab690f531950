"""DASH score for recurrence after a first unprovoked VTE (Tosetto 2012)."""

from __future__ import annotations

from pydantic import Field

from ..fields import Age, Finding, Inputs, Sex
from ..points import finding, sum_points, threshold
from ..spec import Output, Reference, Secondary, Working, calculator, fmt, invalid

# annualised recurrence (%) by score (Tosetto 2012)
RECURRENCE = {-2: 1.8, -1: 1.0, 0: 2.4, 1: 3.9, 2: 6.3, 3: 10.8, 4: 19.9}
LOW_RISK = 1  # points: ≤ 1 may stop anticoagulation


class DASHInputs(Inputs):
    abnormal_d_dimer: bool = Field(description="D-dimer abnormal about 1 month after stopping anticoagulation "
                                   "(2 points).")
    age: Age = Field(description="Age in years; 50 or younger scores 1.")
    sex: Sex = Field(description="Sex; male scores 1.")
    hormone_use: bool = Finding("The VTE occurred on oestrogen-containing hormonal therapy (contraception or HRT): "
                                "−2 points, women only.")


@calculator(
    id="dash",
    name="DASH Prediction Score for Recurrent VTE",
    aliases=("dash-score", "dash-vte"),
    kind="score",
    specialty="hematology",
    output=Output("points", "integer", 0, range=(-2, 4), secondary=(
        Secondary("recurrence", "annualised risk of recurrent VTE at this score", "%", "decimal", 1),
    )),
    inputs=DASHInputs,
    references=(
        Reference("Tosetto A, Iorio A, Marcucci M, et al. Predicting disease recurrence in patients with previous "
                  "unprovoked venous thromboembolism: a proposed prediction score (DASH). J Thromb Haemost. "
                  "2012;10(6):1019-1025.", "https://doi.org/10.1111/j.1538-7836.2012.04735.x"),
        Reference("MDCalc: DASH Prediction Score for Recurrent VTE.",
                  "https://www.mdcalc.com/calc/2011/dash-prediction-score-recurrent-vte"),
    ),
    formula="D-dimer abnormal after stopping anticoagulation 2; age ≤ 50 1; male 1; hormone use at VTE onset (women) "
    "−2. Annual recurrence: −2 1.8%, −1 1.0%, 0 2.4%, 1 3.9%, 2 6.3%, 3 10.8%, 4 19.9%; ≤ 1 consider stopping "
    "anticoagulation",
    description="Recurrence risk after a first unprovoked VTE treated for 3-6 months, to decide whether to continue "
    "anticoagulation. Age ≤ 50 as MDCalc scores it (the paper's abstract says < 50).",
    example={"abnormal_d_dimer": False, "age": 50, "sex": "female", "hormone_use": False},
)
def dash(x: DASHInputs, w: Working) -> int:
    if x.hormone_use and x.sex == "male":
        raise invalid("hormone_use", True, "false for a man: the hormone item is for women")
    total = sum_points(w, (
        finding(w, "abnormal D-dimer after stopping", x.abnormal_d_dimer, 2),
        threshold(w, "age ≤ 50", f"age {fmt(x.age)}", x.age, "≤", 50),
        w.step("male", x.sex, 1 if x.sex == "male" else 0, "points"),
        finding(w, "hormone use at VTE onset", x.hormone_use, -2),
    ))
    risk = w.output("recurrence", RECURRENCE[total])
    advice = "consider stopping anticoagulation" if total <= LOW_RISK else "consider continuing anticoagulation"
    w.interpretation = f"{fmt(risk, 1)}% annual risk of VTE recurrence: {advice}"
    return total
