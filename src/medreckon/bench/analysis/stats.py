"""Interval estimates and paired tests for accuracies, in exact or closed form (standard library).

- `wilson(k, n, z)`: Wilson score interval for a proportion (Wilson 1927; Newcombe 1998a,
  method 3). Good coverage at small n and near 0 or 1, where the Wald interval fails.
- `mcnemar_exact(b, c)`: two-sided exact McNemar test for paired binary outcomes: the
  binomial test of b discordant pairs of one kind out of b + c at p = 1/2, doubled and capped
  at 1 (computed with integer arithmetic, so exact for any n).
- `newcombe_paired(a, b, c, d, z)`: interval for the difference of two paired proportions
  from Wilson intervals (Newcombe 1998b, method 10), which stays inside [-1, 1];
  `newcombe_independent` is the same square-and-add for two independent samples (1998a).
"""

from __future__ import annotations

import math
from fractions import Fraction


def _count(name: str, value: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ValueError(f"{name} must be a whole number >= 0, got {value!r}")
    return value


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson score interval (lo, hi) for k successes in n trials; (0.0, 1.0) when n is 0."""
    _count("k", k)
    _count("n", n)
    if k > n:
        raise ValueError(f"k ({k}) cannot exceed n ({n})")
    if not (isinstance(z, int | float) and math.isfinite(z) and z > 0):
        raise ValueError(f"z must be a positive number, got {z!r}")
    if n == 0:
        return 0.0, 1.0
    p = k / n
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    lo, hi = max(0.0, centre - half), min(1.0, centre + half)
    # The bounds are exact at the edges; floating point would otherwise give 1e-17 instead of 0.
    return (0.0 if k == 0 else lo), (1.0 if k == n else hi)


def mcnemar_exact(b: int, c: int) -> float:
    """Two-sided exact McNemar p-value for b pairs (A right, B wrong) and c (A wrong, B right)."""
    _count("b", b)
    _count("c", c)
    n = b + c
    if n == 0:
        return 1.0
    tail = sum(math.comb(n, i) for i in range(min(b, c) + 1))
    return float(min(Fraction(1), Fraction(2 * tail, 2**n)))


def _square_and_add(p1: float, ci1: tuple[float, float], p2: float, ci2: tuple[float, float],
                    phi: float) -> tuple[float, float]:
    (l1, u1), (l2, u2) = ci1, ci2
    theta = p1 - p2
    delta = math.sqrt(max(0.0, (p1 - l1) ** 2 - 2 * phi * (p1 - l1) * (u2 - p2) + (u2 - p2) ** 2))
    eps = math.sqrt(max(0.0, (u1 - p1) ** 2 - 2 * phi * (u1 - p1) * (p2 - l2) + (p2 - l2) ** 2))
    return max(-1.0, theta - delta), min(1.0, theta + eps)


def newcombe_independent(k1: int, n1: int, k2: int, n2: int, z: float = 1.96) -> tuple[float, float]:
    """Interval for k1/n1 - k2/n2 from two independent samples (Newcombe 1998a, method 10)."""
    if n1 == 0 or n2 == 0:
        raise ValueError("both samples need at least one observation")
    return _square_and_add(k1 / n1, wilson(k1, n1, z), k2 / n2, wilson(k2, n2, z), 0.0)


def newcombe_paired(a: int, b: int, c: int, d: int, z: float = 1.96) -> tuple[float, float]:
    """Interval for p_A - p_B on paired data (Newcombe 1998b, method 10).

    a: both right, b: only A right, c: only B right, d: both wrong. The correlation term is
    Newcombe's: (ad - bc - n/2) when ad - bc > n/2, 0 when 0 <= ad - bc <= n/2, (ad - bc) when
    negative, over the square root of the product of the margins (0 when a margin is empty).
    """
    for name, v in (("a", a), ("b", b), ("c", c), ("d", d)):
        _count(name, v)
    n = a + b + c + d
    if n == 0:
        return -1.0, 1.0
    margins = (a + b) * (c + d) * (a + c) * (b + d)
    cross = a * d - b * c
    if margins == 0 or 0 <= cross <= n / 2:
        phi = 0.0
    else:
        phi = (cross - n / 2 if cross > 0 else cross) / math.sqrt(margins)
    return _square_and_add((a + b) / n, wilson(a + b, n, z), (a + c) / n, wilson(a + c, n, z), phi)
