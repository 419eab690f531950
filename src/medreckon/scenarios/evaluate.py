"""Exact process evaluation of a scenario attempt, from its trace alone (no judge):

- calculators: the graded steps' calculators (on the branches this patient takes) against those
  the agent ran with `calculate`: precision, recall, whether the required ones came in order,
  which were extra and which missing;
- branches: for each conditional step, whether the agent took it exactly when gold does;
- data acquisition: for each gold input the record holds, whether a query returned its row (its
  id, or its value at its time, or its value from the table it lies in), and for a condition that
  is absent whether the agent looked in that table for this patient;
- inputs: the values the agent's calculation used against gold after the calculator normalised
  both (within 1%), and where they differ, whether the agent's is another row of the same concept
  (`wrong time point`) - the time point it used against gold's;
- answers: each step's value as the agent reported it (else as its calculation returned it)
  against gold, under the bench's rules (`analysis.scoring`; ±5% limits on decimals, labels exact);
- the recommendation against the gold branch's.

`ScenarioEvaluator` is a bench evaluator (`runs.evaluations`): stored per attempt as it finishes.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..bench.analysis.scoring import score
from ..bench.answers import coerce_value
from ..bench.types import Attempt, Case
from ..calculators import units as u
from ..calculators.registry import get
from ..errors import CalculatorInputError
from .agent import reported_values
from .concepts import analyte_of
from .gold import specs
from .model import Scenario, Step, scenario_from_dict

EVALUATOR = "scenario:process"
VERSION = "1"
INPUT_TOLERANCE = 0.01
ANSWER_TOLERANCE = 0.05


def _close(a: Any, b: Any, tol: float = INPUT_TOLERANCE) -> bool:
    if isinstance(a, bool) or isinstance(b, bool):
        return a is b or a == b
    if isinstance(a, int | float) and isinstance(b, int | float):
        return abs(a - b) <= tol * max(abs(a), abs(b), 1e-9)
    if isinstance(a, str) and isinstance(b, str):
        return a.strip().casefold() == b.strip().casefold()
    return a == b


def normalised(calc_id: str, inputs: Mapping[str, Any]) -> dict[str, Any] | None:
    """The calculator's own reading of inputs (canonical units), or None when it refuses them."""
    try:
        return dict(get(calc_id).calculate(dict(inputs)).inputs)
    except CalculatorInputError:
        return None


def _in_unit(calc_id: str, name: str, written: Any, unit: str | None) -> Any:
    calc = get(calc_id)
    spec = specs(calc).get(name)
    if spec is None or spec.kind != "quantity" or not isinstance(written, int | float) or not unit:
        return written
    try:
        return u.convert(float(written), unit, spec.unit or unit, analyte_of(calc, name))
    except (u.UnitError, KeyError):
        return written


# ---------------------------------------------------------------- what the agent did


