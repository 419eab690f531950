"""PHQ-4: four-item screen for anxiety and depression (Kroenke 2009)."""

from __future__ import annotations

from pydantic import Field

from ..fields import Inputs
from ..scales import item, score_items
from ..spec import Output, Reference, Secondary, Working, calculator

FREQUENCY = "Over the last 2 weeks: 0 not at all, 1 several days, 2 more than half the days, 3 nearly every day."
SEVERITY = ("Normal", "Mild", "Moderate", "Severe")


class PHQ4Inputs(Inputs):
    nervous: item(3) = Field(description=f"Feeling nervous, anxious or on edge (GAD-2 item 1). {FREQUENCY}")
    worrying: item(3) = Field(description=f"Not being able to stop or control worrying (GAD-2 item 2). {FREQUENCY}")
    anhedonia: item(3) = Field(description=f"Little interest or pleasure in doing things (PHQ-2 item 1). {FREQUENCY}")
    depressed: item(3) = Field(description=f"Feeling down, depressed or hopeless (PHQ-2 item 2). {FREQUENCY}")


@calculator(
    id="phq-4",
    name="Patient Health Questionnaire-4 (PHQ-4)",
    aliases=("Patient Health Questionnaire-4 (PHQ-4)", "phq4"),
    kind="score",
    specialty="psychiatry",
    output=Output("points", "integer", 0, range=(0, 12), secondary=(
        Secondary("severity", "psychological distress: Normal (0-2), Mild (3-5), Moderate (6-8), Severe (9-12)", None,
                  "text"),
        Secondary("anxiety_positive", "GAD-2 subscale (items 1-2) ≥ 3", None, "boolean"),
        Secondary("depression_positive", "PHQ-2 subscale (items 3-4) ≥ 3", None, "boolean"),
    )),
    inputs=PHQ4Inputs,
    references=(
        Reference("Kroenke K, Spitzer RL, Williams JB, Löwe B. An ultra-brief screening scale for anxiety and "
                  "depression: the PHQ-4. Psychosomatics. 2009;50(6):613-621.", "https://doi.org/10.1176/appi.psy.50.6.613"),
        Reference("MDCalc. Patient Health Questionnaire-4 (PHQ-4)."),
    ),
    formula="Four items each 0-3; total 0-12: 0-2 normal, 3-5 mild, 6-8 moderate, 9-12 severe distress. Anxiety "
    "(items 1-2) ≥ 3 and depression (items 3-4) ≥ 3 are positive screens.",
    description="Ultra-brief screen combining the GAD-2 and PHQ-2; a positive subscale calls for the full GAD-7 or "
    "PHQ-9.",
    example={"nervous": 3, "worrying": 3, "anhedonia": 3, "depressed": 3},
)
def phq4(x: PHQ4Inputs, w: Working) -> int:
    total = score_items(w, [("nervous, anxious or on edge", x.nervous, 3), ("cannot stop worrying", x.worrying, 3),
                            ("little interest or pleasure", x.anhedonia, 3), ("down, depressed, hopeless", x.depressed, 3)])
    severity = w.output("severity", SEVERITY[0] if total <= 2 else SEVERITY[1] if total <= 5 else SEVERITY[2]
                        if total <= 8 else SEVERITY[3])
    anxiety = w.output("anxiety_positive", x.nervous + x.worrying >= 3)
    depression = w.output("depression_positive", x.anhedonia + x.depressed >= 3)
    likely = [name for name, yes in (("anxiety", anxiety), ("depression", depression)) if yes]
    w.interpretation = f"{severity.lower()} psychological distress; " + (
        " and ".join(likely) + " likely (subscale ≥ 3)" if likely else "neither subscale positive")
    return total
