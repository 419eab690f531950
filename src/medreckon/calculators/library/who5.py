"""WHO-5 Well-Being Index (WHO 1998; Topp 2015)."""

from __future__ import annotations

from pydantic import Field

from ..fields import Inputs
from ..scales import item, score_items
from ..spec import Output, Reference, Secondary, Working, calculator

FREQUENCY = ("Over the last two weeks: 5 all of the time, 4 most of the time, 3 more than half of the time, 2 less "
             "than half of the time, 1 some of the time, 0 at no time.")


class WHO5Inputs(Inputs):
    cheerful: item(5) = Field(description=f"I have felt cheerful and in good spirits. {FREQUENCY}")
    calm: item(5) = Field(description=f"I have felt calm and relaxed. {FREQUENCY}")
    active: item(5) = Field(description=f"I have felt active and vigorous. {FREQUENCY}")
    rested: item(5) = Field(description=f"I woke up feeling fresh and rested. {FREQUENCY}")
    interested: item(5) = Field(description=f"My daily life has been filled with things that interest me. {FREQUENCY}")


@calculator(
    id="who-5",
    name="WHO-5 Well-Being Index",
    aliases=("Who Five Well Being Index (WHO-5)", "who5", "who-five-well-being-index"),
    kind="score",
    specialty="psychiatry",
    output=Output("%", "integer", 0, range=(0, 100), secondary=(
        Secondary("raw_score", "the raw score, 0-25", "points", "integer"),
    )),
    inputs=WHO5Inputs,
    references=(
        Reference("Topp CW, Østergaard SD, Søndergaard S, Bech P. The WHO-5 Well-Being Index: a systematic review of "
                  "the literature. Psychother Psychosom. 2015;84(3):167-176.", "https://doi.org/10.1159/000376585"),
        Reference("MDCalc. Who Five Well Being Index (WHO-5)."),
    ),
    formula="Five items each 0 (at no time) to 5 (all of the time); raw score 0-25, × 4 for the percentage score "
    "0-100. ≤ 50 (raw ≤ 12) suggests reduced well-being and warrants screening for depression; ≤ 28 (raw ≤ 7) "
    "suggests likely depression.",
    description="Short self-report of current mental well-being over the last two weeks; the main value is the "
    "percentage score MDCalc shows.",
    example={"cheerful": 0, "calm": 1, "active": 1, "rested": 0, "interested": 1},
)
def who5(x: WHO5Inputs, w: Working) -> int:
    raw = score_items(w, [("cheerful", x.cheerful, 5), ("calm and relaxed", x.calm, 5), ("active", x.active, 5),
                          ("fresh and rested", x.rested, 5), ("interested", x.interested, 5)])
    w.output("raw_score", raw)
    pct = w.step("percentage score", f"{raw} × 4", raw * 4, "%")
    w.interpretation = ("≤ 28: likely depression; assess further" if pct <= 28 else
                        "≤ 50: likely reduced well-being; screen for depression" if pct <= 50 else
                        "> 50: no sign of reduced well-being")
    return pct
