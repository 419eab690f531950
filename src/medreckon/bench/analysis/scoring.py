"""Scoring rules: pure functions `(answer, case) -> bool`, one per published convention.

- ``medcalc_bench`` — the MedCalc-Bench rule. Integer outputs: the answer rounded half away
  from zero equals the ground truth. Decimal outputs: the answer lies within the row's Lower
  and Upper Limit, inclusive (for v1.0, ±5% of the ground truth; the limits are taken in
  either order, so negative answers work). Dates: exactly equal. Gestational age: the same
  (weeks, days) — compared as total days, so (13, 8) equals (14, 1). Categories (every
  rule): the same label after `answers.label_key` (case, punctuation, spacing ignored).
- ``mdcalc_precision`` — the MDCalc precision rule of "From Scores to Steps": a decimal answer
  is judged to the decimal places it was written with, capped at 2: within ±0.5 at 0 places,
  ±0.05 at 1 place, ±0.005 at 2 or more (inclusive). Integer outputs must be exactly equal (4.0
  counts as 4; 4.5 does not). Dates and gestational ages exact. The places come from the
  `decimals` parameter (what the parser saw: "25.20" -> 2); without it, from the number's
  shortest decimal form (a float cannot keep trailing zeros, so 25.20 reads as 1 place).
- ``relative`` — within ±`percent` % of the ground truth (default 1 %, as MedCalc-Eval's paper
  states); a ground truth of 0 needs exactly 0. Dates and gestational ages exact.
- ``exact`` — numerically equal, no rounding and no tolerance; dates and gestational ages exact.

A missing answer (None), a value of the wrong type (a date for a number), NaN or infinity is
never correct, and no number is correct against a label that is not computable
(`Case.ground_truth` None: a corrected label "N/A"). Statuses are not the rules' business:
`is_correct` adds the status check and is what reports and exports use: an ``ok`` attempt is
judged by the rule; an ``abstained`` one (the answer "not computable") is correct exactly when
the label is not computable, under every rule; any other status is never correct.

`ScoreEvaluator` makes a rule an evaluator of stored attempts (see runs/evaluations.py): named
``score:<rule>`` (with its parameters, e.g. ``score:relative(percent=5)``), versioned by
`RULE_VERSIONS`, payload ``{"correct": bool}``.
"""

from __future__ import annotations

import datetime as dt
import math
from collections.abc import Callable
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

from ..answers import label_key, shown_decimals
from ..types import Answer, Attempt, Case, Outcome


def _dec(x: float | int) -> Decimal:
    """The decimal a number was written as (shortest repr), so 25.25 - 25.2 is exactly 0.05."""
    return Decimal(x) if isinstance(x, int) else Decimal(repr(float(x)))


def _number(x: Any) -> Decimal | None:
    if isinstance(x, bool) or not isinstance(x, int | float):
        return None
    if isinstance(x, float) and not math.isfinite(x):
        return None
    return _dec(x)


def _round_half_away(d: Decimal) -> Decimal:
    return d.quantize(Decimal(1), rounding=ROUND_HALF_UP)  # ROUND_HALF_UP is away from zero


def _days(x: Any) -> int | None:
    if isinstance(x, tuple) and len(x) == 2 and all(isinstance(v, int) and not isinstance(v, bool) for v in x):
        return x[0] * 7 + x[1]
    return None


def _as_date(x: Any) -> dt.date | None:
    if isinstance(x, dt.datetime):
        return x.date()
    return x if isinstance(x, dt.date) else None


def _judge(answer: Any, case: Case, numbers_agree: Callable[[Decimal, Decimal], bool]) -> bool:
    """What every rule shares: no answer is wrong; dates and gestational ages are exact; a
    numeric case is judged by `numbers_agree(answer, ground truth)` on finite decimals, and
    anything else (a date for a number, NaN, a string) is wrong."""
    if answer is None or case.ground_truth is None:
        return False
    if case.output_type == "category":
        return (isinstance(answer, str) and isinstance(case.ground_truth, str)
                and label_key(answer) == label_key(case.ground_truth) != "")
    if case.output_type == "date":
        a, g = _as_date(answer), _as_date(case.ground_truth)
        return a is not None and g is not None and a == g
    if case.output_type == "gestational_age":
        a, g = _days(answer), _days(case.ground_truth)
        return a is not None and g is not None and a == g
    a, g = _number(answer), _number(case.ground_truth)
    return a is not None and g is not None and numbers_agree(a, g)


def medcalc_bench(answer: Answer | None, case: Case) -> bool:
    """MedCalc-Bench: integers exact after rounding half away from zero; decimals within the
    row's Lower/Upper Limit; dates and (weeks, days) exact."""

    def agree(a: Decimal, g: Decimal) -> bool:
        if case.output_type == "integer":
            return _round_half_away(a) == _round_half_away(g)
        lo, hi = _number(case.lower), _number(case.upper)
        if lo is None or hi is None:
            raise ValueError(
                f"case {case.id} ({case.calculator_name}) has no Lower/Upper Limit; the medcalc_bench rule "
                "needs them for decimal answers — score it with mdcalc_precision or relative instead"
            )
        return min(lo, hi) <= a <= max(lo, hi)

    return _judge(answer, case, agree)


