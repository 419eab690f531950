"""Evaluations of stored attempts, committed to the run store as each finishes.

    evaluate(store, ScoreEvaluator("medcalc_bench"))  # analysis/scoring.py

An `Evaluator` has a name, a version and `evaluate(case, attempt) -> payload` (a JSON-able
dict). Each evaluation is keyed by (attempt key, evaluator name, evaluator version), so
evaluating again computes only what is missing, and a new evaluator version adds rows beside
the old ones. An exception inside an evaluator is stored as status `error` with the message,
never as a verdict; `retry_errors=True` evaluates those again.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol, runtime_checkable

from ..types import Attempt, Case, Evaluation, EvaluationStatus
from .store import Store, now


@runtime_checkable
class Evaluator(Protocol):
    name: str  # e.g. "score:medcalc_bench"
    version: str  # part of the evaluation's key

    def evaluate(self, case: Case, attempt: Attempt) -> dict[str, Any]: ...


def evaluate(store: Store, evaluator: Evaluator, *, retry_errors: bool = False,
             limit: int | None = None,
             on_progress: Callable[[int, int, Evaluation], None] | None = None) -> list[Evaluation]:
    """Evaluate every stored attempt of the run's cases that this evaluator version has not
    evaluated yet (at most `limit` of them, in the attempts' order: a budget for slow evaluators
    such as an LLM judge; the rest are evaluated by a later call); returns the evaluations made
    by this call. `on_progress(done, total, evaluation)` is called after each. A store opened
    read-only (a read-only run directory, a full disk) gets nothing written: the evaluations are
    made and returned, for the caller to use in memory."""
    if limit is not None and limit < 0:
        raise ValueError(f"limit must be 0 or more, got {limit}")
    cases = store.cases()
    stored = store.evaluation_statuses(evaluator.name, evaluator.version)
    todo = [a for a in store.attempts() if a.case_id in cases and (
        stored.get(a.key) is None or (retry_errors and stored[a.key] == "error"))]
    todo = todo if limit is None else todo[:limit]
    made: list[Evaluation] = []
    for attempt in todo:
        status: EvaluationStatus = "ok"
        try:
            payload = evaluator.evaluate(cases[attempt.case_id], attempt)
        except Exception as exc:  # a failing evaluator must not stop the others
            status, payload = "error", {"error": f"{type(exc).__name__}: {exc}"}
        evaluation = Evaluation(attempt_key=attempt.key, evaluator=evaluator.name,
                                evaluator_version=evaluator.version, status=status,
                                payload=payload, created_at=now())
        if not store.read_only:
            store.put_evaluation(evaluation, replace_error=retry_errors)
        made.append(evaluation)
        if on_progress is not None:
            on_progress(len(made), len(todo), evaluation)
    return made
