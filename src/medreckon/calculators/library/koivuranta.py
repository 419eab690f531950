"""Koivuranta risk score for postoperative nausea and vomiting (Koivuranta 1997)."""

from __future__ import annotations

from pydantic import Field

from ..fields import Finding, Inputs, Sex, q
from ..points import finding, sum_points, threshold
from ..spec import Output, Reference, Secondary, Working, calculator, fmt

KOIVURANTA_RISK = (17, 18, 42, 54, 74, 87)  # % PONV by number of risk factors (Koivuranta 1997)
Minutes = q("min", ge=0, plausible=(1, 1440), units=("min", "h"))


class KoivurantaInputs(Inputs):
    sex: Sex = Field(description="Sex: female scores 1.")
    smoker: bool = Field(description="Current smoker. A non-smoker scores 1.")
    history_ponv: bool = Finding("History of postoperative nausea and vomiting: 1 point.")
    history_motion_sickness: bool = Finding("History of motion sickness: 1 point.")
    surgery_duration: Minutes = Field(description="Duration of surgery, minutes ('1.5 h' with its unit); ≥ 60 "
                                      "minutes scores 1.")


@calculator(
    id="koivuranta",
    name="Koivuranta Score for Postoperative Nausea and Vomiting",
    aliases=("koivuranta-score",),
    kind="score",
    specialty="anesthesiology",
    output=Output("points", "integer", 0, range=(0, 5), secondary=(
        Secondary("ponv_risk", "risk of PONV (Koivuranta 1997)", "%", "decimal", 0),)),
    inputs=KoivurantaInputs,
    references=(
        Reference("Koivuranta M, Läärä E, Snåre L, Alahuhta S. A survey of postoperative nausea and vomiting. "
                  "Anaesthesia. 1997;52(5):443-449."),
        Reference("MDCalc. Koivuranta Score for Postoperative Nausea and Vomiting (duration of surgery ≥ 60 minutes)."),
    ),
    formula="1 point each: female sex, non-smoker, history of PONV, history of motion sickness, surgery ≥ 60 minutes. "
    "Risk of PONV: 0 17%, 1 18%, 2 42%, 3 54%, 4 74%, 5 87%.",
    description="Risk of postoperative nausea and vomiting; like Apfel's score but counting PONV and motion sickness "
    "separately and adding the duration of surgery in place of opioids.",
    example={"sex": "male", "smoker": False, "history_ponv": False, "history_motion_sickness": False,
             "surgery_duration": 90},
)
def koivuranta(x: KoivurantaInputs, w: Working) -> int:
    total = sum_points(w, (
        finding(w, "female sex", x.sex == "female", texts=("female", "male")),
        finding(w, "non-smoker", not x.smoker, texts=("non-smoker", "smoker")),
        finding(w, "history of PONV", x.history_ponv),
        finding(w, "history of motion sickness", x.history_motion_sickness),
        threshold(w, "surgery ≥ 60 minutes", f"{fmt(x.surgery_duration)} min", x.surgery_duration, "≥", 60),
    ))
    risk = w.output("ponv_risk", KOIVURANTA_RISK[total])
    w.interpretation = f"{total} risk factor{'s' if total != 1 else ''}: about {risk}% risk of PONV"
    return total