def mdcalc_precision(answer: Answer | None, case: Case, *, decimals: int | None = None) -> bool:
    """MDCalc precision: judged to the answer's own decimal places (capped at 2); integers exact."""

    def agree(a: Decimal, g: Decimal) -> bool:
        if case.output_type == "integer":
            return a == g
        if decimals is not None and (not isinstance(decimals, int) or isinstance(decimals, bool) or decimals < 0):
            raise ValueError(f"decimals must be a whole number >= 0, got {decimals!r}")
        places = min(shown_decimals(answer) if decimals is None else decimals, 2)
        tolerance = Decimal(5).scaleb(-places - 1)  # 0.5, 0.05, 0.005
        return abs(a - g) <= tolerance

    return _judge(answer, case, agree)


def relative(answer: Answer | None, case: Case, *, percent: float = 1.0) -> bool:
    """Within ±percent % of the ground truth (0 needs exactly 0); dates and ages exact."""
    if isinstance(percent, bool) or not isinstance(percent, int | float) or not math.isfinite(percent) or percent < 0:
        raise ValueError(f"percent must be a number >= 0, got {percent!r}")
    return _judge(answer, case, lambda a, g: abs(a - g) <= _dec(percent) / 100 * abs(g))


def exact(answer: Answer | None, case: Case) -> bool:
    """Numerically equal (4 == 4.0), no rounding; dates and ages exact."""
    return _judge(answer, case, lambda a, g: a == g)


Rule = Callable[..., bool]
RULES: dict[str, Rule] = {
    "medcalc_bench": medcalc_bench,
    "mdcalc_precision": mdcalc_precision,
    "relative": relative,
    "exact": exact,
}
RULE_PARAMS: dict[str, tuple[str, ...]] = {
    "medcalc_bench": (),
    "mdcalc_precision": ("decimals",),
    "relative": ("percent",),
    "exact": (),
}
# Bumped whenever a rule judges some answer differently: stored scores of the old version stay
# apart from the new ones instead of being mixed in one report.
RULE_VERSIONS: dict[str, str] = {
    "medcalc_bench": "1",
    "mdcalc_precision": "1",
    "relative": "1",
    "exact": "1",
}


def check_rule(rule: str, params: dict[str, Any] | None = None) -> Rule:
    """The rule function; ValueError naming the known rules or the accepted parameters."""
    fn = RULES.get(rule)
    if fn is None:
        raise ValueError(f"unknown scoring rule {rule!r}; known rules: {', '.join(RULES)}")
    unknown = sorted(set(params or {}) - set(RULE_PARAMS[rule]))
    if unknown:
        accepted = ", ".join(RULE_PARAMS[rule]) or "none"
        raise ValueError(f"rule {rule!r} takes no parameter {', '.join(unknown)} (accepted: {accepted})")
    return fn


def score(answer: Answer | None, case: Case, rule: str = "medcalc_bench", **params: Any) -> bool:
    """Whether `answer` is correct for `case` under `rule` (see the module docstring)."""
    return check_rule(rule, params)(answer, case, **params)


def outcome_decimals(outcome: Outcome, case: Case) -> int | None:
    """Decimal places the outcome's answer was written with, when they can be known.

    From `outcome.trace["answer_decimals"]` when the strategy recorded it; else by reading
    `outcome.raw` again (the parser is deterministic) when that gives the same answer; else
    None (the rule then uses the number's shortest decimal form).
    """
    recorded = outcome.trace.get("answer_decimals") if isinstance(outcome.trace, dict) else None
    if isinstance(recorded, int) and not isinstance(recorded, bool) and recorded >= 0:
        return recorded
    if case.output_type != "decimal" or not outcome.raw or _number(outcome.answer) is None:
        return None
    from ..answers import parse_answer

    parsed = parse_answer(outcome.raw, case.output_type)
    if parsed.answer is not None and _number(parsed.answer) == _number(outcome.answer):
        return parsed.decimals
    return None


def is_correct(outcome: Outcome, case: Case, rule: str = "medcalc_bench", **params: Any) -> bool:
    """`score` for a stored outcome: never correct unless its status is ``ok``."""
    fn = check_rule(rule, params)
    if outcome.status == "abstained":
        return case.ground_truth is None
    if outcome.status != "ok":
        return False
    if rule == "mdcalc_precision" and "decimals" not in params:
        params = {**params, "decimals": outcome_decimals(outcome, case)}
    return fn(outcome.answer, case, **params)


class ScoreEvaluator:
    """Scores an attempt under one rule, as `is_correct` does; payload ``{"correct": bool}``."""

    def __init__(self, rule: str = "medcalc_bench", **params: Any):
        check_rule(rule, params)
        self.rule, self.params = rule, params
        shown = ",".join(f"{k}={v:g}" for k, v in sorted(params.items()))
        self.name = f"score:{rule}" + (f"({shown})" if shown else "")
        self.version = RULE_VERSIONS[rule]

    def evaluate(self, case: Case, attempt: Attempt) -> dict[str, Any]:
        return {"correct": is_correct(attempt.outcome, case, self.rule, **self.params)}
