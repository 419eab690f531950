"""IQCODE: Informant Questionnaire on Cognitive Decline in the Elderly, 16-item short form (Jorm 1994)."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field, create_model

from ..fields import Inputs
from ..spec import Output, Reference, Working, calculator, fmt

Rating = Annotated[int, Field(ge=1, le=5)]
ITEMS = ("remembering things about family and friends", "remembering things that happened recently",
         "recalling conversations a few days later", "remembering their address and telephone number",
         "remembering what day and month it is", "remembering where things are usually kept",
         "remembering where to find things put in a different place", "knowing how to work familiar machines",
         "learning to use a new gadget or machine", "learning new things in general",
         "following a story in a book or on TV", "making decisions on everyday matters", "handling money for shopping",
         "handling financial matters", "handling other everyday arithmetic problems",
         "using intelligence to understand what is going on and to reason things through")
IQCODEInputs = create_model("IQCODEInputs", __base__=Inputs, __module__=__name__, **{
    f"item_{i}": (Rating, Field(description=f"Item {i}, {what}, compared with 10 years ago: 1 much improved, 2 a bit "
                                            f"improved, 3 not much change, 4 a bit worse, 5 much worse."))
    for i, what in enumerate(ITEMS, 1)})


@calculator(
    id="iqcode",
    name="Informant Questionnaire on Cognitive Decline in the Elderly (IQCODE)",
    aliases=("Informant Questionnaire on Cognitive Decline in the Elderly (IQCODE)", "iqcode-16"),
    kind="score",
    specialty="geriatrics",
    output=Output("points", "decimal", 2, range=(1, 5)),
    inputs=IQCODEInputs,
    references=(
        Reference("Jorm AF. A short form of the Informant Questionnaire on Cognitive Decline in the Elderly (IQCODE): "
                  "development and cross-validation. Psychol Med. 1994;24(1):145-153.",
                  "https://doi.org/10.1017/S003329170002691X"),
        Reference("Jorm AF. The Informant Questionnaire on cognitive decline in the elderly (IQCODE): a review. Int "
                  "Psychogeriatr. 2004;16(3):275-293.", "https://doi.org/10.1017/S1041610204000390"),
        Reference("MDCalc. Informant Questionnaire on Cognitive Decline in the Elderly (IQCODE)."),
    ),
    formula="Mean of the 16 informant ratings, each 1 (much improved) to 5 (much worse) against 10 years ago; 3 means "
    "no change. Cut-offs of about 3.3-3.6 are used to screen for dementia (3.31 to 3.38 commonly).",
    description="A relative's or friend's report of cognitive change over 10 years, little affected by education; a "
    "screen, not a diagnosis.",
    example={f"item_{i}": v for i, v in enumerate((3, 4, 4, 3, 4, 3, 4, 3, 4, 4, 4, 4, 3, 4, 3, 3), 1)},
)
def iqcode(x: IQCODEInputs, w: Working) -> float:  # type: ignore[valid-type]
    ratings = [getattr(x, f"item_{i}") for i in range(1, len(ITEMS) + 1)]
    mean = w.step("IQCODE (mean of 16 items)", f"{sum(ratings)} / 16", sum(ratings) / 16, "points")
    w.interpretation = (f"{fmt(mean, 2)}: above the usual screening cut-offs (3.3-3.6); significant cognitive decline "
                        "likely" if mean >= 3.6 else f"{fmt(mean, 2)}: within the usual cut-off range (3.3-3.6); "
                        "possible cognitive decline" if mean >= 3.3 else f"{fmt(mean, 2)}: below the usual cut-offs; "
                        "cognitive decline unlikely")
    return mean
