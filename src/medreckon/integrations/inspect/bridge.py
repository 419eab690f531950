"""Any other strategy of ours (`extract`, `structured_cot`, `code`, `rag`, …) in inspect: the
bench's own strategy code runs in a worker thread with a ModelClient whose every request goes
through inspect's model (`InspectClient`), so the requests are inspect's — any inspect model,
logged in the sample's transcript — while the loop, prompts, constrained schemas and reading are
the strategy's. `response_format` JSON schemas become inspect's `response_schema` (refused when
inspect's schema type cannot carry one of its keywords, rather than sent loosened).
A strategy that needs log-probabilities (a reading pipeline with a log-probability stage: `extract`'s
default pipeline, `extract:decide=logprob`, `extract:choices=logprob`) is refused before any sample,
since inspect's models are asked for text only; `extract:pipeline=generate` runs through it.
"""

from __future__ import annotations

import functools
import json
from typing import Any

import anyio
from inspect_ai.model import (
    ChatMessage,
    ChatMessageAssistant,
    ChatMessageSystem,
    ChatMessageTool,
    ChatMessageUser,
    GenerateConfig,
    Model,
    ModelOutput,
    ResponseSchema,
    get_model,
)
from inspect_ai.solver import Generate, Solver, TaskState, solver
from inspect_ai.tool import ToolCall, ToolFunction, ToolInfo, ToolParams
from inspect_ai.util import JSONSchema

from ...bench.models.clients import check_gen
from ...bench.strategies import get_strategy
from ...bench.types import Completion, ModelClient, ModelError, Outcome
from ...reading.pipeline import LOGPROBS
from .dataset import case_of
from .solvers import completion_of, save_outcome


def inspect_messages(messages: list[dict[str, Any]]) -> list[ChatMessage]:
    """Our clients' OpenAI-style messages (with tool calls and tool results) as inspect's."""
    out: list[ChatMessage] = []
    for m in messages:
        role, content = m.get("role"), m.get("content") or ""
        if role == "system":
            out.append(ChatMessageSystem(content=content))
        elif role == "user":
            out.append(ChatMessageUser(content=content))
        elif role == "assistant":
            calls = [ToolCall(id=c.get("id") or f"call-{i}", function=c["function"]["name"],
                              arguments=json.loads(c["function"].get("arguments") or "{}"))
                     for i, c in enumerate(m.get("tool_calls") or [])]
            out.append(ChatMessageAssistant(content=content, tool_calls=calls or None))
        elif role == "tool":
            out.append(ChatMessageTool(content=content, tool_call_id=m.get("tool_call_id")))
        else:
            raise ValueError(f"message role {role!r} has no inspect message; expected system, user, assistant or tool")
    return out


def response_schema(response_format: dict[str, Any]) -> ResponseSchema:
    spec = response_format.get("json_schema") or {}
    schema = spec.get("schema") if response_format.get("type") == "json_schema" else response_format.get("schema")
    if not isinstance(schema, dict):
        raise ValueError(f"response_format {response_format.get('type')!r} without a JSON schema cannot go "
                         "through inspect (it takes a response_schema)")
    carried = JSONSchema.model_validate(schema)
    if carried.model_dump(exclude_none=True) != schema:
        raise ValueError("this strategy's JSON schema uses keywords inspect's response_schema does not carry; "
                         "run it with `medreckon bench run`")
    return ResponseSchema(name=spec.get("name") or "reply", json_schema=carried)


class InspectClient(ModelClient):
    """A ModelClient for strategy code running in a worker thread: each `chat` is a request of
    inspect's model, made on inspect's event loop."""

    def __init__(self, model: Model):
        self.model, self.name = model, str(model)
        self.last: ModelOutput | None = None

    def chat(self, messages, tools=None, response_format=None, **gen) -> Completion:
        check_gen(gen)
        choice = gen.pop("tool_choice", None)
        if isinstance(choice, dict):
            choice = ToolFunction(name=choice["function"]["name"])
        elif choice == "required":
            choice = "any"
        config = GenerateConfig(temperature=gen.get("temperature"), max_tokens=gen.get("max_tokens"),
                                top_p=gen.get("top_p"), seed=gen.get("seed"),
                                stop_seqs=[gen["stop"]] if isinstance(gen.get("stop"), str) else gen.get("stop"),
                                response_schema=None if response_format is None else response_schema(response_format))
        infos = [ToolInfo(name=t["function"]["name"], description=t["function"].get("description", ""),
                          parameters=ToolParams.model_validate(t["function"]["parameters"])) for t in tools or []]
        call = functools.partial(self.model.generate, inspect_messages(messages), tools=infos, tool_choice=choice,
                                 config=config)
        try:
            self.last = anyio.from_thread.run(call)
        except ModelError:
            raise
        except Exception as exc:  # the strategy stores a failed request as status error
            raise ModelError(f"{self.name}: {type(exc).__name__}: {exc}") from exc
        return completion_of(self.last)


def refuse_unrunnable(strat: Any, spec: str) -> None:
    """ValueError, before any sample, for a strategy whose model requests inspect cannot make: one
    that scores options by log-probability (InspectClient asks inspect's model for text only)."""
    if LOGPROBS in getattr(strat, "needs", frozenset()) and not InspectClient.supports_logprobs:
        raise ValueError(f"strategy {spec}: it scores options by log-probability, which a model through inspect "
                         "cannot give; run it with `medreckon bench run`, or use extract:pipeline=generate")


def preflight(strat: Any, spec: str, cases: list[Any]) -> None:
    """ValueError, before any sample, where a case's calculator would get a reply schema inspect's
    `response_schema` cannot carry: a reading pipeline's JSON request asked for every input of the
    calculator at once (the widest it can be; a case asks for fewer) must go through."""
    refuse_unrunnable(strat, spec)
    pipeline = getattr(strat, "pipeline", None)
    if pipeline is None:
        return
    from ...bench.calculation import calculator_for_case
    from ...reading.items import item_groups
    from ...reading.read import new_state
    from ...reading.request import response_format
    from ...reading.stages.model import AskModel
    from ...reading.stages.quantities import ItemLists

    asks = [s for s in pipeline.stages if isinstance(s, AskModel)]
    grouped = any(isinstance(s, ItemLists) for s in pipeline.stages)
    for calc in {calculator_for_case(c).id: calculator_for_case(c) for c in cases}.values():
        state = new_state(calc, "-", "-", {}, None, {})
        state.groups = item_groups(calc) if grouped else {}
        for ask in asks:
            schema, _, _ = ask.request(state, list(state.inputs))
            try:
                response_schema(response_format(schema))
            except ValueError as exc:
                raise ValueError(f"strategy {spec}: {calc.id}'s reply schema cannot go through inspect ({exc})") from None


@solver
def bench_strategy(strategy: str = "extract") -> Solver:
    """Any registered strategy of ours, its model requests made through inspect's model."""
    strat = get_strategy(strategy)
    refuse_unrunnable(strat, strategy)

    async def solve(state: TaskState, generate: Generate) -> TaskState:
        case = case_of(state)
        client = InspectClient(get_model())
        gen = {k: v for k, v in strat.default_gen.items() if v is not None}
        outcome: Outcome = await anyio.to_thread.run_sync(strat.run, case, client, gen)
        if client.last is not None:
            state.output = client.last
            state.messages.append(client.last.message)
        save_outcome(state, outcome)
        return state

    return solve


__all__ = ["InspectClient", "bench_strategy", "inspect_messages", "preflight", "refuse_unrunnable", "response_schema"]
