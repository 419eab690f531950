"""An LLM judge of one attempt's four steps (calculator, values, arithmetic, answer; see
`verdicts`), for attempts whose output is free text, and, for meta-evaluation, for traced ones.

    verdicts = Judge(connect("embedded")).judge(case, attempt.outcome)   # StepVerdicts
    evaluate(store, JudgeEvaluator(client, "embedded"))                  # runs/evaluations.py

What the judge sees. The note, the question and the calculator's name; the reference, as
MedRaC's judge sees it: the case's ground-truth answer (with the accepted range where the case
has one), the gold Relevant Entities where the case has them, and the dataset's ground-truth
explanation where it has one; then the attempt's text (`Outcome.raw`, plus
`Outcome.explanation` when there is one) and the answer the parser read from it. A case without
Relevant Entities is judged against the note alone, and the record says so (`judge.reference`).
The judge uses none of our calculators, so a case whose calculator medreckon does not have is
judged by its name like any other. An attempt text longer than `TEXT_MAX` characters keeps its head and its tail (where the answer
is), and the record says how much was cut.

What it answers. One JSON object, constrained by `response_format` (a `json_schema`:
`LlamaCppClient` turns it into llama.cpp's json_object + schema; OpenAI-compatible servers get
it as is; `response_format="json_object"` sends llama.cpp's form instead, for
llama-cpp-python's server, which refuses `json_schema`; ``"none"`` sends none, for endpoints
with neither, and relies on the prompt and the reply check): per step ``{"reason": ..., "correct": ...}`` (the reason first, so the verdict follows
the reasoning), then ``"errors"``: MedRaC error types. ``correct`` may be null for calculator,
values and arithmetic when the attempt does not show that step at all (a bare answer); the
answer step is always true or false. Reasons are cut to `REASON_MAX` characters.

Bounded retries. A reply that is not such an object (no JSON, a missing step, a verdict that is
not a boolean, a reply cut at the token limit) is sent back with a repair message naming what
was wrong, at most `max_retries` times; after them the record's status is ``judge_error``: it is
reported apart and never counted right or wrong. Error labels outside `ERROR_TYPES` are dropped
and recorded (`judge.dropped_errors`), never trusted; they do not cost a retry. A request that
fails (`ModelError`, after the client's own retries) is also ``judge_error``, with the message.

An attempt whose status is not ``ok`` gets status ``no_answer`` without a request (the exact
verifier treats it the same way). The judge leaves `answer_by_rule` and `gold_correct` empty:
those are exact checks (scoring rules, steps verification), not the judge's opinion.

`JudgeEvaluator` stores the verdicts as evaluations named ``judge:<model string>``, versioned by
`JUDGE_PROMPT_VERSION`; the payload is `StepVerdicts.to_dict()` plus a ``judge`` record (model,
prompt version, requests, raw replies, what was wrong with each rejected reply, dropped labels,
the judge_error message). Where a judge that answered junk is a stored verdict (status
``judge_error``, table status ``ok``: asking again at temperature 0 gives the same junk), a
failed request is an evaluator exception, so the table stores status ``error`` and
``evaluate(..., retry_errors=True)`` asks again once the endpoint is back.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from ..answers import format_answer, reply_object
from ..models.ask import Failure, ask_json, check_retries
from ..types import Attempt, Case, ModelClient, Outcome
from .verdicts import ERROR_TYPES, STEPS, StepVerdicts

JUDGE_PROMPT_VERSION = "1"

TEXT_MAX = 6000  # characters of the attempt's text shown to the judge
REASON_MAX = 300  # characters kept of each step's reason
DEFAULT_GEN: dict[str, Any] = {"temperature": 0.0, "max_tokens": 600, "seed": 0}

JUDGE_SYSTEM = (
    "You check a worked answer to a medical calculation step by step against a reference. You "
    "judge the attempt as it is written; you do not solve the task again in your own way."
)

JUDGE_STEPS = (
    "Judge the attempt in four steps. Judge every step on its own, even when an earlier step "
    "was wrong.\n"
    "1. calculator: did the attempt use the calculator or formula that the question asks for?\n"
    "2. values: did it take every input that calculator needs from the note correctly (the "
    "right number with the right unit, each finding the right way round, nothing left out and "
    "nothing invented)? Compare with the reference values where they are given.\n"
    "3. arithmetic: does its result follow from its own inputs, whether or not those inputs "
    "were right (formula applied correctly, sums and products right)?\n"
    "4. answer: is its final answer correct, that is equal to the reference answer or inside "
    "the accepted range?\n"
    "For calculator, values and arithmetic, \"correct\" is null only when the attempt does not "
    "show that step at all (for example a bare number); the answer step is always true or false."
)

# Our wording of MedRaC's eight error types, in `ERROR_TYPES` order.
ERROR_TYPE_WORDS: dict[str, str] = {
    "formula_misselection": "used the wrong calculator or formula, or made one up",
    "incorrect_extraction": "read a value from the note wrongly",
    "clinical_misinterpretation": "judged a finding, grade or criterion wrongly",
    "missing_variables": "left out an input the calculator needs",
    "demographic_adjustment": "applied a sex, race or age adjustment wrongly",
    "unit_conversion": "used a value in the wrong unit or converted it wrongly",
    "arithmetic": "computed wrongly from its own inputs",
    "rounding": "right working, but the answer is off by rounding or precision",
}

JUDGE_ERRORS = (
    "Then list in \"errors\" every error type that applies (an empty list when every step is "
    "right), using only these names:"
)

JUDGE_REPLY = (
    "Reply with one JSON object: for each of \"calculator\", \"values\", \"arithmetic\" and "
    "\"answer\" an object {\"reason\": one short sentence, \"correct\": true or false}, then "
    "\"errors\": a list of error type names."
)

JUDGE_NOW = "Judge the attempt now. Reply with the JSON object only."
NO_GOLD = "(the case lists no reference values: judge the values against the note)"
TEXT_CUT = "[... {n} characters left out ...]"
REPAIR = ("Your reply could not be used: {problem}. Reply again with the complete JSON object, "
          "every key, and nothing else.")
REPAIR_CUT = "it was cut off at the length limit; keep each reason to one short sentence"


def prompt_fingerprint() -> str:
    """A hash of every text the judge sends; tests pin it to `JUDGE_PROMPT_VERSION`."""
    parts = [JUDGE_SYSTEM, JUDGE_STEPS, JUDGE_ERRORS, JUDGE_REPLY, JUDGE_NOW, NO_GOLD, TEXT_CUT,
             REPAIR, REPAIR_CUT, json.dumps(ERROR_TYPE_WORDS), json.dumps(JUDGE_SCHEMA)]
    return hashlib.sha256("\x1e".join(parts).encode()).hexdigest()


def _step_schema(nullable: bool) -> dict[str, Any]:
    return {"type": "object",
            "properties": {"reason": {"type": "string"},
                           "correct": {"type": ["boolean", "null"] if nullable else "boolean"}},
            "required": ["reason", "correct"], "additionalProperties": False}


# No maxLength on the reasons: llama.cpp expands it into a deep repetition grammar; the
# request's max_tokens bounds the reply instead (a cut-off reply is repaired).
JUDGE_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {**{s: _step_schema(s != "answer") for s in STEPS},
                   "errors": {"type": "array", "items": {"type": "string", "enum": list(ERROR_TYPES)}}},
    "required": [*STEPS, "errors"], "additionalProperties": False}

RESPONSE_FORMAT: dict[str, Any] = {
    "type": "json_schema",
    "json_schema": {"name": "step_verdicts", "strict": True, "schema": JUDGE_SCHEMA}}
ResponseFormatKind = Literal["json_schema", "json_object", "none"]
RESPONSE_FORMATS: dict[str, dict[str, Any] | None] = {
    "json_schema": RESPONSE_FORMAT,  # OpenAI, vLLM, SGLang, llama.cpp's llama-server; LlamaCppClient
    "json_object": {"type": "json_object", "schema": JUDGE_SCHEMA},  # llama-cpp-python's server
    "none": None,
}


def system_prompt() -> str:
    errors = "\n".join(f"- {t}: {ERROR_TYPE_WORDS[t]}" for t in ERROR_TYPES)
    return "\n\n".join([JUDGE_SYSTEM, JUDGE_STEPS, f"{JUDGE_ERRORS}\n{errors}", JUDGE_REPLY])


# ---------------------------------------------------------------- what the judge is shown


def _entity_text(value: Any) -> str:
    """A MedCalc-Bench entity as a person reads it: [78, "years"] -> "78 years"."""
    if isinstance(value, list | tuple) and len(value) == 2 and isinstance(value[1], str):
        return f"{value[0]} {value[1]}"
    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False, default=str)


def reference_values(case: Case) -> str | None:
    """The case's gold Relevant Entities, one per line; None when it has none."""
    if not isinstance(case.entities, Mapping) or not case.entities:
        return None
    return "\n".join(f"- {name}: {_entity_text(v)}" for name, v in case.entities.items())


