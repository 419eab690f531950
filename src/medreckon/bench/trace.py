"""`CalcTrace`: the typed record of a calculator used in one attempt (`Outcome.calc`).

Which calculator and how it was chosen (named by the case, as in `extract`, or chosen by the
model, as in `tools`), the inputs as the model wrote them and as the calculator read them
(canonical units), the result with its working, the final answer and whether it is the
calculator's, and the repairs on the way. Values are JSON-plain (numbers, strings, lists,
ISO dates), so `to_dict` / `from_dict` round-trip exactly; `version` says which shape a stored
record has.

`CalcTrace.from_legacy` reads the untyped trace dicts that `extract` and `tools` stored before
this record existed; it is the only code that knows their keys.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from ..calculators.fields import InputWarning
from ..calculators.spec import Step

CALC_TRACE_VERSION = 1

ChosenBy = Literal["case", "model"]  # the case names its calculator / the model picked one
# Who did the arithmetic: the calculator (extract, tools), or the model itself, whose stated
# answer is then checked against the calculator recomputed on its values (structured_cot).
ComputedBy = Literal["calculator", "model"]


def plain(value: Any) -> Any:
    """`value` as JSON gives it back (tuples as lists, dates as ISO text), so a live record and
    a stored one compare alike."""
    return json.loads(json.dumps(value, default=str))


@dataclass(frozen=True)
class CalcResult:
    """What the calculator returned (no inputs: the trace holds them), its steps and warnings
    as the calculator's own types with JSON-plain values."""

    value: Any
    rounded: Any
    unit: str | None
    interpretation: str | None
    steps: tuple[Step, ...] = ()
    warnings: tuple[InputWarning, ...] = ()

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> CalcResult:
        """From `to_dict`, or from a result record (`calculation.result_record`)."""
        return cls(value=plain(d["value"]), rounded=plain(d["rounded"]), unit=d.get("unit"),
                   interpretation=d.get("interpretation"),
                   steps=tuple(Step(s["what"], s["expression"], plain(s["value"]), s.get("unit"))
                               for s in d.get("steps", ())),
                   warnings=tuple(InputWarning(w.get("field"), w["message"], w["code"])
                                  for w in d.get("warnings", ())))

    def to_dict(self) -> dict[str, Any]:
        return {"value": self.value, "rounded": self.rounded, "unit": self.unit,
                "interpretation": self.interpretation,
                "steps": [{"what": s.what, "expression": s.expression, "value": s.value, "unit": s.unit}
                          for s in self.steps],
                "warnings": [{"field": w.field, "message": w.message, "code": w.code}
                             for w in self.warnings]}


@dataclass(frozen=True)
class Repairs:
    """The turns spent correcting inputs: `turns` calculations that followed a message saying
    what was wrong (`messages`, as sent to the model), and the units corrected without asking
    the model (`unit_fixes`, e.g. "platelets: 138000 10^9/L read as 138000 /uL")."""

    turns: int = 0
    messages: tuple[str, ...] = ()
    unit_fixes: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {"turns": self.turns, "messages": list(self.messages), "unit_fixes": list(self.unit_fixes)}


