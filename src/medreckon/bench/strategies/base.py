"""What every strategy shares: the `Strategy` base (a name, a one-line description, a version,
default generation settings, `check` before a run and `run` per case), `single_request`
(messages in, one completion, one parsed answer out) and `PromptStrategy`, the base of the
simple strategies built on it.

A strategy's `version` is part of every attempt key. A model request that fails (ModelError)
becomes an Outcome with status `error`; parsing is `answers.parse_answer`, whose status (ok,
unparsed, truncated, refused) is kept apart from correctness.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any, ClassVar

from ..answers import parse_answer
from ..models import Meter
from ..types import Case, Completion, ModelClient, ModelError, Outcome, Usage
from . import prompts


class Strategy(ABC):
    """A way of asking a model for a case's answer. `bench run`, `bench arms`, the inspect
    integration and the runner use a strategy through this interface only:

    - `name`: how the registry finds it (`@register`); `description`: one line for
      `bench strategies`;
    - `version`: what changes answers (prompt texts, parameters); part of every attempt key;
    - `default_gen`: generation settings the user's override;
    - `check(cases)`: raises ValueError before a run starts (before a model is loaded) when
      some case cannot be run, or the strategy cannot run here (a missing extra);
    - `run(case, model, gen)`: one attempt; a failed request is an Outcome with status error.
    """

    name: ClassVar[str] = ""
    description: ClassVar[str] = ""
    strategy_version: ClassVar[str] = "1"
    default_gen: ClassVar[dict[str, Any]] = {"temperature": 0.0}

    @property
    def version(self) -> str:
        return self.strategy_version

    def check(self, cases: list[Case]) -> None:
        """Raise ValueError when some case cannot be run; the default runs any case."""
        return None

    @abstractmethod
    def run(self, case: Case, model: ModelClient, gen: dict[str, Any]) -> Outcome:
        """One attempt at the case."""


class PromptStrategy(Strategy):
    """One request, one parsed answer. Subclasses say how the messages are built."""

    @property
    def version(self) -> str:
        return f"{self.strategy_version}+p{prompts.PROMPT_VERSION}"

    def messages(self, case: Case) -> list[dict[str, Any]]:
        raise NotImplementedError

    def trace_of(self, case: Case) -> dict[str, Any]:
        """What to record about how the prompt was built, beyond the messages."""
        return {}

    def run(self, case: Case, model: ModelClient, gen: dict[str, Any]) -> Outcome:
        return single_request(case, model, gen, self.messages(case), self.trace_of(case))


def single_request(case: Case, model: ModelClient, gen: dict[str, Any],
                   messages: list[dict[str, Any]], prompt_trace: dict[str, Any]) -> Outcome:
    """Send the messages once and parse the reply as the case's answer. The trace holds the
    messages, then `prompt_trace` (how the prompt was built), then how the reply was read."""
    trace: dict[str, Any] = {"messages": messages, **prompt_trace}
    meter = Meter(model)
    try:
        completion: Completion = meter.chat(messages, gen)
    except ModelError as exc:
        return meter.outcome(raw="", answer=None, status="error", error=str(exc), trace=trace)
    parsed = parse_answer(completion.text, case.output_type, completion.finish_reason)
    trace.update(finish_reason=completion.finish_reason, parse_method=parsed.method,
                 answer_decimals=parsed.decimals, served_by=completion.model)
    if completion.reasoning:
        trace["reasoning"] = completion.reasoning
    return Outcome(
        raw=completion.text,
        answer=parsed.answer,
        status=parsed.status,
        explanation=parsed.explanation,
        trace=trace,
        usage=completion.usage or Usage(),
        latency_s=completion.latency_s,
        model_calls=1,
    )
