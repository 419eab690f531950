"""Chat completions from OpenAI-compatible endpoints (`openai/<model>`, `openai-api/<name>/<model>`)
through the `openai` SDK: bounded retries with backoff, one semaphore per endpoint, and the
endpoint's capabilities (`capabilities`: declared for the OpenAI API, probed once per process for
any other endpoint, overridable per endpoint) deciding how a JSON Schema request is sent.
"""

from __future__ import annotations

import copy
import random
import threading
import time
from typing import Any

from ..types import Completion, ModelClient, ModelError, ToolCall, Usage
from .capabilities import Capabilities, adapt, complete, with_overrides
from .clients import ModelConfigError, ModelSpec, check_gen, option_scores

# what the OpenAI API itself honours (its documented chat-completions features)
OPENAI_API = Capabilities(structured="json_schema", tools=True, logprobs=True, source="declared")
# context-length fields endpoints put in their /v1/models entries (vLLM, SGLang: max_model_len)
CONTEXT_FIELDS = ("max_model_len", "context_length", "context_window", "max_context_length")

_PROBED: dict[tuple[str, str], Capabilities] = {}
_PROBED_LOCK = threading.Lock()


_SEMAPHORES: dict[tuple[str, int], threading.BoundedSemaphore] = {}
_SEMAPHORES_LOCK = threading.Lock()


def endpoint_semaphore(endpoint: str, concurrency: int) -> threading.BoundedSemaphore:
    """One semaphore per endpoint (and limit), shared by every client of that endpoint."""
    with _SEMAPHORES_LOCK:
        return _SEMAPHORES.setdefault((endpoint, concurrency), threading.BoundedSemaphore(concurrency))


