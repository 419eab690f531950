"""Lansky Play-Performance Scale for children's functional status (Lansky 1987)."""

from __future__ import annotations

from pydantic import Field

from ..fields import Inputs
from ..spec import Output, Reference, Secondary, Working, calculator

LEVELS = {
    100: "fully active, normal", 90: "minor restrictions in strenuous physical activity",
    80: "active, but tires more quickly", 70: "greater restriction of play and less time spent in play",
    60: "up and around, but active play minimal; keeps busy with quieter activities",
    50: "lies around much of the day, but gets dressed; no active playing but participates in quiet play",
    40: "mainly in bed; participates in quiet activities", 30: "bedbound; needs assistance even for quiet play",
    20: "sleeps often; play entirely limited to very passive activities", 10: "doesn't play; does not get out of bed",
    0: "unresponsive",
}


class LanskyInputs(Inputs):
    score: int = Field(ge=0, le=100, multiple_of=10, description="The level that describes the child (multiples of "
                       "10): " + "; ".join(f"{k} {v}" for k, v in LEVELS.items()))


@calculator(
    id="lansky-play-performance",
    name="Lansky Play-Performance Scale for Pediatric Functional Status",
    aliases=("Lansky Play-Performance Scale for Pediatric Functional Status", "lansky", "lansky-scale"),
    kind="score",
    specialty="oncology",
    output=Output("points", "integer", 0, range=(0, 100), secondary=(
        Secondary("description", "the level's description", None, "text"),
    )),
    inputs=LanskyInputs,
    references=(
        Reference("Lansky SB, List MA, Lansky LL, Ritter-Sterr C, Miller DR. The measurement of performance in "
                  "childhood cancer patients. Cancer. 1987;60(7):1651-1656.",
                  "https://doi.org/10.1002/1097-0142(19871001)60:7<1651::AID-CNCR2820600738>3.0.CO;2-J"),
        Reference("MDCalc. Lansky Play-Performance Scale for Pediatric Functional Status."),
    ),
    formula="One level from 100 (fully active, normal) down to 0 (unresponsive) in steps of 10, rated from the "
    "child's play and activity.",
    description="Functional status of children (1-16 years) with cancer, the pediatric counterpart of the Karnofsky "
    "scale; below 50 means significant limitation (often an exclusion in trials).",
    example={"score": 100},
)
def lansky_play_performance(x: LanskyInputs, w: Working) -> int:
    text = w.output("description", LEVELS[x.score])
    w.step("Lansky level", text, x.score, "points")
    w.interpretation = f"{x.score}: {text}" + ("; able to carry on normal activity" if x.score >= 80 else
                                              "; significant limitation" if x.score < 50 else "")
    return x.score
