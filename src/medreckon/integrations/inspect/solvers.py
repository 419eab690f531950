"""Our strategies as inspect solvers, driving inspect's `generate`.

- `prompt_strategy("direct" | "zero_shot_cot" | "one_shot_cot")` (and the shorthands `direct()`,
  `zero_shot_cot()`, `one_shot_cot()`): the strategy's exact messages (`bench.strategies.cot`,
  `prompts`), one `generate`, and the reply read by the bench's own `single_request` (the same
  parse cascade, statuses and trace as `medreckon bench run`).
- `tools_strategy("tools:k=3,max_turns=6")`: the `tools` strategy's agent (its system prompt,
  retrieved calculators, `search_calculators` / `describe_calculator` helpers and `final_answer`)
  with every tool an inspect tool, so inspect runs the calls and its log shows them. Calls use
  inspect's native function calling (`tool_choice` "any" until a calculator has returned a
  result, then "auto"); the turn and time bounds are the strategy's. The model is offered the
  strategy's declarations; a call is judged by the calculator, as in `bench run`, not by
  inspect's check against the declaration (`_Agent.tools`).

Each solver leaves the bench's `Outcome` (answer, status, trace, `CalcTrace`) in the sample's
store under `OUTCOME_KEY` — a request that fails after the client's bounded retries (`ModelError`,
our provider's) is status `error`, as the runner stores it, and the sample is still scored; the scorers read it (and parse `state.output` when a solver of
someone else's left none).
"""

from __future__ import annotations

import json
import time
from typing import Any

from inspect_ai.model import (
    ChatMessage,
    ChatMessageAssistant,
    ChatMessageSystem,
    ChatMessageUser,
    ModelOutput,
    execute_tools,
)
from inspect_ai.solver import Generate, Solver, TaskState, solver

from ...bench.calculation import (
    calculator_for_case,
    calculator_tool,
    execute_call,
    helper_tools,
)
from ...bench.runs.store import outcome_from_json, outcome_to_json
from ...bench.strategies import get_strategy
from ...bench.strategies.base import PromptStrategy
from ...bench.strategies.tools import AGENT_SYSTEM, FINAL, Tools, closing_record, final_answer_tool
from ...bench.types import Case, Completion, ModelClient, ModelError, Outcome, ToolCall, Usage
from ...calculators.registry import get
from ...errors import CalculatorInputError
from ...interfaces.tools import tool_name
from .dataset import case_of
from .tools import as_tool

OUTCOME_KEY = "medreckon_outcome"  # TaskState.store key of the bench Outcome
# inspect's stop reasons as the finish reasons our parser reads
FINISH_REASONS = {"stop": "stop", "max_tokens": "length", "model_length": "length",
                  "tool_calls": "tool_calls", "content_filter": "content_filter"}
PROMPT_STRATEGIES = ("direct", "zero_shot_cot", "one_shot_cot")


# ---------------------------------------------------------------- messages and outputs


def chat_messages(messages: list[dict[str, Any]]) -> list[ChatMessage]:
    """Our strategies' OpenAI-style messages (system, user, assistant text) as inspect's."""
    kinds = {"system": ChatMessageSystem, "user": ChatMessageUser, "assistant": ChatMessageAssistant}
    out: list[ChatMessage] = []
    for m in messages:
        if m["role"] not in kinds or not isinstance(m.get("content"), str):
            raise ValueError(f"cannot pass a {m['role']!r} message with content {type(m.get('content')).__name__} "
                             "to inspect; prompt strategies send text system, user and assistant messages")
        out.append(kinds[m["role"]](content=m["content"]))
    return out


def completion_of(output: ModelOutput) -> Completion:
    """inspect's ModelOutput as the bench's Completion (text, finish reason, tool calls, usage)."""
    message = output.message if output.choices else None
    calls = tuple(ToolCall(id=c.id, name=c.function, arguments=json.dumps(c.arguments))
                  for c in (message.tool_calls or [])) if message is not None else ()
    usage = output.usage
    return Completion(
        text=output.completion, tool_calls=calls,
        finish_reason=FINISH_REASONS.get(output.stop_reason, output.stop_reason) if output.choices else None,
        usage=Usage(usage.input_tokens, usage.output_tokens) if usage else Usage(),
        latency_s=float(output.time or 0.0), model=output.model)