def attempt_text(outcome: Outcome) -> tuple[str, int]:
    """(the attempt's text as the judge sees it, characters cut from its middle)."""
    parts = [outcome.raw.strip()] if outcome.raw and outcome.raw.strip() else []
    if outcome.explanation and outcome.explanation.strip() and outcome.explanation.strip() not in outcome.raw:
        parts.append(f"Explanation: {outcome.explanation.strip()}")
    text = "\n\n".join(parts) or "(no text)"
    if len(text) <= TEXT_MAX:
        return text, 0
    cut = len(text) - TEXT_MAX
    head = TEXT_MAX // 3  # the approach is stated first; the answer comes last
    return f"{text[:head]}\n{TEXT_CUT.format(n=cut)}\n{text[head + cut:]}", cut


def _shown(answer: Any, output_type: str) -> str:
    try:
        shown = format_answer(answer, output_type, style="prompt")
    except (ValueError, TypeError):
        shown = None
    return str(answer) if shown is None else str(shown)


def user_prompt(case: Case, outcome: Outcome) -> tuple[str, int]:
    """(the user message, characters cut from the attempt's text)."""
    gold = reference_values(case)
    reference = [f"Reference answer: {_shown(case.ground_truth, case.output_type)}"
                 if case.ground_truth is not None else "Reference answer: not given"]
    if case.lower is not None and case.upper is not None and case.output_type == "decimal":
        reference.append(f"Accepted range: {_shown(case.lower, 'decimal')} to {_shown(case.upper, 'decimal')}")
    reference.append(f"Reference values:\n{gold}" if gold else f"Reference values: {NO_GOLD}")
    explanation = case.metadata.get("ground_truth_explanation") if isinstance(case.metadata, Mapping) else None
    if isinstance(explanation, str) and explanation.strip():
        reference.append(f"Reference working:\n{explanation.strip()}")
    text, cut = attempt_text(outcome)
    read = _shown(outcome.answer, case.output_type) if outcome.answer is not None else "none"
    parts = [f"Patient note:\n{case.note.strip()}", f"Question: {case.question.strip()}",
             f"Calculator asked for: {case.calculator_name}", "\n".join(reference),
             f"The attempt:\n{text}", f"The final answer read from the attempt: {read}", JUDGE_NOW]
    return "\n\n".join(parts), cut


