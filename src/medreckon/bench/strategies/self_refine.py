"""Self-Refine (`self_refine`): answer with zero-shot CoT, then critique and revise.

    SelfRefine()            # at most 5 rounds
    SelfRefine(rounds=2)

The first answer is the `zero_shot_cot` request. Each round then asks the model, in a fresh
conversation, to review the current solution against the note and reply with a verdict as JSON
``{"problems": [...], "has_error": bool}`` (schema-constrained where the backend supports it;
the problems come first so that the verdict follows the review). `has_error` decides: false
ends the loop (early stop); true sends the problems back as a follow-up to the conversation
that produced the solution, and the reply is the revised solution. A solution that cannot be
read (no answer in the JSON asked for, or cut off at the token limit) is not sent to the critic:
the round's problem is that, stated by us, and the model revises.

The loop is bounded: at most `rounds` rounds (default 5), and a wall-clock budget
(`time_limit_s`) checked before each request. It ends with `stop_reason`:
`no_error_found`, `max_rounds`, `critique_unreadable` (the verdict could not be read: the
current solution stands), or `time_limit`.

The answer is the last solution's. Only when the last one cannot be read and an earlier one
could is the earlier one kept (a failed revision does not erase an answer); the trace says so
(`answer_from`). A failed model request (ModelError) makes the attempt `error`.

Trace: the first answer (messages, reply, parse), and per round the critique (reply, verdict,
problems) and the revision (reply, parse). Version: "<strategy>+p<base prompt>.<refine
prompt>+rounds=<n>".
"""

from __future__ import annotations

import hashlib
import json
import time
from dataclasses import dataclass
from typing import Any

from ..answers import Parsed, format_answer, parse_answer
from ..models import Meter
from ..types import Case, Completion, ModelClient, ModelError, Outcome
from . import prompts, register
from .base import Strategy

REFINE_PROMPT_VERSION = "1"

CRITIC_SYSTEM = (
    "You review a colleague's worked medical calculation for errors. You get the patient note, "
    "the question and the proposed solution. Judge the solution against the note only."
)

CRITIQUE_INSTRUCTION = (
    "Check the proposed solution one step at a time: is it the formula or score the question "
    "asks for; is every value taken correctly from the note, with its unit, and converted where "
    "needed; is every criterion of a score judged correctly from the note; is the arithmetic "
    "right. For each error you find, write one short sentence saying what is wrong and what is "
    "right. Reply with one JSON object and nothing else: "
    '{"problems": [<the errors; empty if there are none>], '
    '"has_error": <true if an error changes the answer, else false>}'
)

REVISE_INSTRUCTION = (
    "A reviewer checked your solution and reported:\n{problems}\nWork the calculation again: "
    "fix what the reviewer rightly found wrong and keep what was right. Reply with one JSON "
    'object and nothing else, the working first and the result last: {{"reasoning": '
    '"<your steps>", "answer": <{fmt}>}}'
)

# Our own problem statement for a solution we could not read (by parse status).
UNREADABLE = {
    "unparsed": "The reply did not give the answer in the JSON object asked for.",
    "truncated": "The reply was cut off at the length limit before it gave the answer; keep the "
                 "working shorter.",
    "refused": "The reply gave no answer; the note holds what the calculation needs.",
}

CRITIQUE_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "problems": {"type": "array", "items": {"type": "string"}},
        "has_error": {"type": "boolean"},
    },
    "required": ["problems", "has_error"],
}

DEFAULT_ROUNDS = 5
DEFAULT_TIME_LIMIT_S = 1800.0


def texts_fingerprint() -> str:
    """sha256 over this module's prompt sentences; pinned by a test against REFINE_PROMPT_VERSION."""
    parts = [CRITIC_SYSTEM, CRITIQUE_INSTRUCTION, REVISE_INSTRUCTION,
             json.dumps(UNREADABLE, sort_keys=True), json.dumps(CRITIQUE_SCHEMA, sort_keys=True)]
    return hashlib.sha256("\x1e".join(parts).encode()).hexdigest()


@dataclass(frozen=True)
class Verdict:
    has_error: bool
    problems: tuple[str, ...]


def read_verdict(text: str) -> Verdict | None:
    """The critique's verdict from its reply, or None when it cannot be read. `has_error` must be
    a JSON boolean (or the string "true"/"false"); problems are kept as text."""
    text = (text or "").strip()
    start = text.find("{")
    obj: Any = None
    decoder = json.JSONDecoder(strict=False)
    while start != -1 and obj is None:
        try:
            obj, _ = decoder.raw_decode(text, start)
        except (ValueError, RecursionError):
            obj = None
            start = text.find("{", start + 1)
    if not isinstance(obj, dict):
        return None
    flag = obj.get("has_error")
    if isinstance(flag, str) and flag.strip().lower() in ("true", "false"):
        flag = flag.strip().lower() == "true"
    if not isinstance(flag, bool):
        return None
    raw = obj.get("problems") or []
    if isinstance(raw, str):
        raw = [raw]
    if not isinstance(raw, list):
        return None
    problems = tuple(str(p).strip() for p in raw if str(p).strip())
    return Verdict(flag, problems)


def _parse_record(c: Completion, parsed: Parsed, output_type: str) -> dict[str, Any]:
    return {"reply": c.text, "finish_reason": c.finish_reason, "status": parsed.status,
            "answer": format_answer(parsed.answer, output_type), "parse_method": parsed.method,
            "answer_decimals": parsed.decimals}