def calculations(trace: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The calculate calls that computed, in order: {calculator, inputs (normalised), value, rounded}."""
    out = []
    for rec in trace.get("tool_calls") or []:
        if rec.get("name") == "calculate" and isinstance(rec.get("calculator_result"), Mapping):
            r = rec["calculator_result"]
            out.append({"calculator": r.get("calculator"), "inputs": r.get("inputs") or {},
                        "value": r.get("value"), "rounded": r.get("rounded")})
    return out


def attempted(trace: Mapping[str, Any]) -> list[str]:
    """Every calculator the agent tried to run (computed or refused), by id where it resolves."""
    out = []
    for rec in trace.get("tool_calls") or []:
        if rec.get("name") == "calculate":
            name = rec.get("calculator")
            try:
                out.append(get(str(name)).id)
            except CalculatorInputError:
                out.append(str(name))
    return list(dict.fromkeys(out))


def _assign(steps: list[Step], calcs: list[dict[str, Any]]) -> dict[int, dict[str, Any]]:
    """Each graded step's calculation: among the agent's calls of its calculator, the one whose
    inputs agree with gold the most (the earliest of equals); a call serves one step."""
    used: set[int] = set()
    out: dict[int, dict[str, Any]] = {}
    for step in steps:
        gold = normalised(step.calculator, {**{i.name: i.value for i in step.inputs}, **step.options}) or {}
        best, best_score = None, -1
        for k, c in enumerate(calcs):
            if k in used or c["calculator"] != step.calculator:
                continue
            agree = sum(_close(c["inputs"].get(n), v) for n, v in gold.items())
            if agree > best_score:
                best, best_score = k, agree
        if best is not None:
            used.add(best)
            out[step.order] = calcs[best]
    return out


# ---------------------------------------------------------------- data acquisition


def _seen(source: Any, queries: list[dict[str, Any]], patient: str) -> bool:
    if source.kind == "absent":
        return any(source.table in (q.get("sql") or "").lower() and patient in (q.get("sql") or "")
                   for q in queries)
    for q in queries:
        sql = (q.get("sql") or "").lower()
        for row in q.get("rows") or []:
            cells = [c for c in row if c is not None]
            if source.row in cells:
                return True
            has_value = any(_close(c, source.written, 1e-9) for c in cells if not isinstance(c, bool))
            if has_value and (source.time in cells or source.table in sql):
                return True
    return False


def _time_point(step: Step, name: str, used: Any, source: Any) -> str | None:
    """Which row of the concept the agent's value is: 'gold', another row's time, or None."""
    for cand in source.candidates:
        value = _in_unit(step.calculator, name, cand["written"], cand["unit"])
        if _close(used, value):
            return "gold" if cand["row"] == source.row else cand["time"]
    return None


# ---------------------------------------------------------------- one attempt


def _answer_case(step: Step, case: Case) -> Case:
    truth = step.answer
    lower = upper = None
    if step.output_type == "decimal" and isinstance(truth, int | float):
        lower, upper = sorted((truth * (1 - ANSWER_TOLERANCE), truth * (1 + ANSWER_TOLERANCE)))
    return Case(id=f"{case.id}#{step.order}", calculator_id=None, calculator_name=step.title, note="", question="",
                ground_truth=truth, lower=lower, upper=upper, output_type=step.output_type,  # type: ignore[arg-type]
                category=case.category, entities={}, dataset=case.dataset, dataset_version=case.dataset_version)


def _step_answer(step: Step, final: Mapping[str, Any], nth: int, call: dict[str, Any] | None) -> tuple[Any, str | None]:
    reported = reported_values(dict(final), step.calculator)
    raw, how = (reported[nth], "reported") if nth < len(reported) else (None, None)
    if raw is None and call is not None:
        raw, how = call.get("rounded", call.get("value")), "calculator"
    answer, _ = coerce_value(raw, step.output_type, step.categories or None) if raw is not None else (None, None)
    return answer, how if answer is not None else None


def _inputs(step: Step, call: dict[str, Any] | None, queries: list[dict[str, Any]], patient: str) -> list[dict]:
    gold = normalised(step.calculator, {**{i.name: i.value for i in step.inputs}, **step.options}) or {}
    out = []
    for gi in step.inputs:
        src = gi.source
        row: dict[str, Any] = {"name": gi.name, "source": src.kind, "gold": gold.get(gi.name), "rule": src.rule}
        row["acquired"] = _seen(src, queries, patient) if src.kind in ("record", "absent") else None
        if call is None:
            row["verdict"] = "not computed"
        else:
            used = call["inputs"].get(gi.name)
            row["used"] = used
            if _close(used, gold.get(gi.name)):
                row["verdict"] = "right"
            elif used is None:
                row["verdict"] = "missing"
            else:
                point = _time_point(step, gi.name, used, src) if src.candidates else None
                row["verdict"] = "wrong time point" if point not in (None, "gold") else "wrong"
                row["time_point"] = point
        out.append(row)
    return out


def evaluate_attempt(case: Case, trace: Mapping[str, Any], answer: Any, status: str, rule: str = "medcalc_bench"
                     ) -> dict[str, Any]:
    scenario: Scenario = scenario_from_dict(case.metadata["scenario"])
    final = trace.get("final") or {}
    queries = [r for r in trace.get("tool_calls") or [] if r.get("name") == "query_record"]
    calcs = calculations(trace)
    graded = [s for s in scenario.steps if s.graded]
    required = [s for s in graded if s.taken]
    calls = _assign(required, calcs)
    tried = attempted(trace)
    required_ids = list(dict.fromkeys(s.calculator for s in required))
    hits = [c for c in tried if c in required_ids]
    steps, seen_per_calc = [], {}
    for step in required:
        nth = seen_per_calc.get(step.calculator, 0)
        seen_per_calc[step.calculator] = nth + 1
        call = calls.get(step.order)
        got, how = _step_answer(step, final, nth, call)
        right = got is not None and score(got, _answer_case(step, case), rule)
        steps.append({"order": step.order, "title": step.title, "calculator": step.calculator,
                      "called": call is not None, "inputs": _inputs(step, call, queries, scenario.patient_id),
                      "answer": got, "answer_from": how, "gold": step.answer, "correct": bool(right)})
    branches = [{"order": s.order, "condition": s.condition, "gold_taken": s.taken,
                 "agent_took": s.calculator in tried} for s in graded if s.condition]
    for b in branches:
        b["right"] = b["gold_taken"] == b["agent_took"]
    inputs = [i for s in steps for i in s["inputs"]]
    charted = [i for i in inputs if i["acquired"] is not None]
    recommendation = None
    if scenario.recommendation:
        given, _ = coerce_value(final.get("recommendation"), "category", scenario.recommendation["options"])
        if given is None and case.metadata.get("target", {}).get("kind") == "recommendation":
            given = answer
        recommendation = {"gold": scenario.recommendation["answer"], "given": given,
                          "correct": given is not None and given == scenario.recommendation["answer"]}
    return {
        "source": scenario.source, "template": scenario.template, "status": status,
        "calculators": {"required": required_ids, "chosen": tried,
                        "precision": len(hits) / len(tried) if tried else None,
                        "recall": len(set(hits)) / len(required_ids) if required_ids else None,
                        "in_order": [c for c in tried if c in required_ids] == [c for c in required_ids if c in tried],
                        "extra": [c for c in tried if c not in required_ids and c not in {s.calculator for s in graded}],
                        "missing": [c for c in required_ids if c not in tried]},
        "branches": branches,
        "acquisition": {"inputs": len(charted), "acquired": sum(bool(i["acquired"]) for i in charted)},
        "inputs": {"of": len(inputs), "right": sum(i["verdict"] == "right" for i in inputs),
                   "wrong_time_point": sum(i["verdict"] == "wrong time point" for i in inputs)},
        "steps": steps,
        "recommendation": recommendation,
        "all_steps_right": status == "ok" and bool(steps) and all(s["correct"] for s in steps),
        "queries": len(queries), "refused_queries": sum("error" in q for q in queries),
    }


class ScenarioEvaluator:
    """`evaluate_attempt` as a bench evaluator; payload as that function returns it."""

    name = EVALUATOR
    version = VERSION

    def __init__(self, rule: str = "medcalc_bench"):
        self.rule = rule

    def evaluate(self, case: Case, attempt: Attempt) -> dict[str, Any]:
        o = attempt.outcome
        return evaluate_attempt(case, o.trace or {}, o.answer, o.status, self.rule)


__all__ = ["EVALUATOR", "ScenarioEvaluator", "VERSION", "calculations", "evaluate_attempt", "normalised"]
