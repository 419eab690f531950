"""Any other strategy of ours (`extract`, `structured_cot`, `code`, `rag`, …) in inspect: the
bench's own strategy code runs in a worker thread with a ModelClient whose every request goes
through inspect's model (`InspectClient`), so the requests are inspect's — any inspect model,
logged in the sample's transcript — while the loop, prompts, constrained schemas and reading are
the strategy's. `response_format` JSON schemas become inspect's `response_schema` (refused when
inspect's schema type cannot carry one of its keywords, rather than sent loosened).
Log-probability decisions (`extract:decide=logprob`) need our in-process model and are refused.
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
from ...bench.types import Completion, ModelError, Outcome
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


class InspectClient:
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


@solver
def bench_strategy(strategy: str = "extract") -> Solver:
    """Any registered strategy of ours, its model requests made through inspect's model."""
    strat = get_strategy(strategy)
    if getattr(strat, "decide", None) == "logprob":
        raise ValueError("strategy: decide=logprob needs log-probabilities from our in-process model; "
                         "run it with `medreckon bench run`")

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


__all__ = ["InspectClient", "bench_strategy", "inspect_messages", "response_schema"]
