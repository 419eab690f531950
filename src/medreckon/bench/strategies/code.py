"""Program of thought (`code`) and MedRaC (`rag_code`): the model writes Python that computes
the answer, and a sandbox runs it.

    Code()                             # 2 repair turns
    RagCode(k=2, retriever="bm25")     # the same, with the top-k formula cards in the prompt

One attempt is a bounded conversation: the model replies with a program in a ```python block;
`medreckon.bench.sandbox.run_code` runs it (pydantic-monty: no file system, network or
processes; CPU-time, memory and wall-clock limits); the program's `answer` (else the value of
its last expression) is read as the case's output type with `medreckon.bench.answers.
coerce_value`. When something goes wrong — no program in the reply, a reply cut off at the
token limit, an exception, no `answer`, an `answer` that is not of the output type — one
model-readable line saying so goes back to the model, which may repair the program, at most
`retries` times (default 2, so at most 3 requests). A wall-clock budget (`time_limit_s`) is
checked before each request. The model is not asked to confirm a result that reads as an answer.

Statuses: `ok` when a program's `answer` reads as the output type; otherwise `truncated` when
the last reply was cut off, `refused` when it declined without code, `unparsed` when every turn
failed; `error` when a model request failed (ModelError). The answer is never guessed from the
prose or the printed output.

Several ```python blocks in one reply are joined in order (small models split a program into a
function and its call); a reply with no fence is taken as code only when it parses as Python
and mentions `answer`.

Trace: the messages, and per turn the reply's code, finish reason, the sandbox result (ok,
value, printed output, error line, timed out, duration) and the problem sent back; for
`rag_code` also the retrieval (as in `rag`).

Versions: "<strategy>+c<code prompt>+retries=<n>", plus ".<rag prompt>+k=<k>+retriever=<kind>"
for `rag_code`. The sandbox limits and the time budget are safety bounds, not part of it.
"""

from __future__ import annotations

import ast
import hashlib
import json
import re
import time
from typing import Any

from ..answers import coerce_value, is_refusal
from ..models import Meter
from ..types import Answer, Case, Completion, ModelClient, ModelError, Outcome, OutputType
from . import prompts, register
from .base import Strategy
from .rag import RAG_PROMPT_VERSION, CardRetrieval, Retrieved, cards_block

CODE_PROMPT_VERSION = "1"

CODE_SYSTEM = (
    "You are a careful clinician who answers medical calculation questions by writing short "
    "Python programs. You get a patient note and one question. Use only what the note says."
)

CODE_INSTRUCTION = (
    "Write a Python program that computes the answer. First assign every value the calculation "
    "needs to a variable, with a comment quoting where the note gives it and its unit; convert "
    "units where needed; then compute step by step. {environment} The program must end by "
    "assigning the result to `answer` (printing it is not enough); `answer` must be {fmt}. Reply "
    "with the whole program in one ```python code block."
)

# What `answer` must hold, by output type: what coerce_value reads without guessing.
CODE_ANSWER_FORMATS: dict[OutputType, str] = {
    "decimal": "a number (an int or a float), not a string",
    "integer": "a whole number (an int)",
    "date": 'a string "MM/DD/YYYY"',
    "gestational_age": "a tuple (weeks, days) of two ints",
}

REPAIR = "{problem}\nFix the program and reply with the whole corrected program in one ```python code block."

PROBLEMS = {
    "truncated": "Your reply was cut off at the length limit before the program ended; write a "
                 "shorter program.",
    "no_code": "Your reply held no Python program.",
    "error": "Running your program failed: {error}",
    "no_answer": "The program ran but did not set `answer`.",
    "wrong_type": "The program set `answer` = {value}, but `answer` must be {fmt}.",
}
_STDOUT_TAIL = 400  # characters of printed output shown back with a problem

DEFAULT_RETRIES = 2
DEFAULT_TIME_LIMIT_S = 900.0


def texts_fingerprint() -> str:
    """sha256 over this module's prompt sentences; pinned by a test against CODE_PROMPT_VERSION."""
    from ..sandbox import ENVIRONMENT

    parts = [CODE_SYSTEM, CODE_INSTRUCTION, json.dumps(CODE_ANSWER_FORMATS, sort_keys=True),
             REPAIR, json.dumps(PROBLEMS, sort_keys=True), ENVIRONMENT]
    return hashlib.sha256("\x1e".join(parts).encode()).hexdigest()


