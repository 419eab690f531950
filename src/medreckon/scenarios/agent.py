"""The `scenario_agent` strategy: an agent answers a clinician's loose question about one patient
by planning, reading the patient's record, calling the calculators, and reporting each result
and its recommendation. It runs through `bench run` and `bench arms` like every strategy (the
bench's registry imports this module), on the `scenarios` dataset.

Tools (`tools.py`): query_record, search_calculators, describe_calculator, calculate and
run_python; `calculate=false` withholds the calculators (the paired arm: does tool access change
accuracy?), `sandbox=false` the code sandbox. The loop is bounded: at most `max_turns` model
requests and `max_wall_s` seconds; a model that has not answered by then ends with status error.

How calls travel is one switch, `tool_protocol(model, requested)`:
- ``native``: OpenAI-style function calling (`tools=`, `tool_calls` back; a call written as text in
  the reply is read too);
- ``prompt``: the tools are described in the system prompt and each reply is one JSON object
  {"name": ..., "arguments": {...}}; where the client decodes under a JSON schema (llama.cpp
  in process: `embedded`, `llamacpp:`), the reply is constrained to the union of the tools'
  argument schemas, so no call can be malformed.
`auto` picks ``prompt`` for in-process llama.cpp models (llama-cpp-python returns no tool_calls
with tool_choice auto) and ``native`` otherwise. Endpoint capability detection (issue 31)
replaces the body of `tool_protocol`, nothing else.

The final answer is `final_answer` {results: [{calculator, value}], recommendation}; the Outcome's
answer is the scenario's target read from it (the recommendation, or the target step's value, or
failing that the value the calculator returned for that step). Every request, call and result is
in the trace; `evaluate.py` grades the process from it.
"""

from __future__ import annotations

import json
import time
from typing import Any, Literal

from ..bench.answers import coerce_value, parse_answer
from ..bench.models import Meter
from ..bench.strategies import register
from ..bench.strategies.base import Strategy
from ..bench.strategies.tools import calls_in_content, union_schema
from ..bench.types import Case, Completion, ModelClient, ModelError, Outcome, ToolCall
from ..calculators.registry import find
from .tools import ALL, CALCULATE, CODE, DESCRIBE, FINAL, SEARCH, ScenarioTools, final_tool

Protocol = Literal["native", "prompt"]
PROMPT_VERSION = "1"

SYSTEM = ("You answer a clinician's question about one patient by working with tools. Read the patient's "
          "record with query_record (SQL). {calc}Use the values at the time points the question asks for, "
          "and never invent a value: read it from the record. When every calculation is done, call "
          "final_answer with each result{rec}.")
WITH_CALC = ("Find calculators with search_calculators, see their inputs with describe_calculator and compute "
             "with calculate{code}. ")
WITHOUT_CALC = "Compute each score or equation yourself{code}. "
PROMPT_FORMAT = ('Each reply is exactly one tool call, as one JSON object: {"name": "<tool>", "arguments": {...}}. '
                 "The tools:\n")


def _provider(model: ModelClient) -> str | None:
    return getattr(getattr(model, "spec", None), "provider", None) or (getattr(model, "info", {}) or {}).get("provider")


def tool_protocol(model: ModelClient, requested: str = "auto") -> tuple[Protocol, bool]:
    """(protocol, constrained): how tool calls travel for this model (see the module docstring)."""
    in_process = _provider(model) in ("llamacpp", "embedded")
    if requested == "native":
        return "native", False
    if requested == "prompt":
        return "prompt", in_process
    if requested != "auto":
        raise ValueError(f"protocol must be auto, native or prompt, got {requested!r}")
    return ("prompt", True) if in_process else ("native", False)


