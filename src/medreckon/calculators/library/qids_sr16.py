"""QIDS-SR16: Quick Inventory of Depressive Symptomatology, self-report (Rush 2003)."""

from __future__ import annotations

from pydantic import Field, create_model

from ..fields import Inputs
from ..points import sum_points
from ..scales import item
from ..spec import Output, Reference, Secondary, Working, calculator

ITEMS = (
    ("sleep_onset", "falling asleep"), ("mid_nocturnal", "sleep during the night"),
    ("early_waking", "waking up too early"), ("hypersomnia", "sleeping too much"), ("sad_mood", "feeling sad"),
    ("appetite_decreased", "decreased appetite"), ("appetite_increased", "increased appetite"),
    ("weight_decreased", "decreased weight (last two weeks)"), ("weight_increased", "increased weight (last two weeks)"),
    ("concentration", "concentration and decision making"), ("self_view", "view of myself"),
    ("suicidal_ideation", "thoughts of death or suicide"), ("interest", "general interest"),
    ("energy", "energy level"), ("slowed", "feeling slowed down"), ("restless", "feeling restless"),
)
# the nine DSM symptom domains: the highest of the grouped items counts once
DOMAINS = (
    ("sleep (highest of items 1-4)", ("sleep_onset", "mid_nocturnal", "early_waking", "hypersomnia")),
    ("sad mood", ("sad_mood",)),
    ("appetite or weight (highest of items 6-9)", ("appetite_decreased", "appetite_increased", "weight_decreased",
                                                   "weight_increased")),
    ("concentration", ("concentration",)), ("view of self", ("self_view",)),
    ("thoughts of death or suicide", ("suicidal_ideation",)), ("general interest", ("interest",)),
    ("energy", ("energy",)), ("psychomotor (highest of items 15-16)", ("slowed", "restless")),
)
SEVERITY = ("None", "Mild", "Moderate", "Severe", "Very severe")
QIDSInputs = create_model("QIDSInputs", __base__=Inputs, __module__=__name__, **{
    name: (item(3), Field(description=f"Item {i}, {what}, over the past 7 days: the statement chosen, 0-3."))
    for i, (name, what) in enumerate(ITEMS, 1)})


@calculator(
    id="qids-sr16",
    name="Quick Inventory of Depressive Symptomatology (QIDS-SR16)",
    aliases=("Quick Inventory of Depressive Symptomatology (QIDS)", "qids", "qids-sr"),
    kind="score",
    specialty="psychiatry",
    output=Output("points", "integer", 0, range=(0, 27), secondary=(
        Secondary("severity", "None (0-5), Mild (6-10), Moderate (11-15), Severe (16-20), Very severe (21-27)", None,
                  "text"),
    )),
    inputs=QIDSInputs,
    references=(
        Reference("Rush AJ, Trivedi MH, Ibrahim HM, et al. The 16-Item Quick Inventory of Depressive Symptomatology "
                  "(QIDS), clinician rating (QIDS-C), and self-report (QIDS-SR): a psychometric evaluation in "
                  "patients with chronic major depression. Biol Psychiatry. 2003;54(5):573-583.",
                  "https://doi.org/10.1016/S0006-3223(02)01866-8"),
        Reference("MDCalc. Quick Inventory of Depressive Symptomatology (QIDS)."),
    ),
    formula="Sixteen items each 0-3 over 9 domains: the highest of the four sleep items, the highest of the four "
    "appetite/weight items and the higher of the two psychomotor items count once; the other six items count as "
    "they are. Total 0-27: 0-5 none, 6-10 mild, 11-15 moderate, 16-20 severe, 21-27 very severe depression.",
    description="Self-reported severity of depression on the nine DSM criterion domains over the past week.",
    example={"sleep_onset": 3, "mid_nocturnal": 3, "early_waking": 1, "hypersomnia": 0, "sad_mood": 2,
             "appetite_decreased": 1, "appetite_increased": 0, "weight_decreased": 1, "weight_increased": 0,
             "concentration": 2, "self_view": 2, "suicidal_ideation": 1, "interest": 2, "energy": 2, "slowed": 1,
             "restless": 1},
)
def qids_sr16(x: QIDSInputs, w: Working) -> int:  # type: ignore[valid-type]
    parts = [w.step(what, " / ".join(str(getattr(x, n)) for n in names), max(getattr(x, n) for n in names), "points")
             for what, names in DOMAINS]
    total = sum_points(w, parts)
    severity = w.output("severity", SEVERITY[0] if total <= 5 else SEVERITY[1] if total <= 10 else SEVERITY[2]
                        if total <= 15 else SEVERITY[3] if total <= 20 else SEVERITY[4])
    w.interpretation = f"{severity.lower()} depression"
    return total
