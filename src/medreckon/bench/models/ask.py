"""One JSON answer from a model, with bounded repairs: the loop every LLM step that reads a JSON
reply shares (the step judge, the rubric grader, rubric generation, screener, validator).

A reply that `read` rejects (raising ValueError with what is wrong), or one cut at the token
limit, is sent back with a repair message naming the problem, at most `max_retries` times. The
result says how it went: `value` when a reply was usable; else `failure` is ``unusable_reply``
(every reply was rejected: asking again at temperature 0 gives the same) or
``request_failed`` (the endpoint failed after the client's own retries: worth asking again
later). Nothing here turns a failure into an answer.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Literal

from ..answers import reply_object
from ..types import ModelClient, ModelError

Failure = Literal["unusable_reply", "request_failed"]
MAX_RETRIES_LIMIT = 5


@dataclass(frozen=True)
class Asked:
    value: Any = None
    replies: tuple[str, ...] = ()
    problems: tuple[str, ...] = ()  # what was wrong with each rejected reply
    requests: int = 0
    failure: Failure | None = None
    error: str | None = None

    def record(self, model: str, version: str) -> dict[str, Any]:
        return {"model": model, "prompt_version": version, "requests": self.requests,
                "replies": list(self.replies), "problems": list(self.problems),
                "failure": self.failure, "error": self.error}


def check_retries(max_retries: Any) -> int:
    if isinstance(max_retries, bool) or not isinstance(max_retries, int) or not 0 <= max_retries <= MAX_RETRIES_LIMIT:
        raise ValueError(f"max_retries must be a whole number from 0 to {MAX_RETRIES_LIMIT}, got {max_retries!r}")
    return max_retries


def ask_json(client: ModelClient, messages: list[dict[str, Any]], read: Callable[[Any], Any], *,
             response_format: dict[str, Any] | None, gen: Mapping[str, Any], max_retries: int,
             repair: str, repair_cut: str, parse: Callable[[str], Any] = reply_object) -> Asked:
    """Ask until `read(parse(reply text))` accepts a reply (at most 1 + max_retries requests);
    `parse` defaults to the reply's JSON object."""
    messages = list(messages)
    replies: list[str] = []
    problems: list[str] = []
    for _ in range(1 + check_retries(max_retries)):
        try:
            reply = client.chat(messages, response_format=response_format, **gen)
        except ModelError as exc:
            return Asked(replies=tuple(replies), problems=tuple(problems), requests=len(replies) + 1,
                         failure="request_failed", error=f"the request failed: {exc}")
        replies.append(reply.text)
        try:
            if reply.finish_reason == "length":
                raise ValueError(repair_cut)
            value = read(parse(reply.text))
        except ValueError as exc:
            problems.append(str(exc))
            messages += [{"role": "assistant", "content": reply.text},
                         {"role": "user", "content": repair.format(problem=exc)}]
            continue
        return Asked(value=value, replies=tuple(replies), problems=tuple(problems), requests=len(replies))
    return Asked(replies=tuple(replies), problems=tuple(problems), requests=len(replies),
                 failure="unusable_reply",
                 error=f"no usable reply in {len(replies)} tries; last problem: {problems[-1]}")


def need_bool(obj: Mapping[str, Any], key: str, problems: list[str]) -> bool | None:
    value = obj.get(key)
    if not isinstance(value, bool):
        problems.append(f'"{key}" must be true or false, got {"nothing" if key not in obj else repr(value)}')
        return None
    return value


def need_str(obj: Mapping[str, Any], key: str, problems: list[str]) -> str | None:
    value = obj.get(key)
    if not isinstance(value, str):
        problems.append(f'"{key}" is missing or not a string')
        return None
    return value
