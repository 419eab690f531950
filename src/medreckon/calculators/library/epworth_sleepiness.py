"""Epworth Sleepiness Scale from its item ratings (Johns 1991).

The ESS wording is copyrighted (M. W. Johns) and licensed for use; the scoring rule is published, so
this calculator takes the eight 0-3 ratings the patient gave."""

from __future__ import annotations

from pydantic import Field, create_model

from ..fields import Inputs
from ..scales import item, score_items
from ..spec import Output, Reference, Secondary, Working, calculator

SITUATIONS = (("reading", "sitting and reading"), ("watching_tv", "watching TV"),
              ("public_place", "sitting inactive in a public place"),
              ("car_passenger", "as a passenger in a car for an hour without a break"),
              ("lying_down_afternoon", "lying down to rest in the afternoon"),
              ("talking", "sitting and talking to someone"), ("after_lunch", "sitting quietly after a lunch without "
                                                                            "alcohol"),
              ("in_traffic", "in a car, while stopped for a few minutes in traffic"))
BANDS = ((16, "Severe excessive daytime sleepiness"), (13, "Moderate excessive daytime sleepiness"),
         (11, "Mild excessive daytime sleepiness"), (6, "Higher normal daytime sleepiness"),
         (0, "Lower normal daytime sleepiness"))
EpworthInputs = create_model("EpworthInputs", __base__=Inputs, __module__=__name__, **{
    name: (item(3), Field(description=f"Chance of dozing {what}: 0 would never doze, 1 slight, 2 moderate, 3 high "
                                      f"chance."))
    for name, what in SITUATIONS})


@calculator(
    id="epworth-sleepiness",
    name="Epworth Sleepiness Scale",
    aliases=("Epworth Sleepiness Scale", "ess", "epworth"),
    kind="score",
    specialty="pulmonology",
    output=Output("points", "integer", 0, range=(0, 24), secondary=(
        Secondary("category", "lower normal (0-5), higher normal (6-10), mild (11-12), moderate (13-15) or severe "
                  "(16-24) excessive daytime sleepiness", None, "text"),
    )),
    inputs=EpworthInputs,
    references=(
        Reference("Johns MW. A new method for measuring daytime sleepiness: the Epworth sleepiness scale. Sleep. "
                  "1991;14(6):540-545.", "https://doi.org/10.1093/sleep/14.6.540"),
        Reference("MDCalc. Epworth Sleepiness Scale."),
    ),
    formula="Eight situations each rated 0-3 for the chance of dozing; total 0-24. 0-5 lower normal, 6-10 higher "
    "normal, 11-12 mild, 13-15 moderate, 16-24 severe excessive daytime sleepiness; above 10 is abnormal.",
    description="Self-rated daytime sleepiness, e.g. when sleep apnoea or narcolepsy is suspected.",
    example={"reading": 1, "watching_tv": 2, "public_place": 1, "car_passenger": 2, "lying_down_afternoon": 3,
             "talking": 0, "after_lunch": 2, "in_traffic": 1},
)
def epworth_sleepiness(x: EpworthInputs, w: Working) -> int:  # type: ignore[valid-type]
    total = score_items(w, [(what, getattr(x, name), 3) for name, what in SITUATIONS])
    label = w.output("category", next(text for floor, text in BANDS if total >= floor))
    w.interpretation = label.lower() + ("; above 10 is abnormal" if total > 10 else "")
    return total
