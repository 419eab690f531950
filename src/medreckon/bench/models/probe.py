"""`probe`: a few tiny requests that find what a model endpoint can do (`medreckon bench probe MODEL`).

Each check sends one request exactly as asked (`ModelClient.as_asked`: no fallback, no retries):

- structured output: a reply under a JSON Schema whose only allowed value the prompt does not name,
  sent as `json_schema`, then as `json_object` with the schema; a mode counts as *enforced* only
  when the reply is that value (a server that accepts the request and ignores the schema is told
  apart from one that honours it);
- native tool calls: one tool and `tool_choice="required"`; the reply must carry a `tool_calls`
  entry for it with JSON arguments;
- log-probabilities: one token with `logprobs` and `top_logprobs` (`option_logprobs`);
- context length: what the endpoint reports (`/v1/models`), or the in-process context.

The chosen structured mode: `json_schema` when enforced, else `json_object` when it gives a JSON
object (enforced or not: the prompt carries the schema), else `none`.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..types import ModelClient, ModelError
from .capabilities import Capabilities

PROBE_GEN = {"temperature": 0.0, "max_tokens": 24}
SCHEMA = {"type": "object", "properties": {"colour": {"type": "string", "enum": ["teal"]}},
          "required": ["colour"], "additionalProperties": False}
EXPECTED = {"colour": "teal"}
STRUCTURED_MESSAGES = [{"role": "system", "content": "You are a helpful assistant."},
                       {"role": "user", "content": "Name one colour, as a JSON object."}]
TOOL = {"type": "function", "function": {
    "name": "record_colour", "description": "Record a colour.",
    "parameters": {"type": "object", "properties": {"colour": {"type": "string"}}, "required": ["colour"]}}}
TOOL_MESSAGES = [{"role": "user", "content": "Record the colour teal with the tool."}]
UNREACHABLE = ("APIConnectionError", "APITimeoutError")  # how openai_api names a request that got no answer
LOGPROB_MESSAGES = [{"role": "user", "content": "Is the sky blue on a clear day? Answer yes or no."}]


@dataclass(frozen=True)
class Check:
    name: str
    works: bool
    detail: str  # what happened, in words


@dataclass(frozen=True)
class Probe:
    model: str
    checks: tuple[Check, ...]
    found: Capabilities  # what the checks found
    used: Capabilities = field(default_factory=Capabilities)  # what the bench will use (overrides applied)

    def to_dict(self) -> dict[str, Any]:
        return {"model": self.model, "checks": [c.__dict__ for c in self.checks],
                "found": self.found.record(), "used": self.used.record()}


def _structured(client: ModelClient, name: str, response_format: dict[str, Any]) -> Check:
    try:
        reply = client.chat(STRUCTURED_MESSAGES, response_format=response_format, **PROBE_GEN)
    except ModelError as exc:
        return Check(name, False, f"rejected: {exc}")
    try:
        obj = json.loads(reply.text)
    except ValueError:
        return Check(name, False, f"accepted, but the reply is not JSON: {reply.text[:80]!r}")
    if obj == EXPECTED:
        return Check(name, True, "enforced")
    if isinstance(obj, dict):
        return Check(name, True, f"a JSON object, schema not enforced: {reply.text[:80]!r}")
    return Check(name, False, f"accepted, but the reply is not a JSON object: {reply.text[:80]!r}")


def _tools(client: ModelClient) -> Check:
    try:
        reply = client.chat(TOOL_MESSAGES, tools=[TOOL], tool_choice="required", **PROBE_GEN)
    except ModelError as exc:
        return Check("native tool calls", False, f"rejected: {exc}")
    calls = [c for c in reply.tool_calls if c.name == "record_colour"]
    if not calls:
        return Check("native tool calls", False, f"no tool_calls in the reply (content: {reply.text[:80]!r})")
    try:
        json.loads(calls[0].arguments or "{}")
    except ValueError:
        return Check("native tool calls", False, f"tool_calls with unreadable arguments {calls[0].arguments[:80]!r}")
    return Check("native tool calls", True, f"tool_calls: {calls[0].name}({calls[0].arguments[:60]})")


def _logprobs(client: ModelClient) -> Check:
    try:
        scores, _, _ = client.option_logprobs(LOGPROB_MESSAGES, ["yes", "no"])
    except ModelError as exc:
        return Check("log-probabilities", False, f"none: {exc}")
    if not any(math.isfinite(v) for v in scores.values()):
        return Check("log-probabilities", False, "top_logprobs came back without either option")
    return Check("log-probabilities", True,
                 "top_logprobs: " + ", ".join(f"{k} {v:.2f}" for k, v in scores.items()))


def chosen_mode(schema: Check, obj: Check) -> str:
    if schema.works and schema.detail == "enforced":
        return "json_schema"
    return "json_object" if obj.works else "none"


def probe(client: ModelClient, on_check: Callable[[Check], None] | None = None, adopt: bool = True) -> Probe:
    """Run the checks against `client` (as asked, no fallback); `on_check` sees each as it ends.
    `adopt`: an endpoint client takes the findings as its capabilities (its overrides over them)."""
    raw = client.as_asked()
    checks: list[Check] = []

    def done(check: Check) -> Check:
        checks.append(check)
        if on_check:
            on_check(check)
        return check

    schema = done(_structured(raw, "JSON Schema", {"type": "json_schema", "json_schema": {
        "name": "colour", "strict": True, "schema": SCHEMA}}))
    obj = done(_structured(raw, "JSON object with schema", {"type": "json_object", "schema": SCHEMA}))
    if all(any(k in c.detail for k in UNREACHABLE) for c in (schema, obj)):  # no finding, no endpoint
        raise ModelError(f"{client.name}: the probe cannot reach the endpoint ({schema.detail}); is the "
                         "server running at its base URL?")
    endpoint = getattr(client, "adopt", None) is not None
    if endpoint or client.capabilities.tools:
        tools = done(_tools(raw))
    else:  # in process: llama-cpp-python generates to its limit under tool_choice required
        tools = done(Check("native tool calls", False, "not probed: the in-process client declares none"))
    logprobs = done(_logprobs(raw))
    context = raw.context_length()
    done(Check("context length", context is not None,
               f"{context} tokens" if context is not None else "not reported"))
    found = Capabilities(structured=chosen_mode(schema, obj), tools=tools.works,  # type: ignore[arg-type]
                         logprobs=logprobs.works, context_length=context, source="probe")
    if not adopt:
        return Probe(client.name, tuple(checks), found, found)
    # an endpoint takes the findings (its overrides over them); an in-process model keeps its declaration
    return Probe(client.name, tuple(checks), found, client.adopt(found) if endpoint else client.capabilities)


__all__ = ["Check", "Probe", "chosen_mode", "probe"]
