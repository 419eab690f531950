"""Apfel simplified risk score for postoperative nausea and vomiting (Apfel 1999)."""

from __future__ import annotations

from pydantic import Field

from ..fields import Finding, Inputs, Sex
from ..points import finding, sum_points
from ..spec import Output, Reference, Secondary, Working, calculator

APFEL_RISK = (10, 21, 39, 61, 79)  # % PONV in 24 h by number of risk factors (Apfel 1999)


class ApfelInputs(Inputs):
    sex: Sex = Field(description="Sex: female scores 1.")
    smoker: bool = Field(description="Current smoker. A non-smoker scores 1 (smoking protects).")
    history_ponv_or_motion_sickness: bool = Finding("History of motion sickness or of PONV: 1 point.")
    postoperative_opioids: bool = Finding("Opioids planned after surgery: 1 point.")


@calculator(
    id="apfel",
    name="Apfel Score for Postoperative Nausea and Vomiting",
    aliases=("apfel-score", "apfel-ponv"),
    kind="score",
    specialty="anesthesiology",
    output=Output("points", "integer", 0, range=(0, 4), secondary=(
        Secondary("ponv_risk", "24-hour risk of PONV (Apfel 1999)", "%", "decimal", 0),)),
    inputs=ApfelInputs,
    references=(
        Reference("Apfel CC, Läärä E, Koivuranta M, Greim CA, Roewer N. A simplified risk score for predicting "
                  "postoperative nausea and vomiting: conclusions from cross-validations between two centers. "
                  "Anesthesiology. 1999;91(3):693-700."),
        Reference("MDCalc. Apfel Score for Postoperative Nausea and Vomiting."),
    ),
    formula="1 point each: female sex, non-smoker, history of PONV or motion sickness, postoperative opioids. Risk of "
    "PONV: 0 10%, 1 21%, 2 39%, 3 61%, 4 79%.",
    description="Risk of postoperative nausea and vomiting in adults after inhalational anaesthesia, to guide "
    "antiemetic prophylaxis.",
    example={"sex": "male", "smoker": False, "history_ponv_or_motion_sickness": False, "postoperative_opioids": True},
)
def apfel(x: ApfelInputs, w: Working) -> int:
    total = sum_points(w, (
        finding(w, "female sex", x.sex == "female", texts=("female", "male")),
        finding(w, "non-smoker", not x.smoker, texts=("non-smoker", "smoker")),
        finding(w, "history of PONV or motion sickness", x.history_ponv_or_motion_sickness),
        finding(w, "postoperative opioids", x.postoperative_opioids),
    ))
    risk = w.output("ponv_risk", APFEL_RISK[total])
    w.interpretation = f"{total} risk factor{'s' if total != 1 else ''}: about {risk}% risk of PONV in 24 hours"
    return total
