"""Framingham criteria for the diagnosis of congestive heart failure (McKee 1971)."""

from __future__ import annotations

from ..fields import Finding, Inputs
from ..spec import Output, Reference, Secondary, Working, calculator

MAJOR = ("acute_pulmonary_edema", "cardiomegaly", "hepatojugular_reflux", "neck_vein_distention",
         "pnd_or_orthopnea", "rales", "s3_gallop", "weight_loss_on_treatment")
MINOR = ("ankle_edema", "dyspnea_on_exertion", "hepatomegaly", "nocturnal_cough", "pleural_effusion", "tachycardia")


class FraminghamHFInputs(Inputs):
    acute_pulmonary_edema: bool = Finding("Major: acute pulmonary oedema.")
    cardiomegaly: bool = Finding("Major: cardiomegaly (on chest radiograph).")
    hepatojugular_reflux: bool = Finding("Major: hepatojugular reflux.")
    neck_vein_distention: bool = Finding("Major: neck vein distension.")
    pnd_or_orthopnea: bool = Finding("Major: paroxysmal nocturnal dyspnoea or orthopnoea.")
    rales: bool = Finding("Major: pulmonary rales.")
    s3_gallop: bool = Finding("Major: third heart sound (S3 gallop).")
    weight_loss_on_treatment: bool = Finding("Major: weight loss > 4.5 kg in 5 days in response to heart failure "
                                             "treatment.")
    ankle_edema: bool = Finding("Minor: bilateral ankle oedema.")
    dyspnea_on_exertion: bool = Finding("Minor: dyspnoea on ordinary exertion.")
    hepatomegaly: bool = Finding("Minor: hepatomegaly.")
    nocturnal_cough: bool = Finding("Minor: nocturnal cough.")
    pleural_effusion: bool = Finding("Minor: pleural effusion.")
    tachycardia: bool = Finding("Minor: tachycardia (heart rate ≥ 120/min).")


@calculator(
    id="framingham-hf-criteria",
    name="Framingham Heart Failure Diagnostic Criteria",
    aliases=("framingham-heart-failure-criteria", "framingham-chf-criteria"),
    kind="score",
    specialty="cardiology",
    output=Output(None, "category", categories=("Positive", "Negative"), secondary=(
        Secondary("major_criteria", "number of major criteria met", None, "integer"),
        Secondary("minor_criteria", "number of minor criteria met", None, "integer"),
    )),
    inputs=FraminghamHFInputs,
    references=(
        Reference("McKee PA, Castelli WP, McNamara PM, Kannel WB. The natural history of congestive heart failure: "
                  "the Framingham study. N Engl J Med. 1971;285(26):1441-1446.",
                  "https://doi.org/10.1056/NEJM197112232852601"),
        Reference("MDCalc. Framingham Heart Failure Diagnostic Criteria.",
                  "https://www.mdcalc.com/calc/3954/framingham-heart-failure-diagnostic-criteria"),
    ),
    formula="Heart failure is diagnosed with 2 major criteria, or 1 major and 2 minor criteria. Minor criteria count "
    "only if not attributable to another condition.",
    description="Clinical diagnosis of congestive heart failure from major criteria (PND or orthopnoea, neck vein "
    "distension, rales, cardiomegaly, acute pulmonary oedema, S3, hepatojugular reflux, weight loss on treatment) "
    "and minor criteria (ankle oedema, night cough, exertional dyspnoea, hepatomegaly, pleural effusion, "
    "tachycardia ≥ 120).",
    example={"cardiomegaly": True, "neck_vein_distention": True, "pnd_or_orthopnea": True, "rales": True,
             "ankle_edema": True, "dyspnea_on_exertion": True},
)
def framingham_hf_criteria(x: FraminghamHFInputs, w: Working) -> str:
    major = [c for c in MAJOR if getattr(x, c)]
    minor = [c for c in MINOR if getattr(x, c)]
    n_major = w.output("major_criteria", w.step("major criteria", ", ".join(major).replace("_", " ") or "none",
                                                len(major)))
    n_minor = w.output("minor_criteria", w.step("minor criteria", ", ".join(minor).replace("_", " ") or "none",
                                                len(minor)))
    positive = n_major >= 2 or (n_major == 1 and n_minor >= 2)
    w.interpretation = (f"{n_major} major and {n_minor} minor criteria: " +
                        ("diagnostic of heart failure" if positive else "criteria for heart failure not met"))
    return "Positive" if positive else "Negative"
