"""Canadian TIA Score: 7-day risk of stroke after a transient ischaemic attack (Perry 2014, 2021)."""

from __future__ import annotations

from pydantic import Field

from .. import units as u
from ..fields import BloodPressure, Finding, Glucose, Inputs, Platelets
from ..points import finding, sum_points, threshold
from ..rounding import round_half_away
from ..spec import Output, Reference, Working, calculator, fmt

CLINICAL = (("first_tia", "first TIA in lifetime", 2), ("symptoms_10_min", "symptoms ≥ 10 minutes", 2),
            ("carotid_stenosis", "history of carotid stenosis", 2),
            ("on_antiplatelet", "already on antiplatelet therapy", 3), ("gait_disturbance", "history of gait "
                                                                        "disturbance", 1),
            ("unilateral_weakness", "history of unilateral weakness", 1), ("vertigo", "history of vertigo", -3))
FINDINGS = (("dysarthria_or_aphasia", "dysarthria or aphasia", 1), ("atrial_fibrillation", "atrial fibrillation on "
                                                                     "ECG", 2),
            ("infarct_on_ct", "infarction (new or old) on CT", 1))


class CanadianTIAInputs(Inputs):
    first_tia: bool = Finding("First TIA in lifetime: +2.")
    symptoms_10_min: bool = Finding("Symptoms lasting ≥ 10 minutes: +2.")
    carotid_stenosis: bool = Finding("History of carotid stenosis: +2.")
    on_antiplatelet: bool = Finding("Already on antiplatelet therapy: +3.")
    gait_disturbance: bool = Finding("History of gait disturbance with the event: +1.")
    unilateral_weakness: bool = Finding("History of unilateral weakness with the event: +1.")
    vertigo: bool = Finding("History of vertigo with the event: −3.")
    diastolic_bp: BloodPressure = Field(description="Initial triage diastolic pressure, mm Hg; ≥ 110 scores +3.")
    dysarthria_or_aphasia: bool = Finding("Dysarthria or aphasia, by history or examination: +1.")
    atrial_fibrillation: bool = Finding("Atrial fibrillation on the ECG: +2.")
    infarct_on_ct: bool = Finding("Infarction, new or old, on CT: +1.")
    platelets: Platelets = Field(description="Platelet count, 10^9/L; ≥ 400 scores +2.")
    glucose: Glucose = Field(description="Blood glucose, mg/dL ('6.0 mmol/L' with its unit); ≥ 15 mmol/L (270 mg/dL) "
                             "scores +3.")


@calculator(
    id="canadian-tia",
    name="Canadian Transient Ischemic Attack (TIA) Score",
    aliases=("canadian-tia-score",),
    kind="score",
    specialty="neurology",
    output=Output("points", "integer", 0, range=(-3, 23)),
    inputs=CanadianTIAInputs,
    references=(
        Reference("Perry JJ, Sivilotti MLA, Émond M, et al. Prospective validation of Canadian TIA Score and "
                  "comparison with ABCD2 and ABCD2i for subsequent stroke risk after transient ischaemic attack: "
                  "multicentre prospective cohort study. BMJ. 2021;372:n49."),
        Reference("MDCalc. Canadian Transient Ischemic Attack (TIA) Score."),
    ),
    formula="First TIA +2; symptoms ≥ 10 min +2; carotid stenosis +2; on antiplatelet +3; gait disturbance +1; "
    "unilateral weakness +1; vertigo −3; triage DBP ≥ 110 +3; dysarthria or aphasia +1; atrial fibrillation +2; "
    "infarction on CT +1; platelets ≥ 400 +2; glucose ≥ 15 mmol/L +3. Low risk ≤ 3, medium 4-8, high ≥ 9.",
    description="Risk of stroke within 7 days of a TIA or minor stroke seen in the emergency department, to guide "
    "the urgency of work-up.",
    example={"first_tia": True, "symptoms_10_min": True, "dysarthria_or_aphasia": True, "diastolic_bp": 94,
             "platelets": 242, "glucose": 108},
)
def canadian_tia(x: CanadianTIAInputs, w: Working) -> int:
    mmol = round_half_away(u.convert(x.glucose, "mg/dL", "mmol/L", "glucose"), 1)  # in mmol/L, as the score
    parts = [finding(w, what, getattr(x, name), points) for name, what, points in CLINICAL]
    parts.append(threshold(w, "triage DBP ≥ 110", f"DBP {fmt(x.diastolic_bp)}", x.diastolic_bp, "≥", 110, 3))
    parts += [finding(w, what, getattr(x, name), points) for name, what, points in FINDINGS]
    parts.append(threshold(w, "platelets ≥ 400", f"platelets {fmt(x.platelets)}", round_half_away(x.platelets, 3),
                           "≥", 400, 2))
    parts.append(threshold(w, "glucose ≥ 15 mmol/L", f"glucose {fmt(mmol, 1)} mmol/L", mmol, "≥", 15, 3))
    total = sum_points(w, parts)
    w.interpretation = ("low risk (≤ 3)" if total <= 3 else "medium risk (4-8)" if total <= 8 else
                        "high risk (≥ 9)") + " of stroke within 7 days"
    return total
