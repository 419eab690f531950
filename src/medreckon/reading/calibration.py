"""Fitting the confidence table (`calibration.json`, read by `reading.confidence`) on a design
sample: readings whose inputs and answers were checked against the dataset's.

    table = fit(examples, target=0.90)      # examples: Example(readings, inputs_right, answer_right)

1. Each input's bucket counts (`confidence.buckets`: kind:method:state, kind:method, method): how
   many inputs settled that way were right.
2. Each case's raw score (the product of its inputs' confidences from those counts, over the inputs
   that matter) against whether its answer was right: the isotonic fit (pool adjacent violators
   over blocks of at least 15 cases, shares smoothed) of share right on raw score, as steps
   [[upper raw score, share right], ...].
3. The review threshold: the lowest calibrated confidence at which the cases answered (those at or
   above it) are right at least `target` of the time on the design sample; where no threshold
   reaches it, the one with the best accuracy on at least a tenth of the cases (`target_met` false).

`reliability` is the table the docs show: calibrated confidence in bins against the share right.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from . import confidence as C
from .result import InputReading

MIN_COVERAGE = 0.1  # a fallback threshold answers at least this share of the design cases
MIN_BLOCK = 15  # design cases in each step of the case fit


@dataclass(frozen=True)
class Example:
    """One design case: its inputs as read, which of them were right (inputs without a label left
    out), and whether its answer was right (None: nothing computed)."""

    readings: Mapping[str, InputReading]
    inputs_right: Mapping[str, bool]
    answer_right: bool | None


def input_counts(examples: Sequence[Example]) -> dict[str, list[int]]:
    counts: dict[str, list[int]] = {}
    for ex in examples:
        for name, right in ex.inputs_right.items():
            r = ex.readings.get(name)
            if r is None:
                continue
            for key in C.buckets(r):
                c = counts.setdefault(key, [0, 0])
                c[0] += bool(right)
                c[1] += 1
    return dict(sorted(counts.items()))


def isotonic(points: Sequence[tuple[float, bool]], min_block: int = MIN_BLOCK) -> list[list[float]]:
    """Pool adjacent violators over blocks of at least `min_block` cases (equal scores never split),
    each block's share right smoothed as (right + 1) / (n + 2), so a small block of lucky cases
    cannot claim certainty: [[upper score, share right], ...] ascending, non-decreasing."""
    blocks: list[list[float]] = []  # [upper, right, n]
    for score, right in sorted(points):
        if blocks and (blocks[-1][0] == score or blocks[-1][2] < min_block):
            blocks[-1] = [score, blocks[-1][1] + right, blocks[-1][2] + 1]
        else:
            blocks.append([score, float(right), 1.0])
    if len(blocks) > 1 and blocks[-1][2] < min_block:  # a short last block joins the one before
        upper, r, n = blocks.pop()
        blocks[-1] = [upper, blocks[-1][1] + r, blocks[-1][2] + n]
    merged: list[list[float]] = []
    for block in blocks:
        merged.append(block)
        while len(merged) > 1 and _share(merged[-2]) >= _share(merged[-1]):
            upper, r, n = merged.pop()
            merged[-1] = [upper, merged[-1][1] + r, merged[-1][2] + n]
    return [[round(b[0], 6), round(_share(b), 4)] for b in merged]


def _share(block: list[float]) -> float:
    return (block[1] + 1) / (block[2] + 2)


def _scored(ex: Example, fitted: Mapping[str, Any]) -> float:
    scored = {n: replace(r, confidence=C.input_confidence(r, fitted)) for n, r in ex.readings.items()}
    return C.raw_score(scored)


def choose_threshold(points: Sequence[tuple[float, bool]], target: float) -> tuple[float | None, bool]:
    """(threshold, target met) on (calibrated confidence, right) pairs; see the module docstring."""
    if not points:
        return None, False
    n = len(points)
    candidates = sorted({c for c, _ in points})
    answered = {t: [r for c, r in points if c >= t] for t in candidates}
    meeting = [t for t in candidates if sum(answered[t]) >= target * len(answered[t])]
    if meeting:
        return min(meeting), True
    wide = [t for t in candidates if len(answered[t]) >= MIN_COVERAGE * n] or candidates[-1:]
    return max(wide, key=lambda t: (sum(answered[t]) / len(answered[t]), -t)), False


def fit(examples: Sequence[Example], *, target: float = 0.90, min_n: int = 10, prior: float = 0.9,
        fitted_on: Sequence[str] = ()) -> dict[str, Any]:
    """The confidence table (calibration.json's content) fitted on `examples`."""
    table: dict[str, Any] = {"about": "", "fitted_on": list(fitted_on), "min_n": min_n, "prior": prior,
                             "inputs": input_counts(examples), "case": [], "threshold": None}
    computed = [ex for ex in examples if ex.answer_right is not None]
    raw = [(_scored(ex, table), bool(ex.answer_right)) for ex in computed]
    table["case"] = isotonic(raw)
    calibrated = [(C.calibrated_case(score, table), right) for score, right in raw]
    threshold, met = choose_threshold(calibrated, target)
    table["threshold"], table["target"], table["target_met"] = threshold, target, met
    table["about"] = (f"Fitted on {len(examples)} readings ({len(computed)} computed); inputs by what settled "
                      f"them, cases by isotonic fit of raw score; threshold for {target:.0%} right on the "
                      f"answered design cases ({'met' if met else 'not met: the best accuracy on at least a tenth'}).")
    return table


def reliability(points: Sequence[tuple[float | None, bool]], edges: Sequence[float] = (0.0, 0.5, 0.7, 0.8, 0.9, 1.0)
                ) -> list[dict[str, Any]]:
    """Calibrated confidence in bins [low, high) (the last closed) against the share right."""
    rows = []
    for i, (low, high) in enumerate(zip(edges, edges[1:], strict=False)):
        last = i == len(edges) - 2
        inside = [(c, r) for c, r in points if c is not None and (low <= c < high or last and c == high)]
        rows.append({"low": low, "high": high, "n": len(inside),
                     "mean_confidence": round(sum(c for c, _ in inside) / len(inside), 3) if inside else None,
                     "share_right": round(sum(r for _, r in inside) / len(inside), 3) if inside else None})
    return rows