_FENCE = re.compile(r"```[ \t]*([A-Za-z0-9_+-]*)[^\n]*\n(.*?)(?:```|\Z)", re.S)


def code_of(text: str) -> str | None:
    """The program in a reply: its ```python blocks joined in order (else its untagged blocks),
    else the whole reply when it parses as Python and mentions `answer`; None when there is none."""
    blocks = [(m[1].lower(), m[2]) for m in _FENCE.finditer(text or "")]
    for wanted in (("python", "py", "python3"), ("",)):
        chosen = [body.strip("\n") for lang, body in blocks if lang in wanted and body.strip()]
        if chosen:
            return "\n\n".join(chosen)
    bare = (text or "").strip()
    if bare and "answer" in bare and not blocks:
        try:
            ast.parse(bare)
        except (SyntaxError, ValueError, RecursionError, MemoryError):
            return None
        return bare
    return None


def _show(value: Any) -> str:
    if value in ("nan", "inf", "-inf"):  # how the sandbox returns a non-finite float
        return str(value)
    shown = json.dumps(value, ensure_ascii=False) if not isinstance(value, str) else repr(value)
    return shown if len(shown) <= 200 else shown[:200] + "…"


@register
class Code(Strategy):
    """The model writes a program; the sandbox runs it; errors go back for bounded repairs."""

    name = "code"
    description = "The model writes Python, a sandbox runs it, errors go back for bounded repairs (program of thought)."
    strategy_version = "1"
    default_gen: dict[str, Any] = {"temperature": 0.0, "max_tokens": 1024}

    def __init__(self, retries: int = DEFAULT_RETRIES, *, time_limit_s: float = DEFAULT_TIME_LIMIT_S,
                 sandbox_timeout_s: float = 5.0, sandbox_memory_mb: int = 256):
        if isinstance(retries, bool) or not isinstance(retries, int) or retries < 0:
            raise ValueError(f"retries must be a whole number >= 0, got {retries!r}")
        if time_limit_s <= 0:
            raise ValueError(f"time_limit_s must be positive, got {time_limit_s!r}")
        self.retries = retries
        self.time_limit_s = float(time_limit_s)
        self.sandbox_timeout_s = float(sandbox_timeout_s)
        self.sandbox_memory_mb = int(sandbox_memory_mb)

    @property
    def version(self) -> str:
        return f"{self.strategy_version}+c{CODE_PROMPT_VERSION}+retries={self.retries}"

    def check(self, cases: list[Case]) -> None:
        """The sandbox must run here (pydantic-monty installed and its worker starting)."""
        from ..sandbox import SandboxUnavailable, run_code

        try:
            result = run_code("answer = 1 + 1", timeout_s=self.sandbox_timeout_s)
        except SandboxUnavailable as exc:
            raise ValueError(f"strategy {self.name!r} cannot run here: {exc}") from None
        if result.value != 2:
            raise ValueError(f"the sandbox does not work here: {result.error or result.value!r}")

    # ------------------------------------------------------------- prompt

    def reference(self, case: Case) -> tuple[str | None, dict[str, Any]]:
        """Text placed before the note, and what to record about it (none for `code`)."""
        return None, {}

    def messages(self, case: Case, reference: str | None = None) -> list[dict[str, Any]]:
        from ..sandbox import ENVIRONMENT

        instruction = CODE_INSTRUCTION.format(environment=ENVIRONMENT,
                                              fmt=CODE_ANSWER_FORMATS[case.output_type])
        parts = [reference] if reference else []
        parts += [prompts.case_text(case), instruction]
        return [{"role": "system", "content": CODE_SYSTEM},
                {"role": "user", "content": "\n\n".join(parts)}]

    # ------------------------------------------------------------- one attempt

    def _read(self, completion: Completion, output_type: OutputType) -> tuple[dict[str, Any], Answer | None, int | None]:
        """Run the reply's program: (turn record, answer, decimals); the record's `problem` is
        the line for the model when there is no answer."""
        from ..sandbox import run_code

        code = code_of(completion.text)
        turn: dict[str, Any] = {"finish_reason": completion.finish_reason, "code": code}
        if completion.finish_reason == "length":
            turn["problem"], turn["kind"] = PROBLEMS["truncated"], "truncated"
            return turn, None, None
        if code is None:
            turn["problem"], turn["kind"] = PROBLEMS["no_code"], "no_code"
            return turn, None, None
        result = run_code(code, timeout_s=self.sandbox_timeout_s, cpu_s=self.sandbox_timeout_s,
                          memory_mb=self.sandbox_memory_mb)
        turn["sandbox"] = {"ok": result.ok, "value": result.value, "stdout": result.stdout,
                           "error": result.error, "timed_out": result.timed_out,
                           "duration_s": round(result.duration_s, 4)}
        if not result.ok:
            turn["problem"], turn["kind"] = PROBLEMS["error"].format(error=result.error), "error"
        elif result.value is None:
            turn["problem"], turn["kind"] = PROBLEMS["no_answer"], "no_answer"
        else:
            answer, decimals = coerce_value(result.value, output_type)
            if answer is not None:
                return turn, answer, decimals
            turn["problem"] = PROBLEMS["wrong_type"].format(value=_show(result.value),
                                                           fmt=CODE_ANSWER_FORMATS[output_type])
            turn["kind"] = "wrong_type"
        if result.stdout.strip() and turn["kind"] != "wrong_type":
            tail = result.stdout.strip()[-_STDOUT_TAIL:]
            turn["problem"] += f"\nIt printed:\n{tail}"
        return turn, None, None

    def run(self, case: Case, model: ModelClient, gen: dict[str, Any]) -> Outcome:
        from ..sandbox import SandboxUnavailable

        reference, extra = self.reference(case)
        messages = self.messages(case, reference)
        turns: list[dict[str, Any]] = []
        trace: dict[str, Any] = {"messages": messages, **extra, "turns": turns}
        calls = Meter(model)
        deadline = time.monotonic() + self.time_limit_s
        last = ""
        stop = "max_turns"
        for n in range(self.retries + 1):
            if n and time.monotonic() > deadline:
                stop = "time_limit"
                break
            try:
                completion = calls.chat(messages, gen)
            except ModelError as exc:
                trace["stop_reason"] = "model_error"
                return calls.outcome(raw=last, answer=None, status="error", error=str(exc), trace=trace)
            last = completion.text
            messages.append({"role": "assistant", "content": completion.text})
            try:
                turn, answer, decimals = self._read(completion, case.output_type)
            except SandboxUnavailable as exc:
                trace["stop_reason"] = "sandbox_unavailable"
                return calls.outcome(raw=last, answer=None, status="error", error=str(exc), trace=trace)
            turns.append({"turn": n + 1, **turn})
            if answer is not None:
                trace.update(stop_reason="answer", answer_decimals=decimals, served_by=completion.model)
                return calls.outcome(raw=last, answer=answer, status="ok", explanation=turn["code"],
                                     trace=trace)
            if n < self.retries:
                messages.append({"role": "user", "content": REPAIR.format(problem=turn["problem"])})
        trace["stop_reason"] = stop
        final = turns[-1] if turns else {}
        if final.get("kind") == "truncated":
            status = "truncated"
        elif final.get("kind") == "no_code" and is_refusal(last):
            status = "refused"
        else:
            status = "unparsed"
        return calls.outcome(raw=last, answer=None, status=status, explanation=final.get("code"),
                             trace=trace)


@register
class RagCode(Code):
    """MedRaC: the top-k formula cards for the question, then program of thought."""

    name = "rag_code"
    description = "MedRaC: the top-k formula cards retrieved for the question, then program of thought in the sandbox."

    def __init__(self, k: int = 2, retriever: str = "bm25", retries: int = DEFAULT_RETRIES, **kw: Any):
        super().__init__(retries, **kw)
        self.retrieval = CardRetrieval(k, retriever)

    @property
    def version(self) -> str:
        return (f"{self.strategy_version}+c{CODE_PROMPT_VERSION}.{RAG_PROMPT_VERSION}"
                f"+retries={self.retries}+{self.retrieval.label}")

    def check(self, cases: list[Case]) -> None:
        self.retrieval.check()
        super().check(cases)

    def reference(self, case: Case) -> tuple[str | None, dict[str, Any]]:
        retrieved: Retrieved = self.retrieval.retrieve(case)
        return cards_block(list(retrieved.texts)), {"retrieval": retrieved.trace()}
