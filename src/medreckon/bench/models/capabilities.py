"""What a model endpoint can do, and how a request is sent to one that cannot do what was asked.

A client declares its `Capabilities` (`ModelClient.capabilities`): the strongest structured-output
mode it honours, whether it returns native tool calls, whether it returns log-probabilities, and
its context length where known. An in-process model declares them; an OpenAI-compatible endpoint
(`openai-api/<name>/<model>`) is probed once per process (`probe.probe`), and either can be
overridden per endpoint (`overrides`):

- the environment: `<NAME>_CAPABILITIES="structured=json_object,tools=false,logprobs=true"`;
- a TOML file named by `MEDRECKON_ENDPOINTS`, one table per endpoint name:
  `[llamaserver]` / `structured = "json_object"` / `tools = false`.

The environment wins over the file, and both over the probe; an endpoint whose overrides name
structured, tools and logprobs is not probed at all.

Fallbacks (`adapt`): a request for a JSON Schema reply (`response_format` type `json_schema`) to an
endpoint that lacks it is sent as a JSON object with the schema (llama.cpp's form) and the schema
in the system message; to one without JSON mode, as plain text with the schema in the system
message (the strategies' repair turns then handle a reply that does not follow it).
"""

from __future__ import annotations

import json
import os
import tomllib
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import Any, Literal

Structured = Literal["json_schema", "json_object", "none"]
STRUCTURED: tuple[str, ...] = ("json_schema", "json_object", "none")
FIELDS = ("structured", "tools", "logprobs", "context_length")
ENDPOINTS_FILE_ENV = "MEDRECKON_ENDPOINTS"
LOGITS_ALL_FLAG = "--logits_all true"

USES = {
    "json_schema": "JSON Schema (response_format json_schema)",
    "json_object": "JSON object + the schema in the prompt (response_format json_object)",
    "none": "plain text + the schema in the prompt, with repair turns",
}
SCHEMA_INSTRUCTION = ("Reply with one JSON object and nothing else. It must follow this JSON Schema:\n"
                      "{schema}")


class CapabilityError(ValueError):
    """An override is malformed; the message names the field, the value and what is expected."""


@dataclass(frozen=True)
class Capabilities:
    structured: Structured = "json_schema"  # the strongest structured-output mode honoured
    tools: bool = True  # native tool calls (`tool_calls` in the reply)
    logprobs: bool = False  # log-probabilities with top_logprobs of the first token
    context_length: int | None = None  # tokens, where the endpoint reports it
    source: str = "declared"  # declared | probe | override | probe + override

    def uses(self) -> dict[str, str]:
        """What the bench will use, in words."""
        return {
            "structured output": USES[self.structured],
            "tool calls": "native tool calls" if self.tools else
                          "the prompted tool protocol (tools strategy call_mode constrained)",
            "log-probabilities": "yes: stages that score options by log-probability run" if self.logprobs else
                                 "no: stages that score options by log-probability refuse to start",
        }

    def record(self) -> dict[str, Any]:
        """What a run's config records: the capabilities and how the model was asked."""
        return {**asdict(self), "uses": self.uses()}

    def line(self) -> str:
        """One line for a report header."""
        tools = "native" if self.tools else "prompted"
        ctx = f" · context {self.context_length}" if self.context_length else ""
        return (f"asked: structured {self.structured} · tools {tools} · logprobs "
                f"{'yes' if self.logprobs else 'no'}{ctx} ({self.source})")


def _boolean(field: str, value: Any, where: str) -> bool:
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value.strip().lower() in ("true", "yes", "1", "false", "no", "0"):
        return value.strip().lower() in ("true", "yes", "1")
    raise CapabilityError(f"{where}: {field} must be true or false, got {value!r}")


def _checked(raw: dict[str, Any], where: str) -> dict[str, Any]:
    """Override values typed and checked: ValueError naming the field, the value and what is expected."""
    out: dict[str, Any] = {}
    for field, value in raw.items():
        if field not in FIELDS:
            raise CapabilityError(f"{where}: unknown capability {field!r}; known: {', '.join(FIELDS)}")
        if field == "structured":
            if value not in STRUCTURED:
                raise CapabilityError(f"{where}: structured must be one of {', '.join(STRUCTURED)}, got {value!r}")
            out[field] = value
        elif field == "context_length":
            try:
                n = int(value)
            except (TypeError, ValueError):
                n = 0
            if isinstance(value, bool) or n < 1:
                raise CapabilityError(f"{where}: context_length must be a positive whole number of tokens, "
                                      f"got {value!r}")
            out[field] = n
        else:
            out[field] = _boolean(field, value, where)
    return out


