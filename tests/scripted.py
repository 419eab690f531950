"""A scripted in-process ModelClient for the strategy and runner tests, and the generation
settings they share. Test modules import it as `from scripted import GEN, Scripted` (pytest puts
tests/ on sys.path)."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable
from typing import Any

from medreckon.bench.types import Completion, ModelClient, Usage

GEN = {"temperature": 0.0, "max_tokens": 256, "seed": 0}


class Scripted(ModelClient):
    """A ModelClient that replays scripted replies and records every request.

    `Scripted(*replies)` answers the n-th request with the n-th reply and repeats the last one
    past the end; `Scripted(fn)` answers each request with `fn(messages, gen)`. A reply is a str
    (the text), a dict (sent as JSON text), a `(text, finish_reason)` pair, a Completion (as is)
    or an exception (raised). Completions made from text carry the class's `usage` and
    `latency_s` (a test module that asserts other figures overrides them in a subclass).

    Each request is kept in `requests` as {"messages" (a copy, as sent), "tools",
    "response_format", "gen"}; `peak` is the most requests that were in flight at once.
    `delay_s` sleeps in every call; `max_concurrency`, when given, is advertised to the runner.
    """

    name = "scripted"
    info: dict[str, Any] = {"provider": "scripted"}
    usage = Usage(100, 20)
    latency_s = 0.5

    def __init__(self, *replies: Any, delay_s: float = 0.0, name: str | None = None,
                 max_concurrency: int | None = None):
        self.respond: Callable[[list, dict], Any] | None = None
        if len(replies) == 1 and callable(replies[0]):
            self.respond, replies = replies[0], ()
        self.replies = list(replies)
        self.requests: list[dict] = []
        self.delay_s = delay_s
        if name is not None:
            self.name = name
        if max_concurrency is not None:
            self.max_concurrency = max_concurrency
        self.active = self.peak = 0
        self._lock = threading.Lock()

    def chat(self, messages, tools=None, response_format=None, **gen) -> Completion:
        with self._lock:
            self.requests.append({"messages": json.loads(json.dumps(messages)), "tools": tools,
                                  "response_format": response_format, "gen": gen})
            n = len(self.requests)
            self.active += 1
            self.peak = max(self.peak, self.active)
        try:
            if self.delay_s:
                time.sleep(self.delay_s)
            return self.completion(self.reply(n, messages, response_format, gen))
        finally:
            with self._lock:
                self.active -= 1

    def reply(self, n: int, messages: list[dict], response_format: dict | None, gen: dict) -> Any:
        """The reply to the n-th request (from 1); a subclass may answer from the request."""
        if self.respond is not None:
            return self.respond(messages, gen)
        return self.replies[min(n, len(self.replies)) - 1]

    def completion(self, reply: Any) -> Completion:
        if isinstance(reply, Exception):
            raise reply
        if isinstance(reply, dict):
            reply = json.dumps(reply)
        if isinstance(reply, str):
            reply = (reply, "stop")
        if isinstance(reply, tuple):
            text, finish = reply
            return Completion(text=text, finish_reason=finish, usage=self.usage,
                              latency_s=self.latency_s, model=self.name)
        return reply
