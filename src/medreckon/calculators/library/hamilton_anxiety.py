"""HAM-A: Hamilton Anxiety Rating Scale (Hamilton 1959)."""

from __future__ import annotations

from pydantic import Field, create_model

from ..fields import Inputs
from ..scales import item, score_items
from ..spec import Output, Reference, Secondary, Working, calculator

ITEMS = (
    ("anxious_mood", "anxious mood"), ("tension", "tension"), ("fears", "fears"), ("insomnia", "insomnia"),
    ("intellectual", "intellectual (difficulty concentrating, poor memory)"), ("depressed_mood", "depressed mood"),
    ("somatic_muscular", "somatic (muscular)"), ("somatic_sensory", "somatic (sensory)"),
    ("cardiovascular", "cardiovascular symptoms"), ("respiratory", "respiratory symptoms"),
    ("gastrointestinal", "gastrointestinal symptoms"), ("genitourinary", "genitourinary symptoms"),
    ("autonomic", "autonomic symptoms"), ("behavior_at_interview", "behaviour at interview"),
)
SEVERITY = ("Mild", "Mild to moderate", "Moderate to severe", "Severe")
HAMAInputs = create_model("HAMAInputs", __base__=Inputs, __module__=__name__, **{
    name: (item(4), Field(description=f"{what.capitalize()}: 0 not present, 1 mild, 2 moderate, 3 severe, 4 very "
                                      f"severe."))
    for name, what in ITEMS})


@calculator(
    id="hamilton-anxiety",
    name="Hamilton Anxiety Rating Scale (HAM-A)",
    aliases=("Hamilton Anxiety Scale", "ham-a", "hama"),
    kind="score",
    specialty="psychiatry",
    output=Output("points", "integer", 0, range=(0, 56), secondary=(
        Secondary("severity", "Mild (≤ 17), Mild to moderate (18-24), Moderate to severe (25-30), Severe (> 30)", None,
                  "text"),
    )),
    inputs=HAMAInputs,
    references=(
        Reference("Hamilton M. The assessment of anxiety states by rating. Br J Med Psychol. 1959;32(1):50-55.",
                  "https://doi.org/10.1111/j.2044-8341.1959.tb00467.x"),
        Reference("MDCalc. Hamilton Anxiety Scale."),
    ),
    formula="Fourteen items each 0 (not present) to 4 (very severe); total 0-56. ≤ 17 mild, 18-24 mild to moderate, "
    "25-30 moderate to severe, > 30 severe anxiety.",
    description="Clinician-rated severity of anxiety symptoms, psychic and somatic.",
    example={"anxious_mood": 3, "tension": 3, "fears": 1, "insomnia": 2, "intellectual": 2, "depressed_mood": 2,
             "somatic_muscular": 2, "somatic_sensory": 1, "cardiovascular": 2, "respiratory": 1,
             "gastrointestinal": 1, "genitourinary": 1, "autonomic": 2, "behavior_at_interview": 2},
)
def hamilton_anxiety(x: HAMAInputs, w: Working) -> int:  # type: ignore[valid-type]
    total = score_items(w, [(what, getattr(x, name), 4) for name, what in ITEMS])
    severity = w.output("severity", SEVERITY[0] if total <= 17 else SEVERITY[1] if total <= 24 else SEVERITY[2]
                        if total <= 30 else SEVERITY[3])
    w.interpretation = f"{severity.lower()} anxiety"
    return total
