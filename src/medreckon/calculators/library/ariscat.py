"""ARISCAT score for postoperative pulmonary complications (Canet 2010)."""

from __future__ import annotations

from pydantic import Field

from ..fields import Age, Finding, Hemoglobin, Inputs, choice, q
from ..points import category, cut_offs, finding, sum_points, threshold
from ..spec import Output, Reference, Working, calculator, fmt
from .perc import OxygenSaturation

Incision = choice("peripheral", "upper abdominal", "intrathoracic",
                  synonyms={"thoracic": "intrathoracic", "thoracotomy": "intrathoracic",
                            "upper abdomen": "upper abdominal", "other": "peripheral"})
SurgeryDuration = q("h", gt=0, plausible=(0.1, 24), units=("h", "min"))
INCISION_POINTS = {"peripheral": 0, "upper abdominal": 15, "intrathoracic": 24}


class ARISCATInputs(Inputs):
    age: Age = Field(description="Age in years: ≤ 50 scores 0, 51-80 3, > 80 16.")
    oxygen_saturation: OxygenSaturation = Field(
        description="Preoperative SpO2 in %, breathing room air in the supine position: ≥ 96 scores 0, 91-95 8, "
        "≤ 90 24. A fraction (0.94) must carry the unit '1'."
    )
    respiratory_infection_last_month: bool = Finding(
        "Respiratory infection (upper or lower, e.g. URI, bronchitis, pneumonia) in the last month, with fever and "
        "treated with antibiotics (17 points).", when="recent",
    )
    hemoglobin: Hemoglobin = Field(
        description="Preoperative haemoglobin, g/dL by default ('95 g/L' with its unit); anaemia ≤ 10 g/dL scores 11."
    )
    incision: Incision = Field(
        description="Surgical incision: 'upper abdominal' (15), 'intrathoracic' (24), or 'peripheral' (0: any "
        "incision that is neither upper abdominal nor intrathoracic)."
    )
    duration: SurgeryDuration = Field(
        description="Duration of surgery, hours by default ('150 min' with its unit): < 2 h scores 0, 2-3 h 16, "
        "> 3 h 23."
    )
    emergency: bool = Finding("Emergency procedure (8 points).")


@calculator(
    id="ariscat",
    name="ARISCAT Score for Postoperative Pulmonary Complications",
    aliases=("ariscat-score", "canet-risk-index"),
    kind="score",
    specialty="pulmonology",
    output=Output("points", "integer", 0, range=(0, 123)),
    inputs=ARISCATInputs,
    references=(
        Reference("Canet J, Gallart L, Gomar C, et al. Prediction of postoperative pulmonary complications in a "
                  "population-based surgical cohort. Anesthesiology. 2010;113(6):1338-1350.",
                  "https://doi.org/10.1097/ALN.0b013e3181fc6e0a"),
        Reference("Mazo V, Sabaté S, Canet J, et al. Prospective external validation of a predictive score for "
                  "postoperative pulmonary complications. Anesthesiology. 2014;121(2):219-231.",
                  "https://doi.org/10.1097/ALN.0000000000000334"),
        Reference("MDCalc. ARISCAT Score for Postoperative Pulmonary Complications.",
                  "https://www.mdcalc.com/calc/1883/ariscat-score-postoperative-pulmonary-complications"),
    ),
    formula="Age ≤ 50 0, 51-80 +3, > 80 +16; preoperative SpO2 ≥ 96% 0, 91-95% +8, ≤ 90% +24; respiratory "
    "infection in the last month +17; preoperative anaemia (Hb ≤ 10 g/dL) +11; incision peripheral 0, upper "
    "abdominal +15, intrathoracic +24; duration < 2 h 0, 2-3 h +16, > 3 h +23; emergency procedure +8. "
    "< 26 low (1.6%), 26-44 intermediate (13.3%), ≥ 45 high risk (42.1%) of in-hospital pulmonary complications.",
    description="Risk of in-hospital postoperative pulmonary complications (respiratory failure, infection, "
    "pleural effusion, atelectasis, pneumothorax, bronchospasm, aspiration pneumonitis) after surgery under "
    "general, neuraxial or regional anaesthesia.",
    example={"age": 67, "oxygen_saturation": 95, "respiratory_infection_last_month": False, "hemoglobin": 12.1,
             "incision": "upper abdominal", "duration": "150 min", "emergency": False},
)
def ariscat(x: ARISCATInputs, w: Working) -> int:
    age = cut_offs(w, "age", f"age {fmt(x.age)}", x.age, ((80, 16, True), (50, 3, True), (None, 0)))
    spo2 = cut_offs(w, "preoperative SpO2", f"SpO2 {fmt(x.oxygen_saturation)}%", x.oxygen_saturation,
                    ((96, 0), (90, 8, True), (None, 24)))
    infection = finding(w, "respiratory infection in the last month", x.respiratory_infection_last_month, 17)
    anaemia = threshold(w, "anaemia (Hb ≤ 10 g/dL)", f"Hb {fmt(x.hemoglobin, 2)} g/dL", x.hemoglobin, "≤", 10, 11)
    incision = category(w, "surgical incision", x.incision, INCISION_POINTS)
    hours = round(x.duration, 6)  # '180 min' is 3 h exactly
    duration = cut_offs(w, "duration of surgery", f"{fmt(hours, 2)} h", hours, ((3, 23, True), (2, 16), (None, 0)))
    emergency = finding(w, "emergency procedure", x.emergency, 8)
    total = sum_points(w, (age, spo2, infection, anaemia, incision, duration, emergency))
    if total < 26:
        w.interpretation = "low risk (< 26): 1.6% risk of in-hospital postoperative pulmonary complications"
    elif total < 45:
        w.interpretation = "intermediate risk (26-44): 13.3% risk of in-hospital postoperative pulmonary complications"
    else:
        w.interpretation = "high risk (≥ 45): 42.1% risk of in-hospital postoperative pulmonary complications"
    return total
