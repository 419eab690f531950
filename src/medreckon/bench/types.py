"""The bench's shared vocabulary. Data flows one way:
Case -> Strategy (`strategies.base.Strategy`; uses a ModelClient) -> Outcome (with a CalcTrace when a calculator computed) ->
Attempt (stored) -> Evaluations (scores per rule, later step verdicts and grades; stored) -> report.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from typing import Any, Literal

from ..calculators.spec import OutputType  # one definition: what a calculator's value is
from .trace import CalcTrace

# An answer as the case's output type reads it: a float, an int, a date, (weeks, days), or a
# category's label (a str).
Answer = float | int | dt.date | tuple[int, int] | str
# abstained: the answer is "not computable" (the note lacks a required input) — right where the
# label is too (`Case.ground_truth` None), wrong against a number; see analysis.scoring.
Status = Literal["ok", "unparsed", "truncated", "refused", "abstained", "error"]
STATUSES: tuple[Status, ...] = ("ok", "unparsed", "truncated", "refused", "abstained", "error")


@dataclass(frozen=True)
class Case:
    id: str  # stable within a dataset version, e.g. the MedCalc-Bench "Row Number"
    calculator_id: int | None  # the dataset's calculator number (MedCalc-Bench Calculator ID)
    calculator_name: str
    note: str
    question: str
    ground_truth: Answer | None  # None: not computable from the note (a corrected label "N/A")
    lower: Answer | None
    upper: Answer | None
    output_type: OutputType
    category: str
    entities: dict[str, Any]
    dataset: str  # e.g. "medcalc-bench"
    dataset_version: str  # e.g. "v1.0"
    metadata: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class ToolCall:
    id: str
    name: str
    arguments: str  # JSON text, as the model wrote it


@dataclass(frozen=True)
class Usage:
    prompt_tokens: int = 0
    completion_tokens: int = 0


@dataclass(frozen=True)
class Completion:
    text: str
    reasoning: str | None = None
    tool_calls: tuple[ToolCall, ...] = ()
    finish_reason: str | None = None  # "stop" | "length" | "tool_calls" | ...
    usage: Usage = Usage()
    latency_s: float = 0.0
    model: str = ""


class ModelError(RuntimeError):
    """A request that failed after bounded retries; the runner stores it as status `error`."""


class LogprobsUnavailable(ModelError):
    """The model client cannot score options by log-probability."""


class ModelClient:
    """What every model client offers. `chat` is the one request every client makes; the optional
    capabilities are declared here with what a client without them does, so callers ask the client
    instead of probing it: `supports_logprobs` and `option_logprobs` (the log-probability that the
    reply starts with each option; the same bounded retries as `chat`), `info` (what a run records
    about the model), `max_concurrency` (requests it takes at once; None: no limit of its own),
    `capabilities` (`models.capabilities.Capabilities`: what the endpoint honours, declared or
    probed; a client that declares nothing is taken to accept what it is sent), `as_asked` (the
    client that sends requests exactly as asked, for a probe) and `context_length`."""

    name: str = ""  # the model string it was made from, e.g. "embedded"
    supports_logprobs: bool = False
    max_concurrency: int | None = None

    def chat(
        self,
        messages: list[dict[str, Any]],
        tools: list[dict[str, Any]] | None = None,
        response_format: dict[str, Any] | None = None,
        **gen: Any,
    ) -> Completion:
        raise NotImplementedError(f"{type(self).__name__} does not implement chat")

    def option_logprobs(self, messages: list[dict[str, Any]], options: list[str],
                        **gen: Any) -> tuple[dict[str, float], Usage, float]:
        """({option: log P(the reply starts with it)}, usage, latency); LogprobsUnavailable here."""
        raise LogprobsUnavailable(
            f"{self.name or type(self).__name__} cannot score options by log-probability (use the embedded "
            "model, a llamacpp: model or an OpenAI-compatible server that returns logprobs)")

    @property
    def info(self) -> dict[str, Any]:
        return {"model": self.name}

    @property
    def capabilities(self) -> Any:  # models.capabilities.Capabilities (imported late: it imports us)
        from .models.capabilities import Capabilities

        return Capabilities(logprobs=self.supports_logprobs, context_length=self.context_length())

    def as_asked(self) -> ModelClient:
        """This client sending every request as asked: no fallback, no retries (what a probe needs)."""
        return self

    def context_length(self) -> int | None:
        """The context window in tokens, where known."""
        return None


@dataclass
class Outcome:
    """What a strategy returns for one case."""

    raw: str  # the final model text the answer was parsed from
    answer: Answer | None
    status: Status
    explanation: str | None = None
    error: str | None = None
    trace: dict[str, Any] = field(default_factory=dict)  # structured: messages, tool calls, inputs ...
    usage: Usage = Usage()
    latency_s: float = 0.0
    model_calls: int = 0
    calc: CalcTrace | None = None  # the calculator used, where one was (extract, tools)


@dataclass
class Attempt:
    key: str  # hash of dataset+version, case, strategy+version, model, gen params, seed, epoch
    run_id: str
    case_id: str
    strategy: str
    strategy_version: str
    model: str
    epoch: int
    outcome: Outcome
    created_at: str  # ISO timestamp


EvaluationStatus = Literal["ok", "error"]  # error: the evaluator failed; never a verdict


@dataclass(frozen=True)
class Evaluation:
    """One evaluator's judgement of one attempt: a score under a rule, step verdicts, a judge's
    verdict or a rubric grade. Stored once per (attempt key, evaluator, evaluator version)."""

    attempt_key: str
    evaluator: str  # e.g. "score:medcalc_bench"
    evaluator_version: str
    status: EvaluationStatus
    payload: dict[str, Any]  # the evaluator's result; {"error": message} when status is error
    created_at: str  # ISO timestamp
