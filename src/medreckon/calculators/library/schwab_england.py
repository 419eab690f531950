"""Schwab and England activities of daily living scale (Schwab & England 1969)."""

from __future__ import annotations

from pydantic import Field

from ..fields import Inputs, choice
from ..spec import Output, Reference, Working, calculator

LEVELS = {
    "completely independent, no slowness, difficulty or impairment": 100,
    "completely independent, some slowness, difficulty or impairment, may take twice as long": 90,
    "completely independent in most chores, takes twice as long, conscious of difficulty and slowness": 80,
    "not completely independent, more difficulty with some chores, three to four times as long": 70,
    "some dependency, can do most chores but exceedingly slowly and with much effort, errors, some impossible": 60,
    "more dependent, help with half of chores, difficulty with everything": 50,
    "very dependent, can assist with all chores but few alone": 40,
    "with effort now and then does a few chores alone or begins alone, much help needed": 30,
    "nothing alone, can be a slight help with some chores, severe invalid": 20,
    "totally dependent, helpless, complete invalid": 10,
    "vegetative functions such as swallowing, bladder and bowel function not working, bedridden": 0,
}
Level = choice(*LEVELS)


class SchwabEnglandInputs(Inputs):
    independence: Level = Field(description="The level of independence that fits: " + "; ".join(
        f"'{d}' ({v}%)" for d, v in LEVELS.items()) + ".")


@calculator(
    id="schwab-england",
    name="Schwab and England Activities of Daily Living (ADL) Scale",
    aliases=("schwab-and-england", "schwab-england-adl"),
    kind="score",
    specialty="neurology",
    output=Output("%", "integer", 0, range=(0, 100)),
    inputs=SchwabEnglandInputs,
    references=(
        Reference("Schwab RS, England AC. Projection technique for evaluating surgery in Parkinson's disease. In: "
                  "Gillingham FJ, Donaldson IML, eds. Third Symposium on Parkinson's Disease. Edinburgh: E&S "
                  "Livingstone; 1969:152-157."),
        Reference("MDCalc. Schwab and England Activities of Daily Living (ADL) Scale."),
    ),
    formula="100% completely independent ... 0% vegetative, in steps of 10%.",
    description="Independence in activities of daily living in Parkinson's disease, rated by the clinician or the "
    "patient; higher is more independent.",
    example={"independence": "some dependency, can do most chores but exceedingly slowly and with much effort, errors, "
             "some impossible"},
)
def schwab_england(x: SchwabEnglandInputs, w: Working) -> int:
    level = w.step("Schwab and England", x.independence, LEVELS[x.independence], "%")
    w.interpretation = f"{level}%: {x.independence}"
    return level