class Replay(ModelClient):
    """A ModelClient that answers with a completion inspect already generated, so the bench's own
    strategy code reads it; it checks that the strategy asks what inspect was sent."""

    def __init__(self, name: str, messages: list[dict[str, Any]], completion: Completion):
        self.name, self._messages, self._completion = name, messages, completion

    def chat(self, messages, tools=None, response_format=None, **gen) -> Completion:
        if messages != self._messages:
            raise RuntimeError("the strategy built other messages than the ones inspect sent")
        return self._completion


def save_outcome(state: TaskState, outcome: Outcome) -> None:
    state.store.set(OUTCOME_KEY, json.loads(outcome_to_json(outcome)))


def stored_outcome(state: TaskState) -> Outcome | None:
    record = state.store.get(OUTCOME_KEY)
    return None if record is None else outcome_from_json(json.dumps(record))


# ---------------------------------------------------------------- prompt strategies


@solver
def prompt_strategy(strategy: str = "direct") -> Solver:
    """A one-request strategy of ours (direct, zero_shot_cot, one_shot_cot) with its exact prompt."""
    strat = get_strategy(strategy)
    if not isinstance(strat, PromptStrategy):
        raise ValueError(f"strategy: {strategy!r} is not a one-request prompt strategy; expected one of "
                         f"{', '.join(PROMPT_STRATEGIES)} (use tools_strategy for 'tools')")

    async def solve(state: TaskState, generate: Generate) -> TaskState:
        case = case_of(state)
        messages = strat.messages(case)
        state.messages = chat_messages(messages)
        try:
            state = await generate(state, tool_calls="none")
        except ModelError as exc:  # as the runner stores it: status error, the sample still scored
            save_outcome(state, Outcome(raw="", answer=None, status="error", error=str(exc),
                                        trace={"messages": messages}, model_calls=1))
            return state
        replay = Replay(str(state.model), messages, completion_of(state.output))
        save_outcome(state, strat.run(case, replay, {}))
        return state

    return solve


@solver
def direct() -> Solver:
    """The answer only, as JSON (`bench` strategy `direct`)."""
    return prompt_strategy("direct")


@solver
def zero_shot_cot() -> Solver:
    """Step-by-step working, then the answer (`zero_shot_cot`)."""
    return prompt_strategy("zero_shot_cot")


@solver
def one_shot_cot() -> Solver:
    """Zero-shot CoT after one worked exemplar of the same calculator (`one_shot_cot`)."""
    return prompt_strategy("one_shot_cot")


# ---------------------------------------------------------------- the tools agent


class _Agent:
    """One sample's tool calls, run by `execute_call` as the `tools` strategy runs them."""

    def __init__(self, case: Case, callable_ids: dict[str, str]):
        self.case, self.callable_ids = case, callable_ids
        self.turns, self.usage, self.latency_s = 0, Usage(), 0.0
        self.result: Any = None  # the last calculator Result
        self.calculator: str | None = None
        self.inputs: Any = None
        self.feedback: str | None = None  # the last calculator call's error or warning
        self.repairs: list[str] = []
        self.final: dict[str, Any] | None = None
        self.trace: dict[str, Any] = {"call_mode": "native", "retrieved": list(callable_ids.values()),
                                      "tool_calls": []}
        try:
            self.trace["expected_calculator"] = calculator_for_case(case).id  # for audits only
        except CalculatorInputError:
            self.trace["expected_calculator"] = None

    def run(self, name: str, args: dict[str, Any]) -> Any:
        if name == FINAL:
            self.final = args
            return {"recorded": True}
        ran = execute_call(name, json.dumps(args), self.callable_ids, (FINAL,))
        rec = ran.record
        rec["turn"] = self.turns
        if ran.described is not None:  # callable from the next request on
            self.callable_ids[tool_name(ran.described)] = ran.described
        self.trace["tool_calls"].append(rec)
        if "calculator" in rec:  # a calculator call repairs the last one if that erred
            if self.feedback is not None:
                self.repairs.append(self.feedback)
            self.feedback = json.dumps(rec["result"], ensure_ascii=False, default=str) if ran.asks_repair else None
        if ran.result is not None:
            self.result, self.calculator, self.inputs = ran.result, rec["calculator"], rec["inputs"]
        return rec["result"]

    def tools(self, checked: bool = True) -> list:
        """The tools as the strategy declares them (checked: what the model is offered), or the
        same tools unchecked, as inspect runs the calls: the strict declarations list every
        calculator input as required (null if not given), and inspect would refuse a call that
        leaves an optional one out, which the calculator accepts, before the calculator saw it.
        The calculator judges a call here as in `bench run`."""
        functions = [calculator_tool(cid)["function"] for cid in self.callable_ids.values()]
        functions += [t["function"] for t in helper_tools()]
        functions.append(final_answer_tool(self.case.output_type)["function"])
        return [as_tool(f, lambda args, name=f["name"]: self.run(name, args), checked=checked) for f in functions]

    def count(self, output: ModelOutput) -> None:
        c = completion_of(output)
        self.turns += 1
        self.usage = Usage(self.usage.prompt_tokens + c.usage.prompt_tokens,
                           self.usage.completion_tokens + c.usage.completion_tokens)
        self.latency_s += c.latency_s

    def finish(self, status, answer=None, error=None, raw="", explanation=None, started=0.0) -> Outcome:
        """The Outcome as the `tools` strategy writes it: the last calculator's result, whether
        the answer is its value, the repairs, and the CalcTrace."""
        self.trace["turns"] = self.turns
        self.trace["wall_s"] = round(time.monotonic() - started, 3)
        explanation, calc = closing_record(self.case, self.trace, self.result, self.calculator, self.inputs,
                                           answer, status, explanation, self.repairs)
        return Outcome(raw=raw, answer=answer, status=status, explanation=explanation, error=error, trace=self.trace,
                       usage=self.usage, latency_s=self.latency_s, model_calls=self.turns, calc=calc)


