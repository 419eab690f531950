"""ECOG (Zubrod) performance status (Oken 1982)."""

from __future__ import annotations

from pydantic import Field

from ..fields import Inputs, choice
from ..spec import Output, Reference, Working, calculator

# the grade of each description, in Oken's wording (shortened)
GRADES = {
    "fully active": 0,
    "restricted in strenuous activity but ambulatory": 1,
    "ambulatory and capable of self-care but unable to work": 2,
    "capable of only limited self-care": 3,
    "completely disabled": 4,
    "dead": 5,
}
MEANING = {
    0: "fully active, able to carry on all pre-disease performance without restriction",
    1: "restricted in physically strenuous activity but ambulatory and able to carry out light or sedentary work",
    2: "ambulatory and capable of all self-care but unable to carry out any work activities; up and about more "
       "than 50% of waking hours",
    3: "capable of only limited self-care; confined to bed or chair more than 50% of waking hours",
    4: "completely disabled; cannot carry on any self-care; totally confined to bed or chair",
    5: "dead",
}


class ECOGInputs(Inputs):
    performance: choice(*GRADES) = Field(  # type: ignore[valid-type]
        description="The description that fits: 'fully active' (0); 'restricted in strenuous activity but ambulatory' "
        "(1: light or sedentary work possible); 'ambulatory and capable of self-care but unable to work' (2: up and "
        "about > 50% of waking hours); 'capable of only limited self-care' (3: in bed or chair > 50% of waking "
        "hours); 'completely disabled' (4: no self-care, confined to bed or chair); 'dead' (5).")


@calculator(
    id="ecog-performance-status",
    name="Eastern Cooperative Oncology Group (ECOG) Performance Status",
    aliases=("ecog", "zubrod", "who-performance-status", "ecog-ps"),
    kind="score",
    specialty="oncology",
    output=Output("points", "integer", 0, range=(0, 5)),
    inputs=ECOGInputs,
    references=(
        Reference("Oken MM, Creech RH, Tormey DC, et al. Toxicity and response criteria of the Eastern Cooperative "
                  "Oncology Group. Am J Clin Oncol. 1982;5(6):649-655.", "https://doi.org/10.1097/00000421-198212000-00014"),
        Reference("MDCalc: Eastern Cooperative Oncology Group (ECOG) Performance Status.",
                  "https://www.mdcalc.com/calc/3965/eastern-cooperative-oncology-group-ecog-performance-status"),
    ),
    formula="0 fully active; 1 restricted in strenuous activity, ambulatory, light work; 2 ambulatory, all self-care, "
    "no work, up > 50% of waking hours; 3 limited self-care, in bed or chair > 50%; 4 completely disabled; 5 dead",
    description="Grades a patient's level of functioning for oncology trials and treatment decisions (often a "
    "threshold for chemotherapy eligibility, e.g. ECOG 0-2).",
    example={"performance": "restricted in strenuous activity but ambulatory"},
)
def ecog_performance_status(x: ECOGInputs, w: Working) -> int:
    grade = w.step("ECOG grade", x.performance, GRADES[x.performance], "points")
    w.interpretation = f"ECOG {grade}: {MEANING[grade]}"
    return grade
