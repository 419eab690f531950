"""PAS-II: Patient Activity Scale II for rheumatoid arthritis, with the HAQ-II (Wolfe 2004, 2005)."""

from __future__ import annotations

from pydantic import Field, create_model

from ..fields import Inputs
from ..scales import item, rating
from ..spec import Output, Reference, Secondary, Working, calculator, fmt

DIFFICULTY = "0 without any difficulty, 1 with some difficulty, 2 with much difficulty, 3 unable to do."
HAQ_II = (
    ("stand_from_chair", "stand up from a straight chair"), ("walk_outdoors", "walk outdoors on flat ground"),
    ("toilet", "get on and off the toilet"), ("reach_overhead", "reach and get down a 5-pound object from just above "
                                                                  "the head"),
    ("open_car_doors", "open car doors"), ("outside_work", "do outside work such as yard work"),
    ("wait_in_line", "wait in a line for 15 minutes"), ("lift_heavy", "lift heavy objects"),
    ("move_heavy", "move heavy objects"), ("climb_stairs", "go up 2 or more flights of stairs"),
)
ACTIVITY = ("Near remission", "Low", "Moderate", "High")
ACTIVITY_OUTPUT = Secondary("disease_activity", "disease activity: Near remission (≤ 0.25), Low (≤ 3.7), Moderate "
                            "(< 8) or High (≥ 8)", None, "text")
PAIN = Field(description="Pain over the past week, 0-10 (visual analogue or numeric scale).")
GLOBAL = Field(description="Patient global assessment of disease activity over the past week, 0-10.")

PASIIInputs = create_model("PASIIInputs", __base__=Inputs, __module__=__name__, **{
    name: (item(3), Field(description=f"HAQ-II: over the past week, able to {what}? {DIFFICULTY}"))
    for name, what in HAQ_II}, pain=(rating(), PAIN), patient_global=(rating(), GLOBAL))


def patient_activity(w: Working, haq: float, pain: float, patient_global: float) -> float:
    """(HAQ × 3.33 + pain + patient global) / 3, 0-10, and its activity band (Wolfe 2005)."""
    pas = w.step("Patient Activity Scale", f"({fmt(haq, 3)} × 3.33 + {fmt(pain)} + {fmt(patient_global)}) / 3",
                 (haq * 3.33 + pain + patient_global) / 3)
    s = round(pas, 6)
    label = w.output("disease_activity", ACTIVITY[0] if s <= 0.25 else ACTIVITY[1] if s <= 3.7 else
                     ACTIVITY[2] if s < 8 else ACTIVITY[3])
    w.interpretation = f"{label.lower()} disease activity (near remission ≤ 0.25, low 0.26-3.7, moderate 3.71-< 8, " \
                       f"high ≥ 8)"
    return pas


@calculator(
    id="pas-ii",
    name="Patient Activity Scale II (PAS II) for RA",
    aliases=("Patient Activity Scale II (PAS II) for RA", "pas2", "patient-activity-scale-ii"),
    kind="score",
    specialty="rheumatology",
    output=Output("points", "decimal", 2, range=(0, 10), secondary=(ACTIVITY_OUTPUT,)),
    inputs=PASIIInputs,
    references=(
        Reference("Wolfe F, Michaud K, Pincus T. Development and validation of the health assessment questionnaire "
                  "II: a revised version of the health assessment questionnaire. Arthritis Rheum. "
                  "2004;50(10):3296-3305.", "https://doi.org/10.1002/art.20549"),
        Reference("Wolfe F, Michaud K, Pincus T. A composite disease activity scale for clinical practice, "
                  "observational studies, and clinical trials: the patient activity scale (PAS/PAS-II). J Rheumatol. "
                  "2005;32(12):2410-2415."),
        Reference("MDCalc. Patient Activity Scale II (PAS II) for RA.",
                  "https://www.mdcalc.com/calc/10145/patient-activity-scale-ii-pas-ii-ra"),
    ),
    formula="HAQ-II = mean of 10 items (0-3); PAS-II = (HAQ-II × 3.33 + pain (0-10) + patient global (0-10)) / 3; "
    "0-10. ≤ 0.25 near remission, 0.26-3.7 low, 3.71-< 8 moderate, ≥ 8 high.",
    description="Patient-reported rheumatoid arthritis activity from the 10-item HAQ-II, pain and the patient's "
    "global assessment; needs no joint count or laboratory value.",
    example={"stand_from_chair": 1, "walk_outdoors": 1, "toilet": 0, "reach_overhead": 2, "open_car_doors": 1,
             "outside_work": 2, "wait_in_line": 1, "lift_heavy": 2, "move_heavy": 2, "climb_stairs": 1, "pain": 6,
             "patient_global": 6},
)
def pas_ii(x: PASIIInputs, w: Working) -> float:  # type: ignore[valid-type]
    scores = [getattr(x, name) for name, _ in HAQ_II]
    haq = w.step("HAQ-II (mean of 10 items)", f"({' + '.join(map(str, scores))}) / 10", sum(scores) / 10)
    return patient_activity(w, haq, x.pain, x.patient_global)