@solver
def tools_strategy(strategy: str = "tools") -> Solver:
    """The `tools` strategy (parameters as in `bench run`: ``tools:k=5,max_turns=8``) with our
    calculators as inspect tools."""
    strat = get_strategy(strategy)
    if not isinstance(strat, Tools):
        raise ValueError(f"strategy: {strategy!r} is not the tools strategy; expected tools[:k=…,max_turns=…]")
    if strat.call_mode == "constrained":
        raise ValueError("strategy: call_mode=constrained is our llama.cpp decoding trick; inspect drives "
                         "tools by native function calling (leave call_mode out)")

    async def solve(state: TaskState, generate: Generate) -> TaskState:
        case, started = case_of(state), time.monotonic()
        agent = _Agent(case, {tool_name(cid): get(cid).id for cid in strat.retrieve(case.question)})

        def finish(status, answer=None, error=None, raw="", explanation=None) -> Outcome:
            return agent.finish(status, answer, error, raw, explanation, started)

        state.messages = [ChatMessageSystem(content=AGENT_SYSTEM),
                          ChatMessageUser(content=strat.user_prompt(case, "native"))]
        outcome = None
        for _turn in range(strat.max_turns):
            if time.monotonic() - started > strat.max_wall_s:
                outcome = finish("error", error=f"no final answer within {strat.max_wall_s:g} s "
                                 f"({agent.turns} model requests)")
                break
            state.tools = agent.tools()
            state.tool_choice = "auto" if agent.result is not None else "any"
            try:
                state = await generate(state, tool_calls="none")
            except ModelError as exc:
                agent.turns += 1
                outcome = finish("error", error=str(exc))
                break
            agent.count(state.output)
            if state.output.message.tool_calls:  # run by inspect (logged), judged by our calculators
                ran = await execute_tools(state.messages, agent.tools(checked=False))
                state.messages.extend(ran.messages)
            if agent.final is not None:
                call = ToolCall(id="final", name=FINAL, arguments=json.dumps(agent.final))
                outcome = strat._final_from_call(call, case, finish)  # the strategy's own reading
                break
            if not state.output.message.tool_calls:
                if completion_of(state.output).finish_reason == "length":  # cut off: as the strategy reads it
                    outcome = finish("truncated", raw=state.output.completion, error="the reply is not a tool call")
                    break
                outcome = strat._final_from_text(completion_of(state.output), case, finish, agent.result is not None)
                break
        if outcome is None:
            outcome = finish("error", raw=state.output.completion, error=f"no final answer within {strat.max_turns} turns")
        save_outcome(state, outcome)
        return state

    return solve


__all__ = ["OUTCOME_KEY", "Replay", "chat_messages", "completion_of", "direct", "one_shot_cot", "prompt_strategy",
           "save_outcome", "stored_outcome", "tools_strategy", "zero_shot_cot"]
