"""Selective prediction: the honest figures for a system that may decline to answer.

Attempts are ranked by the confidence they carry (a reading pipeline's calibrated case
confidence, `trace["reading"]["confidence"]`; an attempt without one ranks last). Answering only the
top share of them (the coverage) leaves the rest for a person; the risk is the share of the answered
that are wrong. Attempts of equal confidence cannot be ordered among themselves, so within a tie
the errors count pro rata (the expected figure over every order of the tie): an arm that carries
no confidence has the same risk at every coverage.

- `risk_coverage`: the curve, at every tie boundary;
- `aurc`: the area under it, the mean risk over coverages 1/n .. n/n (lower is better; a
  perfect ranking reaches `optimal_aurc`, a ranking that knows nothing the plain error rate);
- `accuracy_at`: the accuracy on the top share answered (50%, 80%, 100% in the reports);
- `at_threshold`: coverage and accuracy answering those at or above a threshold.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass
from typing import Any

Item = tuple[float | None, bool]  # (confidence, correct)
COVERAGES = (0.5, 0.8, 1.0)


def _groups(items: Sequence[Item]) -> list[tuple[int, int]]:
    """(n, errors) per tie of confidence, most confident first; no confidence ranks last."""
    by: dict[float, list[int]] = {}
    for conf, right in items:
        key = -math.inf if conf is None else float(conf)
        g = by.setdefault(key, [0, 0])
        g[0] += 1
        g[1] += not right
    return [(n, e) for _, (n, e) in sorted(by.items(), key=lambda kv: -kv[0])]


def _errors(groups: list[tuple[int, int]], k: int) -> float:
    """Expected errors among the top k (pro rata within the tie k falls in)."""
    seen, errors = 0, 0.0
    for n, e in groups:
        if seen + n >= k:
            return errors + (k - seen) * e / n
        seen, errors = seen + n, errors + e
    return errors


def risk_coverage(items: Sequence[Item]) -> list[tuple[float, float]]:
    """[(coverage, risk), ...] at the end of every tie, from the most confident."""
    groups, n = _groups(items), len(items)
    out, k = [], 0
    for size, _ in groups:
        k += size
        out.append((k / n, _errors(groups, k) / k))
    return out


def aurc(items: Sequence[Item]) -> float | None:
    """The area under the risk-coverage curve: mean over k = 1..n of the risk among the top k."""
    if not items:
        return None
    groups, n = _groups(items), len(items)
    return sum(_errors(groups, k) / k for k in range(1, n + 1)) / n


def optimal_aurc(items: Sequence[Item]) -> float | None:
    """The AURC of a perfect ranking (every right answer before every wrong one): the floor."""
    ideal = [(0.0 if not right else 1.0, right) for _, right in items]
    return aurc(ideal)


def accuracy_at(items: Sequence[Item], coverage: float) -> float | None:
    """Accuracy on the top ceil(coverage·n) attempts (at least one)."""
    if not items or not 0.0 < coverage <= 1.0:
        return None
    k = max(1, math.ceil(coverage * len(items) - 1e-9))
    return 1.0 - _errors(_groups(items), k) / k


def at_threshold(items: Sequence[Item], threshold: float) -> tuple[float, float | None, int]:
    """(coverage, accuracy on the answered, n answered) answering those with confidence >= threshold."""
    answered = [right for conf, right in items if conf is not None and conf >= threshold]
    n = len(items)
    return (len(answered) / n if n else 0.0, sum(answered) / len(answered) if answered else None, len(answered))


@dataclass(frozen=True)
class Selective:
    n: int
    with_confidence: int  # attempts that carry a confidence
    accuracy: float | None  # plain accuracy (every attempt answered)
    aurc: float | None
    optimal_aurc: float | None
    accuracy_at: dict[str, float | None]  # "50%", "80%", "100%"
    threshold: float | None  # the pipeline's review threshold, where the attempts say
    coverage_at_threshold: float | None
    accuracy_at_threshold: float | None
    curve: list[tuple[float, float]]

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def selective(items: Iterable[Item], threshold: float | None = None) -> Selective:
    items = list(items)
    n = len(items)
    cov, acc, _ = at_threshold(items, threshold) if threshold is not None else (None, None, 0)
    return Selective(
        n=n, with_confidence=sum(c is not None for c, _ in items),
        accuracy=sum(r for _, r in items) / n if n else None, aurc=aurc(items), optimal_aurc=optimal_aurc(items),
        accuracy_at={f"{round(c * 100)}%": accuracy_at(items, c) for c in COVERAGES}, threshold=threshold,
        coverage_at_threshold=cov, accuracy_at_threshold=acc, curve=risk_coverage(items) if items else [])


def selective_of(rows: Iterable[tuple[Any, Any]], marks: Iterable[bool]) -> Selective | None:
    """The selective figures of (case, outcome) rows with their correctness, None where no attempt
    carries a confidence (the threshold: the one the attempts carry, the commonest if several)."""
    items, thresholds = [], []
    for (_, outcome), right in zip(rows, marks, strict=True):
        conf, threshold = confidence_of(outcome.trace)
        items.append((conf, bool(right)))
        if threshold is not None:
            thresholds.append(threshold)
    if not any(c is not None for c, _ in items):
        return None
    return selective(items, max(set(thresholds), key=thresholds.count) if thresholds else None)


def confidence_of(trace: dict[str, Any] | None) -> tuple[float | None, float | None]:
    """(the case's confidence, the review threshold) an attempt's trace carries (a reading's)."""
    reading = (trace or {}).get("reading") or {}
    conf, threshold = reading.get("confidence"), reading.get("threshold")
    return (None if conf is None else float(conf)), (None if threshold is None else float(threshold))


__all__ = ["COVERAGES", "Selective", "accuracy_at", "at_threshold", "aurc", "confidence_of", "optimal_aurc",
           "risk_coverage", "selective", "selective_of"]
