"""Rounding as clinicians and MedCalc-Bench do it: half away from zero, on the decimal digits
the number shows (so 2.675 rounds to 2.68, not to binary floating point's 2.67)."""

from __future__ import annotations

import math
from decimal import ROUND_HALF_UP, Decimal

_SCALES = {d: 10.0**d for d in range(0, 10)}
_QUANTA = {d: Decimal(1).scaleb(-d) for d in range(0, 10)}


def round_half_away(value: float, decimals: int = 0) -> float:
    """Round half away from zero to `decimals` places (ROUND_HALF_UP in Decimal is away from zero)."""
    if value != value or abs(value) >= 1e15:  # nan, inf, or beyond float's decimal digits
        return value
    scaled = abs(value) * _SCALES[decimals] + 0.5
    floor = math.floor(scaled)
    if scaled - floor > 1e-6 and floor + 1 - scaled > 1e-6:  # not near a tie: floats are exact enough
        return math.copysign(floor / _SCALES[decimals], value) if floor else 0.0
    return float(Decimal(repr(float(value))).quantize(_QUANTA[decimals], rounding=ROUND_HALF_UP))