# ---------------------------------------------------------------- reading the reply


class UnusableReply(ValueError):
    """A judge reply that cannot be used; the message says what is wrong (sent back to it)."""


def _json_object(text: str) -> dict[str, Any]:
    try:
        return reply_object(text)
    except ValueError as exc:
        raise UnusableReply(str(exc)) from None


def _short(reason: str) -> str:
    reason = " ".join(reason.split())
    return reason if len(reason) <= REASON_MAX else reason[:REASON_MAX - 1] + "…"


@dataclass(frozen=True)
class ReadReply:
    steps: dict[str, bool | None]
    reasons: dict[str, str]
    errors: tuple[str, ...]  # in taxonomy order
    dropped: tuple[str, ...]  # labels outside the taxonomy, as the judge wrote them


def read_reply(text: str) -> ReadReply:
    """The judge's verdicts from its reply; UnusableReply naming every problem otherwise."""
    obj = _json_object(text)
    problems: list[str] = []
    steps: dict[str, bool | None] = {}
    reasons: dict[str, str] = {}
    for step in STEPS:
        item = obj.get(step)
        if not isinstance(item, Mapping):
            problems.append(f'"{step}" is missing or not an object')
            continue
        correct = item.get("correct")
        if "correct" not in item:
            problems.append(f'"{step}.correct" is missing')
        elif correct is None and step == "answer":
            problems.append('"answer.correct" must be true or false, not null')
        elif correct is not None and not isinstance(correct, bool):
            problems.append(f'"{step}.correct" must be true, false{"" if step == "answer" else " or null"}'
                            f", got {json.dumps(correct, default=str)}")
        if not isinstance(item.get("reason"), str):
            problems.append(f'"{step}.reason" is missing or not a string')
        if not problems:
            steps[step] = correct
            reasons[step] = _short(item["reason"])
    errors = obj.get("errors")
    if not isinstance(errors, list):
        problems.append('"errors" is missing or not a list')
    if problems:
        raise UnusableReply("; ".join(problems))
    named = {e for e in errors if isinstance(e, str) and e in ERROR_TYPES}
    dropped = tuple(e if isinstance(e, str) else json.dumps(e, default=str)
                    for e in errors if not (isinstance(e, str) and e in ERROR_TYPES))
    return ReadReply(steps, reasons, tuple(t for t in ERROR_TYPES if t in named), dropped)


# ---------------------------------------------------------------- the judge