class OpenAIChatClient(ModelClient):
    """Chat completions through the `openai` SDK (the `bench` extra)."""

    def __init__(self, spec: ModelSpec, *, base_url: str | None, api_key: str, timeout: float,
                 max_retries: int, concurrency: int, backoff_s: float = 1.0,
                 overrides: dict[str, Any] | None = None):
        try:
            import openai
        except ImportError:
            raise ModelConfigError(
                f"{spec.string} needs the openai package; install it with: "
                "pip install 'medreckon[bench]'"
            ) from None
        self._openai = openai
        self.name = spec.string
        self.spec = spec
        self.base_url = base_url or "https://api.openai.com/v1"
        self.timeout = timeout
        self.max_retries = max_retries
        self.backoff_s = backoff_s
        self.max_concurrency = concurrency
        # The SDK's own retries are off: ours are bounded, logged in the error and use one backoff.
        self._client = openai.OpenAI(base_url=base_url, api_key=api_key, timeout=timeout,
                                     max_retries=0)
        self._semaphore = endpoint_semaphore(self.base_url, concurrency)
        self.overrides = dict(overrides or {})  # checked by connect (capabilities.overrides)
        self._capabilities: Capabilities | None = None

    @property
    def capabilities(self) -> Capabilities:
        """Declared (the OpenAI API), set by overrides, or probed once per endpoint and model."""
        if self._capabilities is None:
            with _PROBED_LOCK:
                if self._capabilities is None:
                    self._capabilities = with_overrides(self._found(), self.overrides)
        return self._capabilities

    def _found(self) -> Capabilities:
        if self.spec.provider == "openai":
            return OPENAI_API
        if complete(self.overrides):
            return Capabilities(source="override")
        key = (self.base_url, self.spec.model)
        if key not in _PROBED:
            from .probe import probe

            _PROBED[key] = probe(self, adopt=False).found
        return _PROBED[key]

    def adopt(self, found: Capabilities) -> Capabilities:
        """Take a probe's findings for this endpoint and model; returns what will be used."""
        with _PROBED_LOCK:
            if self.spec.provider == "openai-api":
                _PROBED[(self.base_url, self.spec.model)] = found
            self._capabilities = None
        return self.capabilities

    @property
    def supports_logprobs(self) -> bool:  # type: ignore[override]
        return self.capabilities.logprobs

    def as_asked(self) -> OpenAIChatClient:
        """The same endpoint, every request sent as asked and tried once (what a probe sends)."""
        clone = copy.copy(self)
        clone.max_retries = 0
        clone._capabilities = Capabilities(source="as asked")
        return clone

    def context_length(self) -> int | None:
        """The context length the endpoint reports for the model in /v1/models, if it does."""
        try:
            with self._semaphore:
                listed = self._client.models.list()
        except self._openai.OpenAIError:
            return None
        entries = list(getattr(listed, "data", None) or [])
        mine = [m for m in entries if getattr(m, "id", None) == self.spec.model] or entries[:1]
        extra = (getattr(mine[0], "model_extra", None) or {}) if mine else {}
        for name in CONTEXT_FIELDS:
            value = extra.get(name)
            if isinstance(value, int) and not isinstance(value, bool) and value > 0:
                return value
        return None

    @property
    def info(self) -> dict[str, Any]:
        return {"provider": self.spec.provider, "model": self.spec.model, "base_url": self.base_url}

    def _request(self, messages, tools, response_format, gen) -> dict[str, Any]:
        check_gen(gen)
        kwargs: dict[str, Any] = {"model": self.spec.model, "messages": messages}
        for key, value in gen.items():
            if value is None:
                continue
            if key == "max_tokens" and self.spec.provider == "openai":
                key = "max_completion_tokens"  # the OpenAI API's name; others accept max_tokens
            kwargs[key] = value
        if tools:
            kwargs["tools"] = tools
        if response_format is not None:
            kwargs["response_format"] = response_format
        return kwargs

    def _retryable(self, exc: Exception) -> bool:
        o = self._openai
        if isinstance(exc, (o.APITimeoutError, o.APIConnectionError, o.RateLimitError,
                            o.InternalServerError)):
            return True
        if isinstance(exc, o.APIStatusError):
            return exc.status_code in (408, 409, 429) or exc.status_code >= 500
        return False

    def _create(self, kwargs: dict[str, Any]) -> tuple[Any, float]:
        """One request with bounded retries (a backoff between tries): (response, latency)."""
        tries = self.max_retries + 1
        last: Exception | None = None
        for attempt in range(tries):
            if attempt:
                delay = self.backoff_s * 2 ** (attempt - 1)
                time.sleep(min(30.0, delay) * (0.5 + random.random() / 2))
            try:
                with self._semaphore:
                    start = time.perf_counter()
                    response = self._client.chat.completions.create(**kwargs)
                    return response, time.perf_counter() - start
            except self._openai.OpenAIError as exc:
                last = exc
                if not self._retryable(exc):
                    raise ModelError(f"{self.name}: {_describe(exc)} (not retried)") from None
        raise ModelError(f"{self.name}: failed after {tries} tries: {_describe(last)}")

    def chat(self, messages, tools=None, response_format=None, **gen) -> Completion:
        """One completion; a JSON Schema request to an endpoint without that mode falls back
        (capabilities.adapt)."""
        if response_format is not None and response_format.get("type") == "json_schema":
            messages, response_format = adapt(messages, response_format, self.capabilities.structured)
        response, latency = self._create(self._request(messages, tools, response_format, gen))
        return self._completion(response, latency)

    def option_logprobs(self, messages, options, **gen) -> tuple[dict[str, float], Usage, float]:
        """For each option, the log-probability that the reply starts with it, read from the first
        token's `top_logprobs` (20; an option not among them gets -inf). One request of one token,
        with the same bounded retries as `chat`. Returns (logprobs, usage, latency)."""
        kwargs = self._request(messages, None, None, {**gen, "max_tokens": 1})
        kwargs.update(logprobs=True, top_logprobs=20)
        response, latency = self._create(kwargs)
        try:
            top = response.choices[0].logprobs.content[0].top_logprobs
        except (AttributeError, IndexError, TypeError):
            raise ModelError(f"{self.name}: the endpoint returned no logprobs (does it support them?)") from None
        usage = getattr(response, "usage", None)
        tokens = [(t.token, t.logprob) for t in top]
        return (option_scores(tokens, options),
                Usage(getattr(usage, "prompt_tokens", 0) or 0, getattr(usage, "completion_tokens", 0) or 0),
                latency)

    def _completion(self, response: Any, latency: float) -> Completion:
        if not getattr(response, "choices", None):
            raise ModelError(f"{self.name}: the endpoint returned no choices")
        choice = response.choices[0]
        message = choice.message
        extra = getattr(message, "model_extra", None) or {}
        reasoning = (getattr(message, "reasoning_content", None) or extra.get("reasoning_content")
                     or extra.get("reasoning"))
        calls = tuple(
            ToolCall(id=c.id or "", name=c.function.name, arguments=c.function.arguments or "")
            for c in (message.tool_calls or []) if getattr(c, "function", None) is not None
        )
        usage = response.usage
        return Completion(
            text=message.content or "",
            reasoning=reasoning if isinstance(reasoning, str) else None,
            tool_calls=calls,
            finish_reason=choice.finish_reason,
            usage=Usage(prompt_tokens=getattr(usage, "prompt_tokens", 0) or 0,
                        completion_tokens=getattr(usage, "completion_tokens", 0) or 0),
            latency_s=latency,
            model=getattr(response, "model", "") or self.spec.model,
        )


def _describe(exc: Exception | None) -> str:
    if exc is None:
        return "no response"
    status = getattr(exc, "status_code", None)
    text = str(exc).strip().splitlines()[0] if str(exc).strip() else ""
    name = type(exc).__name__
    return f"{name}{f' {status}' if status else ''}: {text[:300]}" if text else name


