"""How one value is written in a report cell: percentages, intervals, p-values, numbers,
medians with their IQR, cut labels, answers and input values as a person reads them, a run's
short name, and the scoring rule with its parameters."""

from __future__ import annotations

import datetime as dt
import hashlib
from collections.abc import Mapping
from typing import Any

NONE = "—"  # a value that does not exist (no attempts, no interval, a test not made)


def percent(part: float | None, whole: float = 1) -> str:
    """'42.9%' for part / whole (a proportion, or a count of a total); NONE without a value."""
    if part is None or not whole:
        return NONE
    return f"{100 * part / whole:.1f}%"


def interval(lo_hi: tuple[float, float] | None, n: int = 1) -> str:
    """'12.3–45.6%' for an interval of a proportion; NONE when there is none or it rests on no
    observation (n == 0)."""
    if lo_hi is None or n == 0:
        return NONE
    return f"{100 * lo_hi[0]:.1f}–{100 * lo_hi[1]:.1f}%"


def p_value(p: float | None, below: str = "<0.0001") -> str:
    """Three decimals, four below 0.01, `below` under 0.0001."""
    if p is None:
        return NONE
    if p < 0.0001:
        return below
    return f"{p:.4f}" if p < 0.01 else f"{p:.3f}"


def number(x: float | None, fmt: str = ".0f") -> str:
    return NONE if x is None else format(x, fmt)


def median_iqr(median: float | None, iqr: tuple[float, float] | None) -> str:
    """'0.167 (0.139–0.194)'."""
    if median is None or iqr is None:
        return NONE
    return f"{median:.3f} ({iqr[0]:.3f}–{iqr[1]:.3f})"


def cut(text: str, width: int) -> str:
    """`text` cut to `width` characters, an ellipsis marking the cut."""
    return text if len(text) <= width else text[: width - 1] + "…"


def answer_text(value: Any) -> str:
    """An answer as a person reads it: dates ISO, (weeks, days), numbers to 6 significant
    figures; NONE for none."""
    if value is None:
        return NONE
    if isinstance(value, dt.date):
        return value.isoformat()
    if isinstance(value, tuple | list) and len(value) == 2:
        return f"{value[0]} weeks {value[1]} days"
    if isinstance(value, float):
        return f"{value:.6g}"
    return str(value)


def value_text(value: Any) -> str:
    """An input value as it was written: '130 /min' for {"value": 130.0, "unit": "/min"} or
    [130.0, "/min"], 'yes'/'no' for a finding, numbers without a trailing '.0', NONE for none."""
    if value is None:
        return NONE
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, Mapping) and "value" in value:
        unit = value.get("unit")
        return value_text(value["value"]) + (f" {unit}" if unit not in (None, "", "1") else "")
    if isinstance(value, list | tuple) and len(value) == 2 and isinstance(value[1], str) \
            and not isinstance(value[0], str):
        return value_text({"value": value[0], "unit": value[1]})
    if isinstance(value, list | tuple):
        return ", ".join(value_text(v) for v in value) or NONE
    if isinstance(value, float):
        return f"{value:.6g}"
    if isinstance(value, Mapping):
        return ", ".join(f"{k}: {value_text(v)}" for k, v in value.items()) or NONE
    return str(value)


def short_name(name: str, width: int = 40) -> str:
    """A run's name as tables and titles show it: the name when it fits `width` characters, else
    its start and 8 hex digits of a hash of the whole name, so that runs stay apart
    ('main-embedded-extract-context-…3f1a9c2e'); pages give the full name beside it."""
    if len(name) <= width:
        return name
    return name[: width - 9].rstrip("-_. ") + "…" + hashlib.sha256(name.encode()).hexdigest()[:8]


def rule_text(rule: str, params: dict[str, Any]) -> str:
    """'relative (percent=1)'."""
    return rule + (" (" + ", ".join(f"{k}={v}" for k, v in params.items()) + ")" if params else "")