@register
class SelfRefine(Strategy):
    """Zero-shot CoT, then at most `rounds` rounds of critique and revision."""

    name = "self_refine"
    description = "Zero-shot CoT, then rounds of the model critiquing and revising its own answer, stopping early (Self-Refine)."
    strategy_version = "1"
    default_gen: dict[str, Any] = {"temperature": 0.0, "max_tokens": 1024}

    def __init__(self, rounds: int = DEFAULT_ROUNDS, *, time_limit_s: float = DEFAULT_TIME_LIMIT_S):
        if isinstance(rounds, bool) or not isinstance(rounds, int) or rounds < 0:
            raise ValueError(f"rounds must be a whole number >= 0, got {rounds!r}")
        if time_limit_s <= 0:
            raise ValueError(f"time_limit_s must be positive, got {time_limit_s!r}")
        self.rounds = rounds
        self.time_limit_s = float(time_limit_s)

    @property
    def version(self) -> str:
        return (f"{self.strategy_version}+p{prompts.PROMPT_VERSION}.{REFINE_PROMPT_VERSION}"
                f"+rounds={self.rounds}")

    def check(self, cases: list[Case]) -> None:
        """Nothing optional is needed."""

    def answer_messages(self, case: Case) -> list[dict[str, Any]]:
        return [{"role": "system", "content": prompts.SYSTEM},
                prompts.user_message(case, prompts.STEP_BY_STEP_INSTRUCTION)]

    def critique_messages(self, case: Case, solution: str) -> list[dict[str, Any]]:
        content = (f"{prompts.case_text(case)}\n\nProposed solution:\n{solution.strip()}\n\n"
                   f"{CRITIQUE_INSTRUCTION}")
        return [{"role": "system", "content": CRITIC_SYSTEM}, {"role": "user", "content": content}]

    def revise_messages(self, case: Case, solution: str, problems: tuple[str, ...]) -> list[dict[str, Any]]:
        listed = "\n".join(f"- {p}" for p in problems) or "- (no details given)"
        fmt = prompts.ANSWER_FORMATS[case.output_type]
        return [*self.answer_messages(case), {"role": "assistant", "content": solution},
                {"role": "user", "content": REVISE_INSTRUCTION.format(problems=listed, fmt=fmt)}]

    def run(self, case: Case, model: ModelClient, gen: dict[str, Any]) -> Outcome:
        calls = Meter(model)
        deadline = time.monotonic() + self.time_limit_s
        first_messages = self.answer_messages(case)
        rounds: list[dict[str, Any]] = []
        trace: dict[str, Any] = {"messages": first_messages, "rounds": rounds}

        def failed(exc: ModelError, raw: str) -> Outcome:
            trace["stop_reason"] = "model_error"
            return calls.outcome(raw=raw, answer=None, status="error", error=str(exc), trace=trace)

        try:
            c = calls.chat(first_messages, gen)
        except ModelError as exc:
            return failed(exc, "")
        parsed = parse_answer(c.text, case.output_type, c.finish_reason)
        trace["initial"] = _parse_record(c, parsed, case.output_type)
        current = (c, parsed, 0)  # (reply, parse, round it came from)
        best = current if parsed.status == "ok" else None
        stop = "max_rounds"
        for n in range(1, self.rounds + 1):
            if time.monotonic() > deadline:
                stop = "time_limit"
                break
            reply, got, _ = current
            record: dict[str, Any] = {"round": n}
            rounds.append(record)
            if got.status != "ok":
                problems: tuple[str, ...] = (UNREADABLE.get(got.status, UNREADABLE["unparsed"]),)
                record["critique"] = {"by": "parser", "has_error": True, "problems": list(problems)}
            else:
                try:
                    crit = calls.chat(self.critique_messages(case, reply.text), gen,
                                      response_format={"type": "json_schema", "json_schema": {
                                          "name": "critique", "schema": CRITIQUE_SCHEMA}})
                except ModelError as exc:
                    return failed(exc, reply.text)
                verdict = read_verdict(crit.text)
                record["critique"] = {"by": "model", "reply": crit.text,
                                      "finish_reason": crit.finish_reason,
                                      "has_error": verdict.has_error if verdict else None,
                                      "problems": list(verdict.problems) if verdict else None}
                if verdict is None:
                    stop = "critique_unreadable"
                    break
                if not verdict.has_error:
                    stop = "no_error_found"
                    break
                problems = verdict.problems
            if time.monotonic() > deadline:
                stop = "time_limit"
                break
            try:
                revised = calls.chat(self.revise_messages(case, reply.text, problems), gen)
            except ModelError as exc:
                return failed(exc, reply.text)
            got = parse_answer(revised.text, case.output_type, revised.finish_reason)
            record["revision"] = _parse_record(revised, got, case.output_type)
            current = (revised, got, n)
            if got.status == "ok":
                best = current
        trace["stop_reason"] = stop
        final = current if current[1].status == "ok" or best is None else best
        reply, got, source = final
        trace.update(answer_from="initial" if source == 0 else f"round {source}",
                     rounds_run=len(rounds), finish_reason=reply.finish_reason,
                     parse_method=got.method, answer_decimals=got.decimals, served_by=reply.model)
        return calls.outcome(raw=reply.text, answer=got.answer, status=got.status,
                             explanation=got.explanation, trace=trace)
