"""PAS: Patient Activity Scale for rheumatoid arthritis, with the HAQ disability index (Wolfe 2005;
HAQ-DI: Fries 1980)."""

from __future__ import annotations

from pydantic import Field, create_model

from ..fields import Finding, Inputs
from ..scales import item, rating
from ..spec import Output, Reference, Working, calculator
from .pas_ii import ACTIVITY_OUTPUT, DIFFICULTY, GLOBAL, PAIN, patient_activity

# the eight HAQ-DI categories and their 20 items
CATEGORIES = (
    ("dressing", "dressing and grooming", (("dress", "dress yourself, including tying shoelaces and doing buttons"),
                                           ("shampoo", "shampoo your hair"))),
    ("arising", "arising", (("stand_from_chair", "stand up from a straight chair"), ("bed", "get in and out of bed"))),
    ("eating", "eating", (("cut_meat", "cut your meat"), ("lift_cup", "lift a full cup or glass to your mouth"),
                          ("open_carton", "open a new milk carton"))),
    ("walking", "walking", (("walk_outdoors", "walk outdoors on flat ground"), ("climb_steps", "climb up five steps"))),
    ("hygiene", "hygiene", (("wash_body", "wash and dry your body"), ("tub_bath", "take a tub bath"),
                            ("toilet", "get on and off the toilet"))),
    ("reach", "reach", (("reach_overhead", "reach and get down a 5-pound object from just above your head"),
                        ("bend_down", "bend down to pick up clothing from the floor"))),
    ("grip", "grip", (("open_car_doors", "open car doors"), ("open_jars", "open jars which have been previously "
                                                                          "opened"),
                      ("turn_faucets", "turn faucets on and off"))),
    ("activities", "activities", (("errands", "run errands and shop"), ("car", "get in and out of a car"),
                                  ("chores", "do chores such as vacuuming or yard work"))),
)

_fields = {name: (item(3), Field(description=f"HAQ ({label}): able to {what}? {DIFFICULTY}"))
           for _, label, items in CATEGORIES for name, what in items}
_fields |= {f"aid_or_help_{key}": (bool, Finding(f"Uses an aid or device, or needs another person's help, for "
                                                 f"{label} (raises that category to at least 2)."))
            for key, label, _ in CATEGORIES}
PASInputs = create_model("PASInputs", __base__=Inputs, __module__=__name__, **_fields,
                         pain=(rating(), PAIN), patient_global=(rating(), GLOBAL))


@calculator(
    id="pas-ra",
    name="Patient Activity Scale (PAS) for RA",
    aliases=("Patient Activity Scale (PAS) for RA", "patient-activity-scale"),
    kind="score",
    specialty="rheumatology",
    output=Output("points", "decimal", 2, range=(0, 10), secondary=(ACTIVITY_OUTPUT,)),
    inputs=PASInputs,
    references=(
        Reference("Wolfe F, Michaud K, Pincus T. A composite disease activity scale for clinical practice, "
                  "observational studies, and clinical trials: the patient activity scale (PAS/PAS-II). J Rheumatol. "
                  "2005;32(12):2410-2415."),
        Reference("Fries JF, Spitz P, Kraines RG, Holman HR. Measurement of patient outcome in arthritis. Arthritis "
                  "Rheum. 1980;23(2):137-145.", "https://doi.org/10.1002/art.1780230202"),
        Reference("MDCalc. Patient Activity Scale (PAS) for RA.",
                  "https://www.mdcalc.com/calc/10146/patient-activity-scale-pas-ra"),
    ),
    formula="HAQ-DI: each of 8 categories scores its highest item (0-3), raised to 2 if an aid, device or help is "
    "used for it; HAQ-DI = mean of the 8 categories. PAS = (HAQ-DI × 3.33 + pain (0-10) + patient global (0-10)) / "
    "3; ≤ 0.25 near remission, 0.26-3.7 low, 3.71-< 8 moderate, ≥ 8 high.",
    description="Patient-reported rheumatoid arthritis activity from the HAQ disability index, pain and the "
    "patient's global assessment.",
    example={**{name: 1 for _, _, items in CATEGORIES for name, _ in items}, "climb_steps": 2, "tub_bath": 2,
             "reach_overhead": 2, "bend_down": 2, "open_jars": 2, "chores": 2, "pain": 6, "patient_global": 6},
)
def pas_ra(x: PASInputs, w: Working) -> float:  # type: ignore[valid-type]
    scores = []
    for key, label, items in CATEGORIES:
        worst = max(getattr(x, name) for name, _ in items)
        aided = getattr(x, f"aid_or_help_{key}")
        score = max(worst, 2) if aided else worst
        scores.append(w.step(f"HAQ {label}", f"highest item {worst}" + (", aid or help: at least 2" if aided else ""),
                             score, "points"))
    haq = w.step("HAQ-DI (mean of 8 categories)", f"({' + '.join(map(str, scores))}) / 8", sum(scores) / 8)
    return patient_activity(w, haq, x.pain, x.patient_global)
