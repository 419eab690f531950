"""inspect scorers: one per scoring rule of `bench.analysis.scoring`, and step verification.

The answer is judged by the bench's own code, never a copy of the rule: `scoring.is_correct` on
the bench `Outcome` (left by our solvers; for any other solver, the reply parsed by
`answers.parse_answer`, the same cascade), so a sample scores in inspect exactly as the same
reply scores in `medreckon bench run` — statuses included (an unparsed, truncated or refused reply
is wrong under every rule; an abstention is right only against a label that is not computable).

- `rule_score(rule, **params)`: CORRECT/INCORRECT under one rule; `medcalc_bench_score()`,
  `mdcalc_precision_score()`, `relative_score(percent=1.0)`, `exact_score()` are its four rules,
  registered (and named in the log) by the rule's name: `medreckon/mdcalc_precision`.
  A case the rule cannot judge (the medcalc_bench rule on a decimal case without limits) is
  unscored (NaN) with the reason, never counted wrong.
- `step_verification(rule)`: `steps.Verifier` on the Outcome's calculation trace (the `tools`
  solver leaves one): calculator, values, arithmetic, answer, each 1/0, or unscored (NaN) where
  it cannot be decided.

Metrics: accuracy and its standard error (per step for step verification). The Score's answer is
the parsed answer; its explanation says how it was read and judged; its metadata holds our trace
(parse status and method, answer, label and limits, the verdict under every rule, the CalcTrace),
which inspect's log viewer shows beside the sample.
"""

from __future__ import annotations

import json
import math
from typing import Any

from inspect_ai.scorer import CORRECT, INCORRECT, Score, Scorer, Target, accuracy, scorer, stderr
from inspect_ai.solver import TaskState

from ...bench.analysis.scoring import RULES, check_rule, is_correct, outcome_decimals
from ...bench.analysis.steps import Verifier
from ...bench.analysis.verdicts import STEPS
from ...bench.answers import format_answer, parse_answer
from ...bench.runs.store import encode_answer
from ...bench.types import Case, Outcome
from ...jsonable import jsonable
from .dataset import case_of
from .solvers import completion_of, stored_outcome


def outcome_for(state: TaskState, case: Case) -> Outcome:
    """The bench Outcome of a sample: the one our solver stored, else the final reply parsed."""
    stored = stored_outcome(state)
    if stored is not None:
        return stored
    completion = completion_of(state.output)
    parsed = parse_answer(completion.text, case.output_type, completion.finish_reason)
    return Outcome(raw=completion.text, answer=parsed.answer, status=parsed.status, explanation=parsed.explanation,
                   trace={"parse_method": parsed.method, "answer_decimals": parsed.decimals,
                          "finish_reason": completion.finish_reason})


def _shown(answer: Any, case: Case) -> str | None:
    return None if answer is None else str(format_answer(answer, case.output_type))


def by_rule(outcome: Outcome, case: Case) -> dict[str, bool | None]:
    """The verdict under every rule with its default parameters (None: the rule cannot judge)."""
    out: dict[str, bool | None] = {}
    for rule in RULES:
        try:
            out[rule] = is_correct(outcome, case, rule)
        except ValueError:
            out[rule] = None
    return out


def trace_metadata(outcome: Outcome, case: Case) -> dict[str, Any]:
    return {
        "status": outcome.status, "parse_method": outcome.trace.get("parse_method"),
        "answer": encode_answer(outcome.answer), "decimals": outcome_decimals(outcome, case),
        "ground_truth": encode_answer(case.ground_truth), "lower": encode_answer(case.lower),
        "upper": encode_answer(case.upper), "output_type": case.output_type,
        "by_rule": by_rule(outcome, case), "error": outcome.error,
        "calc": None if outcome.calc is None else outcome.calc.to_dict(),
        "model_calls": outcome.model_calls,
    }


def _label_words(case: Case) -> str:
    truth = _shown(case.ground_truth, case) or "not computable"
    if case.output_type == "decimal" and case.lower is not None and case.upper is not None:
        return f"ground truth {truth} (limits {_shown(case.lower, case)} to {_shown(case.upper, case)})"
    return f"ground truth {truth}"