@dataclass(frozen=True)
class JudgeResult:
    """The verdicts and how they were reached. `failure` says why the status is judge_error:
    the replies stayed unusable, or a request failed (`error` holds the message)."""

    verdicts: StepVerdicts
    model: str
    prompt_version: str = JUDGE_PROMPT_VERSION
    requests: int = 0
    replies: tuple[str, ...] = ()  # every reply, as the judge wrote it
    problems: tuple[str, ...] = ()  # what was wrong with each rejected reply
    dropped_errors: tuple[str, ...] = ()
    failure: Failure | None = None
    error: str | None = None
    reference: str = "entities"  # "entities" | "note only (the case lists no Relevant Entities)"
    text_cut: int = 0  # characters of the attempt's text left out

    def to_dict(self) -> dict[str, Any]:
        return {**self.verdicts.to_dict(), "judge": {
            "model": self.model, "prompt_version": self.prompt_version, "requests": self.requests,
            "replies": list(self.replies), "problems": list(self.problems),
            "dropped_errors": list(self.dropped_errors), "failure": self.failure,
            "error": self.error, "reference": self.reference, "text_cut": self.text_cut}}

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> JudgeResult:
        j = d.get("judge") or {}
        return cls(verdicts=StepVerdicts.from_dict(d), model=j.get("model", ""),
                   prompt_version=j.get("prompt_version", ""), requests=j.get("requests", 0),
                   replies=tuple(j.get("replies", ())), problems=tuple(j.get("problems", ())),
                   dropped_errors=tuple(j.get("dropped_errors", ())), failure=j.get("failure"),
                   error=j.get("error"), reference=j.get("reference", "entities"),
                   text_cut=j.get("text_cut", 0))


class Judge:
    """Judges attempts with one model; `max_retries` repair requests at most per attempt;
    `response_format`: how the verdict schema is sent (see the module docstring)."""

    def __init__(self, client: ModelClient, *, max_retries: int = 2, gen: Mapping[str, Any] | None = None,
                 response_format: ResponseFormatKind = "json_schema"):
        if response_format not in RESPONSE_FORMATS:
            raise ValueError(f"response_format must be one of {', '.join(RESPONSE_FORMATS)}, "
                             f"got {response_format!r}")
        self.response_format = RESPONSE_FORMATS[response_format]
        self.client = client
        self.max_retries = check_retries(max_retries)
        self.gen = {**DEFAULT_GEN, **(gen or {})}

    def judge(self, case: Case, outcome: Outcome) -> StepVerdicts:
        return self.run(case, outcome).verdicts

    def run(self, case: Case, outcome: Outcome) -> JudgeResult:
        model = getattr(self.client, "name", "") or ""
        gold = reference_values(case) is not None
        reference = "entities" if gold else "note only (the case lists no Relevant Entities)"
        if outcome.status != "ok":
            return JudgeResult(StepVerdicts("judge", "no_answer", steps=dict.fromkeys(STEPS)),
                               model, reference=reference,
                               error=f"the attempt's status is {outcome.status}: nothing to judge")
        prompt, cut = user_prompt(case, outcome)
        messages: list[dict[str, Any]] = [{"role": "system", "content": system_prompt()},
                                          {"role": "user", "content": prompt}]
        asked = ask_json(self.client, messages, read_reply, parse=str, response_format=self.response_format,
                         gen=self.gen, max_retries=self.max_retries, repair=REPAIR, repair_cut=REPAIR_CUT)
        trail = {"requests": asked.requests, "replies": asked.replies, "problems": asked.problems,
                 "reference": reference, "text_cut": cut}
        if asked.failure is not None:
            return JudgeResult(StepVerdicts("judge", "judge_error", steps=dict.fromkeys(STEPS)), model,
                               failure=asked.failure, error=asked.error, **trail)
        got: ReadReply = asked.value
        verdicts = StepVerdicts("judge", "ok", steps=got.steps, errors=got.errors, reasons=got.reasons)
        return JudgeResult(verdicts, model, dropped_errors=got.dropped, **trail)


class JudgeRequestFailed(RuntimeError):
    """The judge's request failed; raised by `JudgeEvaluator` so the evaluation is stored with
    status `error` and can be retried, rather than as a verdict."""


class JudgeEvaluator:
    """The judge as an evaluator of stored attempts (see the module docstring for statuses)."""

    def __init__(self, client: ModelClient, model_name: str, *, max_retries: int = 2,
                 gen: Mapping[str, Any] | None = None, response_format: ResponseFormatKind = "json_schema"):
        if not model_name or not model_name.strip():
            raise ValueError("the judge's model name must not be empty")
        self.judge = Judge(client, max_retries=max_retries, gen=gen, response_format=response_format)
        self.name = f"judge:{model_name.strip()}"
        self.version = JUDGE_PROMPT_VERSION

    def evaluate(self, case: Case, attempt: Attempt) -> dict[str, Any]:
        result = self.judge.run(case, attempt.outcome)
        if result.failure == "request_failed":
            raise JudgeRequestFailed(result.error)
        return result.to_dict()


__all__ = ["Judge", "JudgeEvaluator", "JudgeResult", "JudgeRequestFailed", "UnusableReply",
           "JUDGE_PROMPT_VERSION", "JUDGE_SCHEMA", "RESPONSE_FORMAT", "read_reply",
           "prompt_fingerprint", "system_prompt", "user_prompt", "reference_values"]
