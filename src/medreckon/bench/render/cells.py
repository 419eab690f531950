"""How one value is written in a report cell: percentages, intervals, p-values, numbers,
medians with their IQR, cut labels, and the scoring rule with its parameters."""

from __future__ import annotations

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


def rule_text(rule: str, params: dict[str, Any]) -> str:
    """'relative (percent=1)'."""
    return rule + (" (" + ", ".join(f"{k}={v}" for k, v in params.items()) + ")" if params else "")
