"""The bench report of one run: accuracy with Wilson intervals overall, per category and per
calculator, with every status counted; and the paired comparison of two runs (`bench compare`:
exact McNemar), which is the arms report's comparison of two arms. `render.summary` writes
them out.

Accuracy is correct / n over all attempts, so an attempt that was unparsed, truncated,
refused or failed counts as wrong — and is also counted under its status, never hidden. The
report also lists every wrong attempt (`Summary.wrong`) and what the run cost in model requests,
tokens and model time (`Summary.cost`).
"""

from __future__ import annotations

import statistics
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from ..types import STATUSES, Case, Outcome
from .arms import CaseKey, Row, analyse, case_key, check_rows
from .scoring import check_rule, is_correct
from .stats import wilson


@dataclass(frozen=True)
class Group:
    """One line of a report: all attempts, one category, or one calculator."""

    key: str
    label: str
    n: int
    correct: int
    accuracy: float | None  # None when n == 0
    wilson: tuple[float, float]
    statuses: dict[str, int]  # every status, zeros included
    category: str | None = None
    calculator_id: int | None = None


@dataclass(frozen=True)
class Cost:
    """What the attempts cost: model requests, tokens and model time (the summed latency of each
    attempt's requests; None where no attempt recorded any, e.g. an imported run)."""

    attempts: int
    model_calls: int
    prompt_tokens: int
    completion_tokens: int
    with_usage: int  # attempts that recorded token usage
    seconds: float | None  # total model time
    seconds_mean: float | None  # per attempt
    seconds_median: float | None
    seconds_p90: float | None
    seconds_max: float | None


@dataclass(frozen=True)
class Wrong:
    """A wrong attempt as the report lists it."""

    case_id: str
    calculator_id: int | None
    calculator: str
    status: str
    answer: Any  # the parsed answer (None: none)
    truth: Any  # the case's label
    lower: Any = None  # the accepted interval, where the dataset gives one
    upper: Any = None
    error: str | None = None  # the first line of the attempt's error


@dataclass(frozen=True)
class Summary:
    rule: str
    params: dict[str, Any]
    overall: Group
    by_category: list[Group]
    by_calculator: list[Group]
    datasets: list[str] = field(default_factory=list)  # "medcalc-bench v1.0"
    cost: Cost | None = None
    wrong: list[Wrong] = field(default_factory=list)  # in the rows' order

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def _group(key: str, label: str, marks: Sequence[tuple[bool, str]], **extra: Any) -> Group:
    n = len(marks)
    correct = sum(1 for ok, _ in marks if ok)
    statuses = dict.fromkeys(STATUSES, 0)
    for _, status in marks:
        statuses[status] = statuses.get(status, 0) + 1
    return Group(key, label, n, correct, correct / n if n else None, wilson(correct, n), statuses, **extra)


def _calc_sort(g: Group) -> tuple[int, int, str]:
    return (g.calculator_id is None, g.calculator_id or 0, g.label)


def cost_of(outcomes: Sequence[Outcome]) -> Cost:
    """Requests, tokens and model time of the outcomes (module docstring)."""
    timed = sorted(o.latency_s for o in outcomes if o.latency_s)
    used = [o for o in outcomes if o.usage.prompt_tokens or o.usage.completion_tokens]
    p90 = timed[min(len(timed) - 1, int(0.9 * len(timed)))] if timed else None
    return Cost(
        attempts=len(outcomes), model_calls=sum(o.model_calls for o in outcomes),
        prompt_tokens=sum(o.usage.prompt_tokens for o in used),
        completion_tokens=sum(o.usage.completion_tokens for o in used), with_usage=len(used),
        seconds=sum(timed) if timed else None, seconds_mean=statistics.fmean(timed) if timed else None,
        seconds_median=statistics.median(timed) if timed else None, seconds_p90=p90,
        seconds_max=timed[-1] if timed else None)


def _wrong(case: Case, o: Outcome) -> Wrong:
    error = (o.error or "").strip().splitlines()
    return Wrong(case.id, case.calculator_id, case.calculator_name, o.status, o.answer,
                 case.ground_truth, case.lower, case.upper, error[0] if error else None)


