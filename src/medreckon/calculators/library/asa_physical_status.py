"""ASA Physical Status Classification System (American Society of Anesthesiologists), as a lookup."""

from __future__ import annotations

from pydantic import Field

from ..fields import Finding, Inputs, choice
from ..rules import Is, NotWhen
from ..spec import Output, Reference, Working, calculator

CLASSES = {
    "healthy": (1, "ASA I: a normal healthy patient"),
    "mild systemic disease": (2, "ASA II: a patient with mild systemic disease"),
    "severe systemic disease": (3, "ASA III: a patient with severe systemic disease"),
    "severe systemic disease that is a constant threat to life": (
        4, "ASA IV: a patient with severe systemic disease that is a constant threat to life"),
    "moribund": (5, "ASA V: a moribund patient who is not expected to survive without the operation"),
    "brain dead": (6, "ASA VI: a declared brain-dead patient whose organs are being removed for donor purposes"),
}
ROMAN = ("I", "II", "III", "IV", "V", "VI")

Status = choice(*CLASSES, synonyms={
    **{f"asa {r}": name for r, name in zip(ROMAN, CLASSES, strict=True)},
    **{f"asa {i}": name for i, name in enumerate(CLASSES, 1)},
    **{r: name for r, name in zip(ROMAN, CLASSES, strict=True)},
    "normal healthy patient": "healthy", "normal": "healthy",
    "constant threat to life": "severe systemic disease that is a constant threat to life",
    "not expected to survive without the operation": "moribund",
    "organ donor": "brain dead",
})


class ASAInputs(Inputs):
    status: Status = Field(
        description="The patient's physical status: 'healthy' (I: non-smoker, no or minimal alcohol); 'mild systemic "
        "disease' (II: without substantive functional limitation, e.g. current smoker, well-controlled diabetes or "
        "hypertension, BMI 30-40, pregnancy); 'severe systemic disease' (III: substantive functional limitation, "
        "e.g. poorly controlled diabetes or hypertension, COPD, BMI ≥ 40, dialysis, MI/stroke/TIA more than 3 "
        "months ago); 'severe systemic disease that is a constant threat to life' (IV: e.g. MI/stroke/TIA within 3 "
        "months, ongoing cardiac ischaemia, sepsis, severe reduction of ejection fraction); 'moribund' (V: not "
        "expected to survive without the operation); 'brain dead' (VI: organ donor). Also 'ASA III' or 'III'."
    )
    emergency: bool = Finding(
        "Emergency operation: delay would lead to a significant increase in the threat to life or body part; adds "
        "the suffix 'E' (not allowed with VI)."
    )

    rules = (NotWhen("emergency", (Is("status", "brain dead"),),
                     "false for a brain-dead organ donor (ASA VI takes no 'E')",
                     "leave emergency out for ASA VI"),)


@calculator(
    id="asa-physical-status",
    name="ASA Physical Status Classification System",
    aliases=("asa", "asa-class", "asa-classification", "asa-score", "ASA Physical Status/ASA Classification"),
    kind="score",
    specialty="anesthesiology",
    output=Output("class", "integer", 0, range=(1, 6)),
    inputs=ASAInputs,
    references=(
        Reference("American Society of Anesthesiologists. ASA Physical Status Classification System (last amended "
                  "13 December 2020).",
                  "https://www.asahq.org/standards-and-practice-parameters/statement-on-asa-physical-status-classification-system"),
        Reference("Saklad M. Grading of patients for surgical procedures. Anesthesiology. 1941;2(5):281-284.",
                  "https://doi.org/10.1097/00000542-194105000-00004"),
        Reference("MDCalc. ASA Physical Status Classification System.",
                  "https://www.mdcalc.com/calc/3952/asa-physical-status-classification-system"),
    ),
    formula="I healthy; II mild systemic disease; III severe systemic disease; IV severe systemic disease that is "
    "a constant threat to life; V moribund, not expected to survive without the operation; VI brain-dead organ "
    "donor. Suffix E for an emergency operation.",
    description="The anaesthetist's classification of a patient's pre-anaesthesia medical comorbidity; not by "
    "itself a prediction of perioperative risk, which also depends on the operation.",
    example={"status": "severe systemic disease", "emergency": False},
)
def asa_physical_status(x: ASAInputs, w: Working) -> int:
    grade, meaning = CLASSES[x.status]
    w.step("ASA class", x.status, grade, "class")
    label = f"ASA {ROMAN[grade - 1]}{'E' if x.emergency else ''}"
    w.interpretation = f"{label}: {meaning.split(': ', 1)[1]}" + ("; emergency operation" if x.emergency else "")
    return grade