def parse_env(text: str, where: str) -> dict[str, Any]:
    """`structured=json_object,tools=false` -> checked overrides."""
    raw: dict[str, Any] = {}
    for part in filter(None, (p.strip() for p in text.split(","))):
        key, sep, value = part.partition("=")
        if not sep:
            raise CapabilityError(f"{where}: cannot read {part!r}; write key=value pairs separated by commas, "
                                  "e.g. structured=json_object,tools=false,logprobs=true")
        raw[key.strip()] = value.strip()
    return _checked(raw, where)


def overrides(endpoint: str, env_prefix: str) -> dict[str, Any]:
    """The overrides for an endpoint: the file's table, then the environment variable over it."""
    found: dict[str, Any] = {}
    file = os.environ.get(ENDPOINTS_FILE_ENV)
    if file:
        path = Path(file).expanduser()
        try:
            tables = tomllib.loads(path.read_text(encoding="utf-8"))
        except (OSError, tomllib.TOMLDecodeError) as exc:
            raise CapabilityError(f"{ENDPOINTS_FILE_ENV}={file}: cannot read it as TOML ({exc}); "
                                  "expected one table per endpoint, e.g. [llamaserver] structured = \"json_object\"") from None
        table = tables.get(endpoint, {})
        if not isinstance(table, dict):
            raise CapabilityError(f"{path}: [{endpoint}] must be a table of capabilities, got {table!r}")
        found.update(_checked(table, f"{path} [{endpoint}]"))
    variable = f"{env_prefix}_CAPABILITIES"
    if os.environ.get(variable):
        found.update(parse_env(os.environ[variable], variable))
    return found


def complete(given: dict[str, Any]) -> bool:
    """True when the overrides settle everything a probe would find (context length is optional)."""
    return {"structured", "tools", "logprobs"} <= set(given)


def with_overrides(found: Capabilities, given: dict[str, Any]) -> Capabilities:
    if not given:
        return found
    return replace(found, **given, source=f"{found.source} + override" if found.source != "override" else "override")


def adapt(messages: list[dict[str, Any]], response_format: dict[str, Any] | None,
          structured: str) -> tuple[list[dict[str, Any]], dict[str, Any] | None]:
    """The messages and response_format to send for a `json_schema` request to an endpoint whose
    strongest mode is `structured` (other requests go as they are)."""
    if response_format is None or response_format.get("type") != "json_schema" or structured == "json_schema":
        return messages, response_format
    spec = response_format.get("json_schema") or {}
    schema = spec.get("schema") if isinstance(spec, dict) else None
    if not isinstance(schema, dict):
        raise CapabilityError('response_format json_schema needs {"json_schema": {"schema": {...}}}')
    instruction = SCHEMA_INSTRUCTION.format(schema=json.dumps(schema, ensure_ascii=False))
    if messages and messages[0].get("role") == "system":
        first = {**messages[0], "content": f"{messages[0].get('content') or ''}\n\n{instruction}".strip()}
        sent = [first, *messages[1:]]
    else:
        sent = [{"role": "system", "content": instruction}, *messages]
    if structured == "json_object":
        return sent, {"type": "json_object", "schema": schema}
    return sent, None


def logprobs_missing(pipeline_or_stage: str, model: str, provider: str) -> str:
    """Why a stage that scores options by log-probability cannot run, and what would enable it."""
    hint = ("; an OpenAI-compatible server must return logprobs with top_logprobs (llama-cpp-python's "
            f"server: start it with {LOGITS_ALL_FLAG}; then check with: medreckon bench probe {model}), "
            "or set logprobs=true in the endpoint's overrides if the probe was wrong")
    if provider not in ("openai-api", "openai"):
        hint = "; use the embedded model, a llamacpp: model or an OpenAI-compatible server that returns logprobs"
    return f"{pipeline_or_stage} scores options by log-probability, which {model} cannot give{hint}"


__all__ = ["Capabilities", "CapabilityError", "STRUCTURED", "adapt", "complete", "logprobs_missing",
           "overrides", "parse_env", "with_overrides"]
