"""Decisions without generation: a yes/no criterion or a graded choice scored by the model's
log-probability of each option's first token, instead of sampling text.

    p = yes_probability(meter, messages)          # P(yes) / (P(yes) + P(no)), or None
    present = p is not None and p >= threshold
    best, scores = choose(meter, messages, ["A", "B", "C"])

The model client must support log-probabilities (`ModelClient.supports_logprobs`): the embedded
llama.cpp client reads the exact next-token distribution from its logits; OpenAI-compatible servers
read the first token's `top_logprobs` (an option outside the top 20 scores -inf). Each call is one
metered request (its prompt tokens and time count; no completion tokens).

The threshold is a parameter; `calibrate` picks one from labelled examples — scores of
questions whose answers are known (hand-written sentences, generated cases, the one-shot
exemplars), never the cases a run is measured on — and reports how well it separates them.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..bench.models import Meter
from ..bench.types import LogprobsUnavailable

YES_NO = ("yes", "no")


DecisionUnavailable = LogprobsUnavailable  # the model client cannot score options


def option_logprobs(meter: Meter, messages: list[dict[str, Any]], options: Sequence[str]) -> dict[str, float]:
    """{option: log P(the reply starts with it)}; one metered request (LogprobsUnavailable where the
    client has no log-probabilities)."""
    if not meter.supports_logprobs:
        raise LogprobsUnavailable(
            f"{meter.model.name or type(meter.model).__name__} cannot score options by log-probability "
            "(use the embedded model, a llamacpp: model or an OpenAI-compatible server)")
    return meter.option_logprobs(messages, list(options))


def normalised(scores: dict[str, float]) -> dict[str, float]:
    """The options' probabilities renormalised over the options (0 each when all are -inf)."""
    finite = {k: v for k, v in scores.items() if v != float("-inf")}
    if not finite:
        return dict.fromkeys(scores, 0.0)
    top = max(finite.values())
    total = sum(math.exp(v - top) for v in finite.values())
    return {k: (math.exp(v - top) / total if k in finite else 0.0) for k, v in scores.items()}


def yes_probability(meter: Meter, messages: list[dict[str, Any]]) -> float | None:
    """P(yes) among yes/no for a question that asks for one word, yes or no; None when the
    model gives neither any probability (a server whose top tokens hold neither)."""
    p = normalised(option_logprobs(meter, messages, YES_NO))
    return None if p["yes"] == p["no"] == 0.0 else p["yes"]


def choose(meter: Meter, messages: list[dict[str, Any]], labels: Sequence[str]) -> tuple[str | None, dict[str, float]]:
    """The most probable label (e.g. option letters) and every label's probability; None when
    none has any."""
    p = normalised(option_logprobs(meter, messages, labels))
    best = max(p, key=lambda k: p[k]) if any(p.values()) else None
    return best, p


@dataclass(frozen=True)
class Calibration:
    threshold: float
    n: int
    accuracy: float  # at the threshold, on the examples it was chosen on
    balanced_accuracy: float
    brier: float  # mean (p - label)^2 of the raw probabilities
    bins: tuple[tuple[float, float, int, float | None], ...]  # (low, high, n, share labelled yes; None: empty)

    def to_dict(self) -> dict[str, Any]:
        return {"threshold": self.threshold, "n": self.n, "accuracy": self.accuracy,
                "balanced_accuracy": self.balanced_accuracy, "brier": self.brier,
                "bins": [list(b) for b in self.bins]}


def calibrate(examples: Sequence[tuple[float, bool]], bins: int = 5) -> Calibration:
    """The threshold on P(yes) that best separates labelled examples [(p_yes, is_yes), ...]
    (balanced accuracy, ties to the threshold nearest 0.5), with its accuracy, the Brier score
    and a reliability table. ValueError without both kinds of label."""
    pairs = [(float(p), bool(y)) for p, y in examples]
    if any(not 0.0 <= p <= 1.0 for p, _ in pairs):
        raise ValueError("calibrate takes probabilities in [0, 1] with their labels")
    pos = sum(y for _, y in pairs)
    neg = len(pairs) - pos
    if not pos or not neg:
        raise ValueError(f"calibrate needs examples labelled yes and no; got {pos} yes and {neg} no")
    cuts = sorted({0.5, *(p for p, _ in pairs)})

    def rates(t: float) -> tuple[float, float]:
        tp = sum(p >= t and y for p, y in pairs)
        tn = sum(p < t and not y for p, y in pairs)
        return (tp + tn) / len(pairs), (tp / pos + tn / neg) / 2

    best = max(cuts, key=lambda t: (rates(t)[1], -abs(t - 0.5)))
    acc, bal = rates(best)
    table = []
    for i in range(bins):
        lo, hi = i / bins, (i + 1) / bins
        inside = [y for p, y in pairs if lo <= p < hi or (i == bins - 1 and p == 1.0)]
        table.append((lo, hi, len(inside), sum(inside) / len(inside) if inside else None))
    brier = sum((p - y) ** 2 for p, y in pairs) / len(pairs)
    return Calibration(best, len(pairs), acc, bal, brier, tuple(table))
