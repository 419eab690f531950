"""The model requests of one attempt, counted and summed, for every strategy's Outcome."""

from __future__ import annotations

import time
from typing import Any

from ..types import Completion, ModelClient, ModelError, Outcome, Usage


class Meter:
    """Wraps a ModelClient for one attempt: the number of requests, summed token usage and
    summed latency. A failed request counts too, with the time it took (its tokens are unknown),
    so an attempt that ends in a ModelError does not report zero time."""

    def __init__(self, model: ModelClient):
        self.model = model
        self.calls = 0
        self.usage = Usage()
        self.latency_s = 0.0

    def chat(self, messages: list[dict[str, Any]], gen: dict[str, Any], **kw: Any) -> Completion:
        """model.chat(messages, **kw, **gen), metered; ModelError is re-raised."""
        self.calls += 1
        start = time.perf_counter()
        try:
            c = self.model.chat(messages, **kw, **gen)
        except ModelError:
            self.latency_s += time.perf_counter() - start
            raise
        u = c.usage or Usage()
        self.usage = Usage(self.usage.prompt_tokens + u.prompt_tokens,
                           self.usage.completion_tokens + u.completion_tokens)
        self.latency_s += c.latency_s
        return c

    @property
    def supports_logprobs(self) -> bool:
        return self.model.supports_logprobs

    def option_logprobs(self, messages: list[dict[str, Any]], options: list[str]) -> dict[str, float]:
        """model.option_logprobs(messages, options), metered (its prompt tokens and time count)."""
        self.calls += 1
        start = time.perf_counter()
        try:
            scores, usage, latency = self.model.option_logprobs(messages, options)
        except ModelError:
            self.latency_s += time.perf_counter() - start
            raise
        self.usage = Usage(self.usage.prompt_tokens + usage.prompt_tokens,
                           self.usage.completion_tokens + usage.completion_tokens)
        self.latency_s += latency
        return scores

    def outcome(self, **fields: Any) -> Outcome:
        return Outcome(usage=self.usage, latency_s=self.latency_s, model_calls=self.calls, **fields)