@dataclass(frozen=True)
class CalcTrace:
    """The calculator of one attempt. `calculator` is None when the model chose none that
    computed; `result` is None when no inputs computed."""

    calculator: str | None
    calculator_version: str | None
    chosen_by: ChosenBy
    written_inputs: dict[str, Any] | None = None  # as the model wrote them (rule options added)
    inputs: dict[str, Any] | None = None  # normalised: canonical units, defaults applied
    result: CalcResult | None = None
    answer: Any = None  # the attempt's final answer, JSON-plain; None when it gave none
    answer_matches: bool | None = None  # it is the calculator's value or its rounding
    repairs: Repairs = Repairs()
    computed_by: ComputedBy = "calculator"
    version: int = CALC_TRACE_VERSION

    def to_dict(self) -> dict[str, Any]:
        return {"version": self.version, "calculator": self.calculator,
                "calculator_version": self.calculator_version, "chosen_by": self.chosen_by,
                "written_inputs": self.written_inputs, "inputs": self.inputs,
                "result": None if self.result is None else self.result.to_dict(),
                "answer": self.answer, "answer_matches": self.answer_matches,
                "repairs": self.repairs.to_dict(), "computed_by": self.computed_by}

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> CalcTrace:
        if d.get("version") != CALC_TRACE_VERSION:
            raise ValueError(f"calculation trace version {d.get('version')!r} is not "
                             f"{CALC_TRACE_VERSION}, the one this medreckon reads")
        r = d.get("repairs") or {}
        return cls(calculator=d["calculator"], calculator_version=d["calculator_version"],
                   chosen_by=d["chosen_by"], written_inputs=d.get("written_inputs"),
                   inputs=d.get("inputs"),
                   result=None if d.get("result") is None else CalcResult.from_dict(d["result"]),
                   answer=d.get("answer"), answer_matches=d.get("answer_matches"),
                   repairs=Repairs(r.get("turns", 0), tuple(r.get("messages", ())),
                                   tuple(r.get("unit_fixes", ()))),
                   computed_by=d.get("computed_by", "calculator"))

    @classmethod
    def from_legacy(cls, trace: Mapping[str, Any], answer: Any = None) -> CalcTrace | None:
        """The record in an `extract` or `tools` trace dict stored before `CalcTrace` existed
        (`answer`: the attempt's answer); None for any other trace."""
        if "tool_calls" in trace and "expected_calculator" in trace:
            return _legacy_tools(trace, answer)
        if "turns" in trace and "findings" in trace:
            return _legacy_extract(trace, answer)
        return None


def _legacy_extract(trace: Mapping[str, Any], answer: Any) -> CalcTrace | None:
    if "calculator" not in trace:  # the case named no calculator we have
        return None
    turns = trace.get("turns") or []
    # the turn that computed: it has warnings, or it is the findings-only turn (no reply)
    computed = [t for t in turns if "inputs" in t and ("warnings" in t or "raw" not in t)]
    result = trace.get("result")
    return CalcTrace(
        calculator=trace["calculator"], calculator_version=trace.get("calculator_version"),
        chosen_by="case",
        written_inputs=plain(computed[-1]["inputs"]) if computed and result else None,
        inputs=plain(trace["normalised_inputs"]) if result else None,
        result=CalcResult.from_dict(result) if result else None,
        answer=plain(answer), answer_matches=True if answer is not None and result else None,
        repairs=Repairs(trace.get("repairs", max(0, len(turns) - 1)),
                        tuple(t["repair"] for t in turns if "repair" in t),
                        tuple(trace.get("unit_fixes", ()))))


def _legacy_tools(trace: Mapping[str, Any], answer: Any) -> CalcTrace:
    calls = [c for c in trace["tool_calls"] if "calculator" in c]  # calls of a calculator tool
    computed = [c for c in calls if "calculator_result" in c]
    result = trace.get("result")
    # what an erring or warned call sent back, each followed by another calculator call
    messages = [json.dumps(c["result"], ensure_ascii=False) for c in calls[:-1]
                if "error" in c or "warnings" in c.get("result", {})]
    return CalcTrace(
        calculator=trace.get("calculator"), calculator_version=result["version"] if result else None,
        chosen_by="model",
        written_inputs=plain(computed[-1].get("inputs")) if computed and result else None,
        inputs=plain(trace["normalised_inputs"]) if result else None,
        result=CalcResult.from_dict(result) if result else None,
        answer=plain(answer), answer_matches=trace.get("answer_matches_calculator"),
        repairs=Repairs(len(messages), tuple(messages)))


__all__ = ["CalcTrace", "CalcResult", "Repairs", "ChosenBy", "ComputedBy",
           "CALC_TRACE_VERSION", "plain"]
