"""BPRS: Brief Psychiatric Rating Scale, 18 items (Overall & Gorham 1962)."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field, create_model

from ..fields import Inputs
from ..points import sum_points
from ..spec import Output, Reference, Working, calculator

Rating = Annotated[int, Field(ge=1, le=7)]
ITEMS = ("somatic concern", "anxiety", "emotional withdrawal", "conceptual disorganization", "guilt feelings",
         "tension", "mannerisms and posturing", "grandiosity", "depressive mood", "hostility", "suspiciousness",
         "hallucinatory behaviour", "motor retardation", "uncooperativeness", "unusual thought content",
         "blunted affect", "excitement", "disorientation")
NAMES = tuple(name.replace(" ", "_").replace("-", "_") for name in ITEMS)
BPRSInputs = create_model("BPRSInputs", __base__=Inputs, __module__=__name__, **{
    name: (Rating, Field(description=f"{what.capitalize()}: 1 not present, 2 very mild, 3 mild, 4 moderate, 5 "
                                     f"moderately severe, 6 severe, 7 extremely severe."))
    for name, what in zip(NAMES, ITEMS, strict=True)})


@calculator(
    id="bprs",
    name="Brief Psychiatric Rating Scale (BPRS)",
    aliases=("Brief Psychiatric Rating Scale (BPRS)", "brief-psychiatric-rating-scale"),
    kind="score",
    specialty="psychiatry",
    output=Output("points", "integer", 0, range=(18, 126)),
    inputs=BPRSInputs,
    references=(
        Reference("Overall JE, Gorham DR. The Brief Psychiatric Rating Scale. Psychol Rep. 1962;10(3):799-812.",
                  "https://doi.org/10.2466/pr0.1962.10.3.799"),
        Reference("MDCalc. Brief Psychiatric Rating Scale (BPRS)."),
    ),
    formula="Eighteen symptom constructs each rated 1 (not present) to 7 (extremely severe); total 18-126. Higher "
    "totals mean more severe psychopathology.",
    description="Clinician-rated severity of psychotic and affective symptoms, used to follow patients with "
    "schizophrenia and other psychoses.",
    example={name: 3 for name in NAMES},
)
def bprs(x: BPRSInputs, w: Working) -> int:  # type: ignore[valid-type]
    total = sum_points(w, [w.step(what, f"{getattr(x, name)} of 7", getattr(x, name), "points")
                           for name, what in zip(NAMES, ITEMS, strict=True)])
    w.interpretation = f"BPRS {total} of 126 (18 = no symptoms): higher totals mean more severe psychopathology"
    return total