@register
class ScenarioAgent(Strategy):
    name = "scenario_agent"
    description = ("An agent over the patient record: plans, queries it with SQL, calls the calculators, reports "
                   "each result and a recommendation (scenarios dataset).")
    strategy_version = "1"
    default_gen: dict[str, Any] = {"temperature": 0.0, "max_tokens": 384}

    def __init__(self, calculate: bool = True, sandbox: bool = True, max_turns: int = 16,
                 max_wall_s: float = 300.0, max_rows: int = 25, protocol: str = "auto"):
        if not 2 <= max_turns <= 40:
            raise ValueError(f"max_turns must be between 2 and 40, got {max_turns}")
        if max_wall_s <= 0 or max_rows < 1:
            raise ValueError("max_wall_s must be positive and max_rows at least 1")
        if protocol not in ("auto", "native", "prompt"):
            raise ValueError(f"protocol must be auto, native or prompt, got {protocol!r}")
        self.calculate, self.sandbox = calculate, sandbox
        self.max_turns, self.max_wall_s, self.max_rows, self.protocol = max_turns, max_wall_s, max_rows, protocol

    @property
    def version(self) -> str:
        return (f"{self.strategy_version}+p{PROMPT_VERSION}+t{self.max_turns}+r{self.max_rows}"
                f"{'' if self.calculate else '+nocalc'}{'' if self.sandbox else '+nocode'}+{self.protocol}")

    def check(self, cases: list[Case]) -> None:
        bad = [c.id for c in cases if "scenario" not in c.metadata or "record" not in c.metadata]
        if bad:
            raise ValueError(f"scenario_agent runs on the scenarios dataset (--dataset scenarios --data-file DIR); "
                             f"{len(bad)} case(s) are not scenarios, e.g. {bad[0]}")

    def enabled(self) -> tuple[str, ...]:
        drop = set() if self.calculate else {SEARCH, DESCRIBE, CALCULATE}
        drop |= set() if self.sandbox else {CODE}
        return tuple(t for t in ALL if t not in drop)

    def system(self, case: Case, protocol: Protocol, tools: list[dict[str, Any]]) -> str:
        code = " (or run_python for what no calculator covers)" if self.sandbox else ""
        calc = (WITH_CALC if self.calculate else WITHOUT_CALC).format(
            code=code if self.calculate else (" (run_python can do the arithmetic)" if self.sandbox else ""))
        rec = " and your recommendation" if case.metadata.get("target", {}).get("kind") == "recommendation" else ""
        text = SYSTEM.format(calc=calc, rec=rec)
        if protocol == "prompt":
            text += "\n\n" + PROMPT_FORMAT + "\n".join(
                json.dumps({"name": t["function"]["name"], "description": t["function"]["description"],
                            "arguments": t["function"]["parameters"].get("properties", {})}, ensure_ascii=False)
                for t in tools)
        return text

    def run(self, case: Case, model: ModelClient, gen: dict[str, Any]) -> Outcome:
        from .record import RecordError, open_record

        try:
            record = open_record(case.metadata["record"])
        except RecordError as exc:
            return Outcome(raw="", answer=None, status="error", error=str(exc))
        try:
            return _Loop(self, case, model, gen, ScenarioTools(record, enabled=self.enabled(),
                                                               max_rows=self.max_rows)).run()
        finally:
            record.close()


