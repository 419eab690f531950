"""The `tools` strategy (the OpenMedCalc arm): the model gets calculator tools, chooses one,
calls it with the patient's values, reads the result and gives the final answer.

Tools offered (their schemas generated from the declarations by `interfaces.tools`, strict
form with quantities as `{value, unit enum}`):
- the top-k calculators retrieved for the question by BM25 over the formula cards
  (`bench.retrieval`, default k = 3); the case's own calculator is never looked at;
- the low-token pair `search_calculators` (query -> ids, names, one-line descriptions) and
  `describe_calculator` (id -> inputs, formula, output); a calculator the model describes is
  added to the tools it can call from the next turn on;
- `final_answer` (the answer, typed by the case's output type).

The loop is bounded: at most `max_turns` model requests (default 6; the shortest path is two:
call the calculator, then answer) and `max_wall_s` seconds (checked before every request). A
model that has not answered by then ends with status `error`. Every request, tool call, tool
result (or error object) is recorded in the trace. The tools and their calls are run by
`bench.calculation`; `Outcome.calc` (a `CalcTrace`) records the last calculator that computed
(none if none did), its inputs and result, whether the final answer is its value, and the
repairs: the calculator calls made after an error or an implausible-value warning.

How a call reaches us (`call_mode`):
- ``constrained`` — each request is one JSON object `{"name": <tool>, "arguments": {...}}`
  decoded under a JSON schema that is the union of the offered tools' argument schemas (the
  `<tool_call>` payload Qwen-style models are trained to write, without its tags). We do this for
  llama.cpp because llama-cpp-python 0.3.x returns no `tool_calls` with `tool_choice="auto"`
  (the call arrives as free text in `content`, sometimes malformed), and forcing one named
  function needs a separate "which function" request first: the union does the choice and
  the call in one constrained generation, so no call can be malformed and no request is spent
  on choosing. `final_answer` joins the union only once a calculator has returned a result, so
  the model must choose, call, and then answer. The tools are still passed as `tools`, so the
  chat template shows them to the model as usual.
- ``native`` — OpenAI-style function calling (`tool_choice="required"` until a calculator has
  returned a result, then `"auto"`). Calls in `tool_calls` are run; a `<tool_call>{...}</tool_call>`
  or bare `{"name": ..., "arguments": ...}` in `content` is read as a call too (servers that do
  not parse their model's calls); any other content is read as the final answer.
- ``auto`` (default) — ``native`` where the model has native tool calls (`ModelClient.capabilities`),
  else ``constrained``: in-process llama.cpp models, endpoints whose probe found none (the
  prompted protocol; its JSON Schema falls back as every JSON request does, `models.capabilities`).

Statuses: ModelError -> `error`; out of turns or time -> `error`; a final answer that cannot be
read -> `unparsed` (or `truncated`); never a default.
"""

from __future__ import annotations

import hashlib
import json
import re
import time
from collections.abc import Callable
from typing import Any, Literal

from ...calculators.registry import get
from ...errors import CalculatorInputError
from ...interfaces.tools import tool_name
from ..answers import decimals_of, format_answer, same_value, typed_answer
from ..calculation import (
    HELPERS,
    calc_trace,
    calculator_for_case,
    calculator_tool,
    execute_call,
    explanation_of,
    helper_tools,
    result_record,
)
from ..models import Meter
from ..trace import Repairs
from ..types import Case, Completion, ModelClient, ModelError, Outcome, OutputType, ToolCall
from . import register
from .base import Strategy

AGENT_PROMPT_VERSION = "1"
CallMode = Literal["auto", "constrained", "native"]
CALL_MODES: tuple[str, ...] = ("auto", "constrained", "native")
FINAL = "final_answer"

AGENT_SYSTEM = (
    "You answer medical calculation questions by calling validated calculator tools. You read "
    "the patient note, pick the calculator that answers the question, call it with this "
    "patient's values, and report its result. You never compute the result yourself."
)

AGENT_STEPS = (
    "How to work:\n"
    "1. Call the calculator tool that answers the question (search_calculators and "
    "describe_calculator find others if none of the offered ones fits).\n"
    "2. Fill its arguments from the note: numbers as the note writes them, each with the unit "
    "the note uses; when a value is given more than once, the one at presentation; a yes/no "
    "finding is true only when the note states it, false when ruled out, null when not "
    "mentioned.\n"
    "3. If the tool returns an error or warns that a value is implausible, call it again with "
    "corrected values.\n"
    "4. Then call final_answer with the calculator's value."
)

