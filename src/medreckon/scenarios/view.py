"""What the viewer's scenario page shows (`web/templates/scenario.html`): the question and the
context the agent got, the plan with its branches and gold, and for each attempt every tool call
with the rows it returned and each step's verdict (the stored process evaluation when the run
has one, else computed here from the trace)."""

from __future__ import annotations

import json
from typing import Any

from ..bench.types import Case, Evaluation
from .evaluate import EVALUATOR, VERSION, evaluate_attempt
from .model import scenario_from_dict

MAX_ROWS_SHOWN = 25


def _call_view(rec: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {"name": rec.get("name"), "turn": rec.get("turn")}
    if rec.get("name") == "query_record":
        out.update(sql=rec.get("sql"), columns=rec.get("columns") or [], rows=(rec.get("rows") or [])[:MAX_ROWS_SHOWN],
                   more=max(0, len(rec.get("rows") or []) - MAX_ROWS_SHOWN), error=rec.get("error"),
                   truncated=rec.get("truncated"))
        return out
    try:
        args = json.loads(rec.get("arguments") or "{}")
    except ValueError:
        args = rec.get("arguments")
    out["arguments"] = json.dumps(args, ensure_ascii=False, indent=None, default=str)
    result = rec.get("result")
    out["result"] = json.dumps(result, ensure_ascii=False, default=str)[:1500]
    out["error"] = isinstance(result, dict) and "error" in result
    return out


def scenario_context(case: Case, attempts: list[Any]) -> dict[str, Any]:
    """`attempts`: the viewer's AttemptViews of this case."""
    s = scenario_from_dict(case.metadata["scenario"])
    views = []
    for a in attempts:
        o = a.attempt.outcome
        stored: list[Evaluation] = [e for e in a.evaluations if e.evaluator == EVALUATOR
                                    and e.evaluator_version == VERSION and e.status == "ok"]
        payload = stored[0].payload if stored else evaluate_attempt(case, o.trace or {}, o.answer, o.status)
        views.append({"view": a, "outcome": o, "eval": payload, "stored": bool(stored),
                      "calls": [_call_view(r) for r in (o.trace or {}).get("tool_calls") or []],
                      "final": json.dumps((o.trace or {}).get("final"), ensure_ascii=False, default=str)
                      if (o.trace or {}).get("final") is not None else (o.trace or {}).get("final_text")})
    return {"scenario": s, "attempts": views}


__all__ = ["scenario_context"]
