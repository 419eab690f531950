"""Shortened (5-item) Modified Fatigue Impact Scale (MFIS-5; Multiple Sclerosis Council 1998)."""

from __future__ import annotations

from pydantic import Field, create_model

from ..fields import Inputs
from ..scales import item, score_items
from ..spec import Output, Reference, Working, calculator

FREQUENCY = "Over the past 4 weeks: 0 never, 1 rarely, 2 sometimes, 3 often, 4 almost always."
ITEMS = (
    ("less_alert", "I have been less alert (MFIS item 1)"),
    ("limited_away_from_home", "I have been limited in my ability to do things away from home (item 9)"),
    ("trouble_maintaining_effort", "I have had trouble maintaining physical effort for long periods (item 10)"),
    ("less_able_physical_tasks", "I have been less able to complete tasks that require physical effort (item 17)"),
    ("trouble_concentrating", "I have had trouble concentrating (item 19)"),
)
MFIS5Inputs = create_model("MFIS5Inputs", __base__=Inputs, __module__=__name__, **{
    name: (item(4), Field(description=f"{what}. {FREQUENCY}")) for name, what in ITEMS})


@calculator(
    id="mfis-5",
    name="Shortened Modified Fatigue Impact Scale (MFIS-5)",
    aliases=("Shortened Modified Fatigue Impact Scale (MFIS)", "mfis5", "modified-fatigue-impact-scale-5"),
    kind="score",
    specialty="neurology",
    output=Output("points", "integer", 0, range=(0, 20)),
    inputs=MFIS5Inputs,
    references=(
        Reference("Multiple Sclerosis Council for Clinical Practice Guidelines. Fatigue and multiple sclerosis: "
                  "evidence-based management strategies for fatigue in multiple sclerosis. Washington, DC: Paralyzed "
                  "Veterans of America; 1998."),
        Reference("MDCalc. Shortened Modified Fatigue Impact Scale (MFIS).",
                  "https://www.mdcalc.com/calc/10211/shortened-modified-fatigue-impact-scale-mfis"),
    ),
    formula="Five MFIS items (1, 9, 10, 17, 19), each 0 (never) to 4 (almost always) over the past 4 weeks; total "
    "0-20. Higher scores mean a greater impact of fatigue on daily life.",
    description="Brief measure of how fatigue affects physical, cognitive and psychosocial functioning, first in "
    "multiple sclerosis and also used in rheumatic disease.",
    example={"less_alert": 3, "limited_away_from_home": 2, "trouble_maintaining_effort": 3,
             "less_able_physical_tasks": 3, "trouble_concentrating": 2},
)
def mfis_5(x: MFIS5Inputs, w: Working) -> int:  # type: ignore[valid-type]
    total = score_items(w, [(what, getattr(x, name), 4) for name, what in ITEMS])
    w.interpretation = f"{total} of 20: higher scores mean fatigue affects daily life more"
    return total