CONSTRAINED_FORMAT = (
    'Each reply is one JSON object {"name": <tool name>, "arguments": {...}}.'
)

FINAL_DESCRIPTIONS: dict[OutputType, str] = {
    "decimal": "The calculator's result, a number without units.",
    "integer": "The calculator's result, a whole number.",
    "date": 'The calculator\'s result, a date written "MM/DD/YYYY".',
    "gestational_age": "The calculator's result as weeks and days.",
}


def prompt_fingerprint() -> str:
    parts = [AGENT_SYSTEM, AGENT_STEPS, CONSTRAINED_FORMAT, json.dumps(FINAL_DESCRIPTIONS, sort_keys=True)]
    return hashlib.sha256("\x1e".join(parts).encode()).hexdigest()


# ---------------------------------------------------------------- tools


def final_answer_tool(output_type: OutputType) -> dict[str, Any]:
    answer: dict[str, Any]
    if output_type == "decimal":
        answer = {"type": "number"}
    elif output_type == "integer":
        answer = {"type": "integer"}
    elif output_type == "date":
        answer = {"type": "string"}
    else:
        answer = {"type": "object", "properties": {"weeks": {"type": "integer"}, "days": {"type": "integer"}},
                  "required": ["weeks", "days"], "additionalProperties": False}
    answer["description"] = FINAL_DESCRIPTIONS[output_type]
    return {"type": "function", "function": {
        "name": FINAL, "description": "Give the final answer to the question and stop.",
        "parameters": {"type": "object", "properties": {"answer": answer}, "required": ["answer"],
                       "additionalProperties": False}}}


def union_schema(tools: list[dict[str, Any]], allowed: list[str]) -> dict[str, Any]:
    """One JSON object {"name", "arguments"} for any allowed tool: the constrained-mode reply."""
    by_name = {t["function"]["name"]: t["function"] for t in tools}
    branches = []
    for name in allowed:
        params = by_name[name]["parameters"]
        branches.append({"type": "object",
                         "properties": {"name": {"const": name}, "arguments": params},
                         "required": ["name", "arguments"], "additionalProperties": False})
    return branches[0] if len(branches) == 1 else {"anyOf": branches}


# ---------------------------------------------------------------- reading calls from content

_TAGGED = re.compile(r"<tool_call>\s*(.*?)\s*(?:</tool_call>|$)", re.S)


def _json_objects(text: str) -> list[Any]:
    """Top-level JSON values decodable from `text`, scanning each '{'."""
    dec = json.JSONDecoder()
    out, i = [], 0
    while (i := text.find("{", i)) >= 0:
        try:
            obj, end = dec.raw_decode(text, i)
        except ValueError:
            i += 1
            continue
        out.append(obj)
        i = end
    return out


def calls_in_content(text: str) -> list[ToolCall]:
    """Tool calls written as text: `<tool_call>{"name":..., "arguments":...}</tool_call>` blocks,
    else bare JSON objects with "name" and "arguments" keys."""
    tagged = _TAGGED.findall(text or "")
    candidates = [o for block in tagged for o in _json_objects(block)] if tagged else _json_objects(text or "")
    calls = []
    for obj in candidates:
        if isinstance(obj, dict) and isinstance(obj.get("name"), str) and "arguments" in obj:
            args = obj["arguments"]
            calls.append(ToolCall(id=f"content-{len(calls)}", name=obj["name"],
                                  arguments=args if isinstance(args, str) else json.dumps(args)))
    return calls


# ---------------------------------------------------------------- the strategy


def default_retriever(k: int) -> Callable[[str], list[str]]:
    from ..retrieval import Retriever

    retriever = Retriever("bm25")
    return lambda question: [cid for cid, _ in retriever.search(question, k)]


def closing_record(case: Case, trace: dict[str, Any], result: Any, calculator: str | None, inputs: Any,
                   answer: Any, status: str, explanation: str | None,
                   repairs: list[str]) -> tuple[str | None, Any]:
    """What the tools agent writes when it stops (also used by the inspect solver): the last
    calculator result into `trace`, whether the answer is its value (or its rounding), the
    explanation with the calculator's steps, and the CalcTrace."""
    matches = None
    if result is not None:
        trace["result"] = result_record(result)
        trace["calculator"] = calculator
        trace["normalised_inputs"] = trace["result"]["inputs"]
        try:  # what the last calculator call says, to tell copy slips from wrong inputs
            expected = typed_answer(result.value, case.output_type)
            trace["calculator_answer"] = str(format_answer(expected, case.output_type, "prompt"))
            if answer is not None:  # the value or its rounding under the calculator's rule
                rounded = typed_answer(result.rounded, case.output_type)
                matches = same_value(answer, expected) or same_value(answer, rounded)
                trace["answer_matches_calculator"] = matches
        except ValueError:
            pass
        if explanation is None or status == "ok":
            steps = explanation_of(result)
            explanation = steps if explanation is None else f"{steps}; {explanation}"
    if answer is not None:
        trace["answer_decimals"] = decimals_of(answer)
    calc = calc_trace(get(calculator) if result is not None else None, "model", result, inputs,
                      answer, matches, Repairs(len(repairs), tuple(repairs)))
    return explanation, calc


