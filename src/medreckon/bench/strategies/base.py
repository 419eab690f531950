"""What every strategy shares: `single_request` (messages in, one completion, one parsed answer
out) and `PromptStrategy`, the base of the simple strategies built on it.

A strategy's `version` ("<strategy version>+p<prompt version>") is part of every attempt key.
A model request that fails (ModelError) becomes an Outcome with status `error`; parsing is
`answers.parse_answer`, whose status (ok, unparsed, truncated, refused) is kept apart from
correctness.
"""

from __future__ import annotations

from typing import Any

from ..answers import parse_answer
from ..models import Meter
from ..types import Case, Completion, ModelClient, ModelError, Outcome, Usage
from . import prompts


class PromptStrategy:
    """One request, one parsed answer. Subclasses say how the messages are built."""

    name = ""
    strategy_version = "1"
    default_gen: dict[str, Any] = {"temperature": 0.0}

    @property
    def version(self) -> str:
        return f"{self.strategy_version}+p{prompts.PROMPT_VERSION}"

    def messages(self, case: Case) -> list[dict[str, Any]]:
        raise NotImplementedError

    def check(self, cases: list[Case]) -> None:
        """Raise ValueError before a run starts if some case cannot be prompted."""

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