class _Loop:
    """One attempt's conversation: requests, tool calls and the closing answer."""

    def __init__(self, agent: ScenarioAgent, case: Case, model: ModelClient, gen: dict[str, Any],
                 tools: ScenarioTools):
        self.agent, self.case, self.gen, self.tools = agent, case, gen, tools
        self.meter = Meter(model)
        self.protocol, self.constrained = tool_protocol(model, agent.protocol)
        options = case.metadata.get("categories") if case.metadata.get("target", {}).get("kind") == "recommendation" \
            else None
        self.schemas = [*tools.schemas(), final_tool(options)]
        self.messages: list[dict[str, Any]] = [
            {"role": "system", "content": agent.system(case, self.protocol, self.schemas)},
            {"role": "user", "content": f"{case.note}\n\n{case.question}"}]
        self.trace: dict[str, Any] = {"protocol": self.protocol, "constrained": self.constrained,
                                      "tools": list(tools.enabled), "messages": self.messages, "tool_calls": []}
        self.started = time.monotonic()

    def request(self) -> Completion:
        kwargs = dict(self.gen)
        extra: dict[str, Any] = {}
        if self.protocol == "native":
            extra["tools"] = self.schemas
            kwargs["tool_choice"] = "auto"
        elif self.constrained:
            names = [t["function"]["name"] for t in self.schemas]
            kwargs["response_format"] = {"type": "json_schema", "json_schema": {
                "name": "tool_call", "schema": union_schema(self.schemas, names)}}
        return self.meter.chat(self.messages, kwargs, **extra)

    def run(self) -> Outcome:
        last: Completion | None = None
        for _ in range(self.agent.max_turns):
            if time.monotonic() - self.started > self.agent.max_wall_s:
                return self.finish("error", error=f"no final answer within {self.agent.max_wall_s:g} s")
            try:
                last = self.request()
            except ModelError as exc:
                return self.finish("error", error=str(exc))
            calls = list(last.tool_calls) or calls_in_content(last.text)
            if not calls:
                return self.final_from_text(last)
            self.record_assistant(last, calls)
            for i, call in enumerate(calls):
                if call.name == FINAL:
                    return self.final_from_call(call)
                shown, rec = self.tools.call(call.name, call.arguments)
                rec["turn"] = self.meter.calls
                self.trace["tool_calls"].append(rec)
                self.reply(call, i, shown)
        return self.finish("error", raw=last.text if last else "",
                           error=f"no final answer within {self.agent.max_turns} turns")

    def record_assistant(self, completion: Completion, calls: list[ToolCall]) -> None:
        if self.protocol == "native" and completion.tool_calls:
            self.messages.append({"role": "assistant", "content": completion.text or None, "tool_calls": [
                {"id": c.id or f"call-{self.meter.calls}-{i}", "type": "function",
                 "function": {"name": c.name, "arguments": c.arguments}} for i, c in enumerate(calls)]})
        else:
            self.messages.append({"role": "assistant", "content": completion.text})

    def reply(self, call: ToolCall, i: int, shown: Any) -> None:
        text = json.dumps(shown, ensure_ascii=False, default=str)
        if self.protocol == "native" and call.id and not call.id.startswith("content-"):
            self.messages.append({"role": "tool", "tool_call_id": call.id or f"call-{self.meter.calls}-{i}",
                                  "content": text})
        else:
            self.messages.append({"role": "user", "content": f"Result of {call.name}: {text}"})

    # -- the answer ----------------------------------------------------------------------

    def final_from_call(self, call: ToolCall) -> Outcome:
        try:
            args = json.loads(call.arguments) if call.arguments else {}
        except ValueError:
            args = None
        if not isinstance(args, dict):
            return self.finish("unparsed", raw=call.arguments, error="the final answer is not a JSON object")
        self.trace["final"] = args
        answer = self.target_answer(args)
        status = "ok" if answer is not None else "unparsed"
        return self.finish(status, answer=answer, raw=call.arguments,
                           error=None if answer is not None else "the final answer lacks the asked result")

    def final_from_text(self, completion: Completion) -> Outcome:
        self.messages.append({"role": "assistant", "content": completion.text})
        parsed = parse_answer(completion.text, self.case.output_type, completion.finish_reason,
                              categories=self.case.metadata.get("categories"))
        self.trace["final_text"] = completion.text
        answer = parsed.answer if parsed.status == "ok" else None
        if answer is None and self.case.metadata.get("target", {}).get("kind") == "step":
            answer = self.calculated_target()
        status = "ok" if answer is not None else parsed.status
        return self.finish(status, answer=answer, raw=completion.text)

    def target_answer(self, args: dict[str, Any]) -> Any:
        target = self.case.metadata.get("target", {})
        categories = self.case.metadata.get("categories")
        if target.get("kind") == "recommendation":
            answer, _ = coerce_value(args.get("recommendation"), "category", categories)
            return answer
        step = next(s for s in self.case.metadata["scenario"]["steps"] if s["order"] == target.get("order"))
        reported = reported_values(args, step["calculator"])
        if reported:
            answer, _ = coerce_value(reported[-1], self.case.output_type, categories)
            if answer is not None:
                return answer
        return self.calculated_target()

    def calculated_target(self) -> Any:
        """The value calculate returned for the target step's calculator (the last such call)."""
        target = self.case.metadata.get("target", {})
        step = next((s for s in self.case.metadata["scenario"]["steps"] if s["order"] == target.get("order")), None)
        for rec in reversed(self.trace["tool_calls"]):
            if step and rec.get("calculator") == step["calculator"] and "calculator_result" in rec:
                answer, _ = coerce_value(rec["calculator_result"].get("rounded", rec["calculator_result"].get("value")),
                                         self.case.output_type, self.case.metadata.get("categories"))
                return answer
        return None

    def finish(self, status: str, answer: Any = None, raw: str = "", error: str | None = None) -> Outcome:
        self.trace["turns"] = self.meter.calls
        self.trace["wall_s"] = round(time.monotonic() - self.started, 3)
        return self.meter.outcome(raw=raw, answer=answer, status=status, error=error, trace=self.trace)


def reported_values(final: dict[str, Any], calculator: str | None) -> list[Any]:
    """The values a final answer reports for one calculator (named by id, alias or name), in order."""
    out = []
    for item in final.get("results") or []:
        if isinstance(item, dict) and calculator is not None:
            named = item.get("calculator")
            calc = find(named) if isinstance(named, str) else None
            if calc is None and isinstance(named, str):
                from ..bench.name_matching import match_calculator

                calc = match_calculator(named).calculator
            if calc is not None and calc.id == calculator:
                out.append(item.get("value"))
    return out


__all__ = ["PROMPT_VERSION", "ScenarioAgent", "reported_values", "tool_protocol"]