def summarise(rows: Iterable[Row], rule: str = "medcalc_bench", **params: Any) -> Summary:
    """Score every (case, outcome) under `rule` and count by category and calculator."""
    check_rule(rule, params)
    pairs = check_rows(rows)
    marks = [(is_correct(o, c, rule, **params), o.status) for c, o in pairs]
    by_cat: dict[str, list[tuple[bool, str]]] = {}
    by_calc: dict[tuple[int | None, str], list[tuple[bool, str]]] = {}
    calc_category: dict[tuple[int | None, str], str] = {}
    for (case, _), mark in zip(pairs, marks, strict=True):
        by_cat.setdefault(case.category, []).append(mark)
        key = (case.calculator_id, case.calculator_name)
        by_calc.setdefault(key, []).append(mark)
        calc_category.setdefault(key, case.category)
    datasets = sorted({f"{c.dataset} {c.dataset_version}" for c, _ in pairs})
    return Summary(
        rule=rule,
        params=dict(params),
        overall=_group("overall", "all attempts", marks),
        by_category=[_group(k, k, v) for k, v in sorted(by_cat.items())],
        by_calculator=sorted(
            (
                _group(str(cid) if cid is not None else name, name, v, category=calc_category[(cid, name)],
                       calculator_id=cid)
                for (cid, name), v in by_calc.items()
            ),
            key=_calc_sort,
        ),
        datasets=datasets,
        cost=cost_of([o for _, o in pairs]),
        wrong=[_wrong(c, o) for (c, o), (ok, _) in zip(pairs, marks, strict=True) if not ok],
    )


# --------------------------------------------------------------------------------------------
# Paired comparison of two runs
# --------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Comparison:
    rule: str
    params: dict[str, Any]
    n_shared: int
    only_a: int  # cases only run A has
    only_b: int
    correct_a: int
    correct_b: int
    accuracy_a: float
    accuracy_b: float
    difference: float  # accuracy_a - accuracy_b on the shared cases
    difference_ci: tuple[float, float]  # Newcombe paired 95% interval
    both_correct: int
    b: int  # A correct, B wrong
    c: int  # A wrong, B correct
    both_wrong: int
    p_value: float  # exact McNemar, two-sided

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def _keys(rows: list[Row], name: str) -> set[CaseKey]:
    keys: set[CaseKey] = set()
    for case, _ in rows:
        key = case_key(case)
        if key in keys:
            raise ValueError(
                f"run {name} has more than one attempt for case {case.id} ({case.dataset} {case.dataset_version}); "
                "a paired comparison needs one per case — compare one epoch at a time"
            )
        keys.add(key)
    return keys


def compare(rows_a: Iterable[Row], rows_b: Iterable[Row], rule: str = "medcalc_bench", **params: Any) -> Comparison:
    """Paired accuracy difference of two runs on the cases both ran, with exact McNemar: the
    arms report's comparison of the two runs as arms (B first, so its difference is A − B)."""
    check_rule(rule, params)
    a, b = check_rows(rows_a, "rows_a"), check_rows(rows_b, "rows_b")
    keys_a, keys_b = _keys(a, "A"), _keys(b, "B")
    if not keys_a & keys_b:
        def sets(keys: set[CaseKey]) -> str:
            return ", ".join(sorted({f"{k[0]} {k[1]}" for k in keys})) or "no cases"
        raise ValueError(f"the runs share no cases (A: {sets(keys_a)}; B: {sets(keys_b)})")
    report = analyse([("B", b), ("A", a)], rule, params=params, gee=False)
    pair = report.comparisons[0]  # B → A: its "only_b" is only A right, "only_a" only B right
    n = pair.n_shared
    return Comparison(
        rule=rule,
        params=dict(params),
        n_shared=n,
        only_a=len(keys_a) - n,
        only_b=len(keys_b) - n,
        correct_a=pair.both_correct + pair.only_b,
        correct_b=pair.both_correct + pair.only_a,
        accuracy_a=pair.accuracy_b,
        accuracy_b=pair.accuracy_a,
        difference=pair.difference,
        difference_ci=pair.difference_ci,
        both_correct=pair.both_correct,
        b=pair.only_b,
        c=pair.only_a,
        both_wrong=pair.both_wrong,
        p_value=pair.mcnemar_p,
    )