def judge(state: TaskState, rule: str, params: dict[str, Any]) -> Score:
    case = case_of(state)
    outcome = outcome_for(state, case)
    metadata = {"rule": rule, "params": params, **trace_metadata(outcome, case)}
    read = f"status {outcome.status}" + (f" via {outcome.trace.get('parse_method')}"
                                         if outcome.trace.get("parse_method") else "")
    try:
        ok = is_correct(outcome, case, rule, **params)
    except ValueError as exc:
        return Score(value=math.nan, answer=_shown(outcome.answer, case),
                     explanation=f"not scored: {exc}", metadata=metadata)
    verdict = "right" if ok else "wrong"
    return Score(value=CORRECT if ok else INCORRECT, answer=_shown(outcome.answer, case),
                 explanation=f"answer {_shown(outcome.answer, case)} ({read}); {_label_words(case)}; "
                             f"{verdict} under {rule}" + (f" {json.dumps(params)}" if params else ""),
                 metadata=metadata)


@scorer(metrics=[accuracy(), stderr()])
def rule_score(rule: str = "medcalc_bench", percent: float | None = None, decimals: int | None = None) -> Scorer:
    """Correct under one of our scoring rules (medcalc_bench, mdcalc_precision, relative, exact)."""
    params = {k: v for k, v in (("percent", percent), ("decimals", decimals)) if v is not None}
    check_rule(rule, params)  # unknown rules and parameters fail when the task is built

    async def score(state: TaskState, target: Target) -> Score:
        return judge(state, rule, params)

    return score


@scorer(metrics=[accuracy(), stderr()], name="medcalc_bench")
def medcalc_bench_score() -> Scorer:
    """The MedCalc-Bench rule: integers exact after rounding, decimals within the row's limits."""
    return rule_score("medcalc_bench")


@scorer(metrics=[accuracy(), stderr()], name="mdcalc_precision")
def mdcalc_precision_score() -> Scorer:
    """MDCalc precision: judged to the answer's own decimal places (capped at 2)."""
    return rule_score("mdcalc_precision")


@scorer(metrics=[accuracy(), stderr()], name="relative")
def relative_score(percent: float = 1.0) -> Scorer:
    """Within ±percent % of the ground truth (default 1 %)."""
    return rule_score("relative", percent=percent)


@scorer(metrics=[accuracy(), stderr()], name="exact")
def exact_score() -> Scorer:
    """Numerically equal, no rounding and no tolerance."""
    return rule_score("exact")


def _step_value(v: bool | None) -> float:
    return math.nan if v is None else float(v)


@scorer(metrics={step: [accuracy(), stderr()] for step in STEPS})
def step_verification(rule: str = "medcalc_bench") -> Scorer:
    """MedRaC's four steps decided exactly from the calculation trace (`analysis.steps`)."""
    verifier = Verifier(rule)

    async def score(state: TaskState, target: Target) -> Score:
        case = case_of(state)
        outcome = outcome_for(state, case)
        verdicts = verifier.verify(case, outcome)
        reasons = "; ".join(f"{s}: {verdicts.reasons[s]}" for s in STEPS if s in verdicts.reasons)
        return Score(value={s: _step_value(verdicts.steps.get(s)) for s in STEPS},
                     answer=_shown(outcome.answer, case),
                     explanation=f"{verdicts.status}; {reasons}" + (
                         f"; error types: {', '.join(verdicts.errors)}" if verdicts.errors else ""),
                     metadata={"verdicts": jsonable(verdicts.to_dict()), "rule": rule,
                               "first_error": verdicts.first_error()})

    return score


RULE_SCORERS = {"medcalc_bench": medcalc_bench_score, "mdcalc_precision": mdcalc_precision_score,
                "relative": relative_score, "exact": exact_score}

__all__ = ["RULE_SCORERS", "by_rule", "exact_score", "judge", "mdcalc_precision_score", "medcalc_bench_score",
           "outcome_for", "relative_score", "rule_score", "step_verification"]