@register
class Tools(Strategy):
    """Calculator tools with a bounded agent loop; see the module docstring."""

    name = "tools"
    description = "Calculator tools in a bounded agent loop: the model picks a retrieved calculator, calls it, answers (OpenMedCalc)."
    strategy_version = "1"
    default_gen: dict[str, Any] = {"temperature": 0.0, "max_tokens": 1024}

    def __init__(self, k: int = 3, max_turns: int = 6, max_wall_s: float = 900.0,
                 call_mode: CallMode = "auto",
                 retrieve: Callable[[str], list[str]] | None = None):
        if k < 1:
            raise ValueError(f"k must be at least 1, got {k}")
        if not 1 <= max_turns <= 20:
            raise ValueError(f"max_turns must be between 1 and 20, got {max_turns}")
        if max_wall_s <= 0:
            raise ValueError(f"max_wall_s must be positive, got {max_wall_s}")
        if call_mode not in CALL_MODES:
            raise ValueError(f"call_mode must be one of {', '.join(CALL_MODES)}, got {call_mode!r}")
        self.k = k
        self.max_turns = max_turns
        self.max_wall_s = max_wall_s
        self.call_mode = call_mode
        self._retrieve = retrieve

    @property
    def version(self) -> str:
        return f"{self.strategy_version}+a{AGENT_PROMPT_VERSION}+k{self.k}+t{self.max_turns}+{self.call_mode}"

    def retrieve(self, question: str) -> list[str]:
        if self._retrieve is None:
            self._retrieve = default_retriever(self.k)
        return list(dict.fromkeys(self._retrieve(question)))[: self.k]

    def mode_for(self, model: ModelClient) -> str:
        if self.call_mode != "auto":
            return self.call_mode
        caps = getattr(model, "capabilities", None)  # a duck-typed client declares nothing: native
        return "constrained" if caps is not None and not caps.tools else "native"

    def user_prompt(self, case: Case, mode: str) -> str:
        parts = [f"Patient note:\n{case.note.strip()}", f"Question: {case.question.strip()}", AGENT_STEPS]
        if mode == "constrained":
            parts.append(CONSTRAINED_FORMAT)
        return "\n\n".join(parts)

    # -- the loop ------------------------------------------------------------------------

    def run(self, case: Case, model: ModelClient, gen: dict[str, Any]) -> Outcome:
        started = time.monotonic()
        mode = self.mode_for(model)
        retrieved = self.retrieve(case.question)
        callable_ids = {tool_name(cid): get(cid).id for cid in retrieved}
        tools = [calculator_tool(cid) for cid in callable_ids.values()] + helper_tools() + [
            final_answer_tool(case.output_type)]
        messages: list[dict[str, Any]] = [
            {"role": "system", "content": AGENT_SYSTEM},
            {"role": "user", "content": self.user_prompt(case, mode)},
        ]
        trace: dict[str, Any] = {"call_mode": mode, "retrieved": list(callable_ids.values()),
                                 "messages": messages, "requests": [], "tool_calls": []}
        try:
            trace["expected_calculator"] = calculator_for_case(case).id  # for audits only
        except CalculatorInputError:
            trace["expected_calculator"] = None
        # the last calculator result, its calculator and inputs as written; the error or warning
        # of the last calculator call (None: it computed cleanly); the repair messages sent
        state: dict[str, Any] = {"result": None, "calculator": None, "inputs": None, "feedback": None}
        repairs: list[str] = []
        meter = Meter(model)
        last: Completion | None = None

        def finish(status, answer=None, error=None, raw="", explanation=None) -> Outcome:
            trace["turns"] = meter.calls
            trace["wall_s"] = round(time.monotonic() - started, 3)
            explanation, calc = closing_record(case, trace, state["result"], state["calculator"], state["inputs"],
                                               answer, status, explanation, repairs)
            return meter.outcome(raw=raw, answer=answer, status=status, explanation=explanation,
                                 error=error, trace=trace, calc=calc)

        for _turn in range(self.max_turns):
            if time.monotonic() - started > self.max_wall_s:
                return finish("error", error=f"no final answer within {self.max_wall_s:g} s "
                              f"({meter.calls} model requests)")
            have_result = state["result"] is not None
            request: dict[str, Any] = {"turn": meter.calls}
            kwargs: dict[str, Any] = dict(gen)
            if mode == "constrained":
                allowed = [*callable_ids, *HELPERS] + ([FINAL] if have_result else [])
                kwargs["response_format"] = {"type": "json_schema", "json_schema": {
                    "name": "tool_call", "schema": union_schema(tools, allowed)}}
                request["allowed"] = allowed
            else:
                kwargs["tool_choice"] = "auto" if have_result else "required"
            try:
                last = meter.chat(messages, kwargs, tools=tools)
            except ModelError as exc:
                return finish("error", error=str(exc))
            request.update(content=last.text, finish_reason=last.finish_reason,
                           tool_calls=[{"id": c.id, "name": c.name, "arguments": c.arguments}
                                       for c in last.tool_calls])
            trace["requests"].append(request)
            got = list(last.tool_calls) or calls_in_content(last.text)
            if not got:
                if mode == "constrained" or last.finish_reason == "length":
                    # constrained output that is not a call can only be cut off
                    status = "truncated" if last.finish_reason == "length" else "unparsed"
                    return finish(status, raw=last.text, error="the reply is not a tool call")
                return self._final_from_text(last, case, finish, have_result)
            got = got[:4]  # a runaway list of parallel calls is not run
            finals = [c for c in got if c.name == FINAL]
            if finals:
                return self._final_from_call(finals[0], case, finish)
            messages.append({"role": "assistant", "content": "",
                             "tool_calls": [{"id": c.id or f"call-{meter.calls}-{i}", "type": "function",
                                             "function": {"name": c.name, "arguments": c.arguments}}
                                            for i, c in enumerate(got)]})
            for i, c in enumerate(got):
                ran = execute_call(c.name, c.arguments, callable_ids, (FINAL,))
                rec = ran.record
                if ran.described is not None:  # callable from the next request on
                    callable_ids[tool_name(ran.described)] = ran.described
                    tools.insert(len(callable_ids) - 1, calculator_tool(ran.described))
                rec["turn"] = meter.calls - 1
                trace["tool_calls"].append(rec)
                content = json.dumps(rec["result"], ensure_ascii=False, default=str)
                messages.append({"role": "tool", "tool_call_id": c.id or f"call-{meter.calls}-{i}",
                                 "content": content})
                if "calculator" in rec:  # a calculator call: it repairs the last one if that erred
                    if state["feedback"] is not None:
                        repairs.append(state["feedback"])
                    state["feedback"] = content if ran.asks_repair else None
                if ran.result is not None:
                    state.update(result=ran.result, calculator=rec["calculator"], inputs=rec["inputs"])
        return finish("error", raw=last.text if last else "",
                      error=f"no final answer within {self.max_turns} turns")

    def _final_from_call(self, call: ToolCall, case: Case, finish) -> Outcome:
        from ..answers import parse_answer

        try:
            args = json.loads(call.arguments) if call.arguments else {}
        except ValueError:
            args = None
        value = args.get("answer") if isinstance(args, dict) else None
        if case.output_type == "gestational_age" and isinstance(value, dict):
            text = json.dumps({"answer": [value.get("weeks"), value.get("days")]})
        else:
            text = json.dumps({"answer": value})
        parsed = parse_answer(text, case.output_type)
        return finish(parsed.status, answer=parsed.answer, raw=call.arguments,
                      error=None if parsed.status == "ok" else "the final answer cannot be read",
                      explanation=self._explanation(parsed.answer))

    def _final_from_text(self, completion: Completion, case: Case, finish, have_result: bool) -> Outcome:
        from ..answers import parse_answer

        parsed = parse_answer(completion.text, case.output_type, completion.finish_reason)
        out = finish(parsed.status, answer=parsed.answer, raw=completion.text,
                     error=None if parsed.status == "ok" else "the final answer cannot be read",
                     explanation=parsed.explanation)
        out.trace["answered_without_calculator"] = not have_result
        return out

    @staticmethod
    def _explanation(answer) -> str | None:
        return None if answer is None else f"final answer {format_answer(answer, style='prompt')}"


__all__ = ["Tools", "calls_in_content", "union_schema", "final_answer_tool", "helper_tools",
           "AGENT_PROMPT_VERSION"]
