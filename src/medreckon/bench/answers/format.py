"""Answers written out, typed and compared: `format_answer` (as the dataset writes ground truth,
or as our prompts ask for it), `typed_answer` (a calculator value as a case's output type), the
decimal places an answer shows, and `same_value`."""

from __future__ import annotations

import datetime as dt
import math
from decimal import Decimal
from typing import Any

from ...calculators.rounding import round_half_away
from ..types import Answer
from .values import written_decimals


def format_answer(answer: Answer | None, output_type: str | None = None, style: str = "dataset") -> Any:
    """An answer written out (None stays None). `style="dataset"`: text the way MedCalc-Bench
    writes ground truth ("('14 weeks', '1 days')", "4", "25.238"); `style="prompt"`: the value
    the way our prompts ask for it (a JSON number, "03/05/2021", "14 weeks, 1 days"), as an
    exemplar's answer or a calculator's answer shown back to the model."""
    if answer is None:
        return None
    if isinstance(answer, str):  # a category label
        return answer
    if output_type == "date" or isinstance(answer, dt.date):
        if not isinstance(answer, dt.date):
            raise ValueError(f"a date answer must be a date, got {answer!r}")
        return answer.strftime("%m/%d/%Y")
    if output_type == "gestational_age" or isinstance(answer, tuple):
        if not (isinstance(answer, tuple) and len(answer) == 2):
            raise ValueError(f"a gestational-age answer must be (weeks, days), got {answer!r}")
        weeks, days = answer
        return f"('{weeks} weeks', '{days} days')" if style == "dataset" else f"{weeks} weeks, {days} days"
    if style == "prompt":
        return int(round(float(answer))) if output_type == "integer" else answer
    if isinstance(answer, float) and answer.is_integer() and output_type == "integer":
        return str(int(answer))
    return repr(answer) if isinstance(answer, float) else str(answer)


def typed_answer(value: Any, output_type: str) -> Answer:
    """A calculator's value as the case's output type (decimal -> float unrounded, integer ->
    int rounded half away from zero, date, (weeks, days), category -> its label); ValueError
    when it cannot be."""
    if output_type == "category":
        if isinstance(value, str) and value.strip():
            return value
        raise ValueError(f"the calculator gave {value!r}, not a label")
    if output_type == "date":
        if isinstance(value, dt.date):
            return value
        raise ValueError(f"the calculator gave {value!r}, not a date")
    if output_type == "gestational_age":
        if isinstance(value, list | tuple) and len(value) == 2:
            return int(value[0]), int(value[1])
        raise ValueError(f"the calculator gave {value!r}, not (weeks, days)")
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ValueError(f"the calculator gave {value!r}, not a number")
    if output_type == "integer":
        return int(round_half_away(float(value), 0))
    return float(value)


def shown_decimals(answer: Any) -> int:
    """Decimal places of a number's shortest decimal form: 25.2 -> 1, 25 -> 0, 1e-05 -> 5."""
    if isinstance(answer, bool) or not isinstance(answer, int | float) or not math.isfinite(answer):
        raise ValueError(f"not a finite number: {answer!r}")
    return 0 if isinstance(answer, int) else written_decimals(Decimal(repr(answer)).normalize())


def decimals_of(answer: Answer | None) -> int | None:
    """The decimal places an answer shows (None for dates and gestational ages)."""
    if isinstance(answer, float):
        return shown_decimals(answer)
    return 0 if isinstance(answer, int) and not isinstance(answer, bool) else None


def same_value(a: Any, b: Any) -> bool:
    """Equal, numbers (not booleans) within a relative 1e-6: the one comparison of an answer with
    a calculator's, and of an input with gold's."""
    if all(isinstance(v, int | float) and not isinstance(v, bool) for v in (a, b)):
        return abs(a - b) <= 1e-6 * max(abs(a), abs(b))
    return a == b


def answer_source(answer: Any, value: Any, rounded: Any, output_type: str,
                  decimals: int | None) -> str | None:
    """How a model's own answer is a calculator's: ``value`` (as it is, or typed as the case's
    output type), ``rounded`` (the calculator's rounding), ``answer_decimals`` (the value rounded
    half away from zero to the decimals the answer shows), or None when it is none of these.
    One rule for the strategy that records it and the verifier that checks it."""
    if answer is None:
        return None
    candidates: list[tuple[str, Any]] = [("value", value), ("rounded", rounded)]
    try:
        candidates.append(("value", typed_answer(value, output_type)))
    except ValueError:
        pass  # the calculator's value is not of the case's output type: no typed form
    numeric = isinstance(value, int | float) and not isinstance(value, bool)
    if numeric and isinstance(answer, int | float) and decimals is not None:
        candidates.append(("answer_decimals", round_half_away(float(value), min(decimals, 9))))
    return next((how for how, v in candidates if same_value(answer, v)), None)

