"""Rating scales scored item by item (questionnaires such as PHQ-9, observer scales such as NIHSS):
an item is a whole number of points in a published range, and the scale's total is their sum.

`item(maximum)` declares an item input (0 to `maximum`, or only the `allowed` points where the scale
skips some, as COWS does); `score_items` records one step per item, in the order the scale lists
them, and their total.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, Any

from pydantic import AfterValidator, Field, WithJsonSchema
from pydantic_core import PydanticCustomError

from .points import sum_points
from .spec import Working


def _only(allowed: tuple[int, ...]) -> Any:
    def check(v: int) -> int:
        if v not in allowed:
            raise PydanticCustomError("medreckon", "{message}", {
                "message": f"{v} is not a score this item can take",
                "expected": f"one of {', '.join(map(str, allowed))}",
                "suggestion": "give the points of the level that matches the observation"})
        return v

    return AfterValidator(check)


def item(maximum: int, allowed: tuple[int, ...] | None = None) -> Any:
    """The type of one scale item: whole points from 0 to `maximum` (only `allowed` ones when given)."""
    if allowed is None:
        return Annotated[int, Field(ge=0, le=maximum)]
    # the schema lists the allowed points, so a schema-valid value is one the item takes
    return Annotated[int, Field(ge=0, le=maximum), _only(allowed),
                     WithJsonSchema({"type": "integer", "enum": list(allowed)})]


def rating(maximum: float = 10) -> Any:
    """A rating on a scale from 0 to `maximum` (a 0-10 numeric rating or a 10 cm visual analogue scale read in cm):
    decimals allowed, as patients mark a line anywhere."""
    return Annotated[float, Field(ge=0, le=maximum)]


def score_items(w: Working, items: Sequence[tuple[str, int, int]]) -> int:
    """One step per (what, points, maximum) item, then the total."""
    parts = [w.step(what, f"{points} of {maximum}", points, "points") for what, points, maximum in items]
    return sum_points(w, parts)
