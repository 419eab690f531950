"""Rounding as clinicians and MedCalc-Bench do it: half away from zero, on the decimal digits
the number shows (so 2.675 rounds to 2.68, not to binary floating point's 2.67)."""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal

_QUANTA = {d: Decimal(1).scaleb(-d) for d in range(0, 10)}


def round_half_away(value: float, decimals: int = 0) -> float:
    """Round half away from zero to `decimals` places (ROUND_HALF_UP in Decimal is away from zero)."""
    if value != value or value in (float("inf"), float("-inf")):
        return value
    return float(Decimal(repr(float(value))).quantize(_QUANTA[decimals], rounding=ROUND_HALF_UP))
