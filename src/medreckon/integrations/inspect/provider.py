"""Our model strings as an inspect model provider: ``--model medreckon/<model string>``.

    inspect eval medreckon/medcalc_bench --model medreckon/embedded
    inspect eval medreckon/medcalc_bench --model medreckon/llamacpp:/models/qwen.gguf

The provider wraps the bench's `ModelClient` (`bench.models.connect`: `embedded`,
`embedded-small`, `llamacpp:`, `openai/…`, `openai-api/<name>/…`), so inspect sends exactly the
request `medreckon bench run` sends: the same messages, temperature, max_tokens, top_p, seed and
stop, the same in-process llama.cpp model and chat template. That is what makes a paired
comparison of the two runners meaningful. `-M n_ctx=… -M n_threads=… -M timeout=…
-M concurrency=…` pass through to `connect`.

Tool calls: the client's `tool_calls`, else calls written as text (`<tool_call>{…}</tool_call>`
or a bare `{"name", "arguments"}` object), read as the `tools` strategy's native mode reads them
(llama-cpp-python 0.3.x returns no `tool_calls` for `tool_choice="auto"`).
"""

from __future__ import annotations

import functools
import json
import uuid
from typing import Any

import anyio
from inspect_ai.model import (
    ChatCompletionChoice,
    ChatMessage,
    ChatMessageAssistant,
    ChatMessageTool,
    GenerateConfig,
    ModelAPI,
    ModelOutput,
    ModelUsage,
)
from inspect_ai.tool import ToolCall, ToolChoice, ToolFunction, ToolInfo

from ...bench.models import connect
from ...bench.strategies.tools import calls_in_content
from ...bench.types import Completion

# our finish reasons as inspect's stop reasons
STOP_REASONS = {"stop": "stop", "length": "max_tokens", "tool_calls": "tool_calls",
                "content_filter": "content_filter"}
CONNECT_ARGS = ("timeout", "max_retries", "concurrency", "n_ctx", "n_threads")


def openai_messages(messages: list[ChatMessage]) -> list[dict[str, Any]]:
    """inspect's messages as the OpenAI-style dicts our clients send."""
    out: list[dict[str, Any]] = []
    for m in messages:
        d: dict[str, Any] = {"role": m.role, "content": m.text}
        if isinstance(m, ChatMessageAssistant) and m.tool_calls:
            d["tool_calls"] = [{"id": c.id, "type": "function",
                                "function": {"name": c.function, "arguments": json.dumps(c.arguments)}}
                               for c in m.tool_calls]
        if isinstance(m, ChatMessageTool):
            d["tool_call_id"] = m.tool_call_id
            if m.error is not None:  # inspect's own error for a call it could not run
                d["content"] = json.dumps({"error": m.error.type, "message": m.error.message})
        out.append(d)
    return out


def tool_choice_of(choice: ToolChoice) -> Any:
    if isinstance(choice, ToolFunction):
        return {"type": "function", "function": {"name": choice.name}}
    return {"any": "required"}.get(choice, choice)


def generation(config: GenerateConfig) -> dict[str, Any]:
    """The generation parameters our clients take, from inspect's config (unset ones left out)."""
    gen = {"temperature": config.temperature, "max_tokens": config.max_tokens, "top_p": config.top_p,
           "seed": config.seed, "stop": config.stop_seqs or None}
    return {k: v for k, v in gen.items() if v is not None}


def output_of(c: Completion, offered: bool) -> ModelOutput:
    calls = list(c.tool_calls) or (calls_in_content(c.text) if offered else [])
    inspect_calls = []
    for call in calls:
        try:
            arguments = json.loads(call.arguments) if call.arguments else {}
            parse_error = None if isinstance(arguments, dict) else "the arguments are not a JSON object"
        except ValueError as exc:
            arguments, parse_error = {}, f"the arguments are not JSON: {exc}"
        inspect_calls.append(ToolCall(id=call.id or f"call-{uuid.uuid4().hex[:8]}", function=call.name,
                                      arguments=arguments if isinstance(arguments, dict) else {},
                                      parse_error=parse_error))
    stop = "tool_calls" if inspect_calls else STOP_REASONS.get(c.finish_reason or "", "unknown")
    message = ChatMessageAssistant(content="" if calls and not c.tool_calls else c.text,
                                   tool_calls=inspect_calls or None, model=c.model, source="generate")
    usage = ModelUsage(input_tokens=c.usage.prompt_tokens, output_tokens=c.usage.completion_tokens,
                       total_tokens=c.usage.prompt_tokens + c.usage.completion_tokens)
    return ModelOutput(model=c.model, choices=[ChatCompletionChoice(message=message, stop_reason=stop)],
                       usage=usage, time=c.latency_s)


class MedreckonModelAPI(ModelAPI):
    """A bench ModelClient behind inspect's ModelAPI."""

    def __init__(self, model_name: str, base_url: str | None = None, api_key: str | None = None,
                 config: GenerateConfig | None = None, **model_args: Any) -> None:
        super().__init__(model_name, base_url, api_key, [], config or GenerateConfig())
        unknown = sorted(set(model_args) - set(CONNECT_ARGS))
        if unknown:
            raise ValueError(f"model args {', '.join(unknown)} are not medreckon's; expected any of "
                             f"{', '.join(CONNECT_ARGS)} (e.g. -M n_ctx=8192)")
        self.client = connect(model_name, **model_args)
        self._slots: anyio.Semaphore | None = None

    def max_connections(self) -> int:
        # one in-process llama.cpp model runs one request at a time (parallel ones only queue)
        return self.client.max_concurrency or 4

    def slots(self) -> anyio.Semaphore:
        # inspect may run more samples at once than max_connections (adaptive concurrency): hold
        # the others here, not inside the client, whose timeout starts before its model lock
        if self._slots is None:
            self._slots = anyio.Semaphore(self.max_connections())
        return self._slots

    async def generate(self, input: list[ChatMessage], tools: list[ToolInfo], tool_choice: ToolChoice,
                       config: GenerateConfig) -> ModelOutput:
        gen = generation(config)
        offered = [{"type": "function", "function": t.model_dump(exclude_none=True)} for t in tools]
        if offered:
            gen["tool_choice"] = tool_choice_of(tool_choice)
        response_format = None
        if config.response_schema is not None:
            schema = config.response_schema
            response_format = {"type": "json_schema", "json_schema": {
                "name": schema.name, "schema": schema.json_schema.model_dump(exclude_none=True)}}
        call = functools.partial(self.client.chat, openai_messages(input), tools=offered or None,
                                 response_format=response_format, **gen)
        async with self.slots():
            completion = await anyio.to_thread.run_sync(call)
        return output_of(completion, bool(offered))


__all__ = ["MedreckonModelAPI", "generation", "openai_messages", "output_of", "tool_choice_of"]
