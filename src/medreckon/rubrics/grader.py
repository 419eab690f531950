"""The grader: one judge call per (response, criterion), with our own versioned prompt
(`prompts.GRADER_*`), read as ``{"explanation", "evidence", "criteria_met"}``.

    grader = Grader(connect("embedded"))
    grader.grade(example, completion_text, criterion)     # CriterionGrade
    grade_run(store, grader, "embedded")                  # every stored response, resumable

Statuses of a grade: ``met``, ``not_met``, or ``judge_error`` — the judge's replies stayed
unreadable after `max_retries` repairs (no JSON, ``criteria_met`` not a boolean, a reply cut at
the token limit). A ``judge_error`` is stored and reported apart, never counted as met or not
met. A request that fails (after the client's own bounded retries) is stored with table status
``error``, so ``retry_errors=True`` asks again once the endpoint is back.

The evidence quote is checked against the response (whitespace and case folded): a quote that
is not in it is recorded (``evidence_in_response: false``), never silently trusted.

Storage: one evaluation per (response attempt, criterion), named
``rubric:<judge>|<criterion id>`` and versioned ``<grader prompt version>.<criterion
fingerprint>``: an edited criterion (text or points) is graded afresh; a killed grading run
resumes with what is missing. The conversation and response come first in the prompt and the
criterion last, so a server that caches prompt prefixes (llama.cpp does) reads each response
once for all its criteria.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Literal

from ..bench.models.ask import Asked, ask_json, check_retries, need_bool, need_str
from ..bench.runs.store import Store, now
from ..bench.types import Attempt, Evaluation, ModelClient
from . import prompts as P
from .formats import Criterion, RubricExample, prompt_text
from .responses import stored_examples

GradeStatus = Literal["met", "not_met", "judge_error"]
GRADE_STATUSES: tuple[GradeStatus, ...] = ("met", "not_met", "judge_error")
DEFAULT_GEN: dict[str, Any] = {"temperature": 0.0, "max_tokens": 300, "seed": 0}
RESPONSE_MAX = 8000  # characters of a response shown; longer ones keep head and tail
EXPLANATION_MAX = 600


@dataclass(frozen=True)
class CriterionGrade:
    criterion_id: str
    status: GradeStatus
    explanation: str = ""
    evidence: str = ""
    evidence_in_response: bool | None = None  # None: no quote given
    judge: dict[str, Any] | None = None  # model, prompt version, requests, replies, problems, error

    @property
    def met(self) -> bool | None:
        return None if self.status == "judge_error" else self.status == "met"

    def to_dict(self) -> dict[str, Any]:
        return {"criterion_id": self.criterion_id, "status": self.status, "explanation": self.explanation,
                "evidence": self.evidence, "evidence_in_response": self.evidence_in_response,
                "judge": self.judge}

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> CriterionGrade:
        return cls(d["criterion_id"], d["status"], d.get("explanation", ""), d.get("evidence", ""),
                   d.get("evidence_in_response"), d.get("judge"))


def _folded(text: str) -> str:
    return " ".join(text.split()).lower()


def read_verdict(obj: dict[str, Any]) -> tuple[bool, str, str]:
    """(criteria_met, explanation, evidence) from a reply object; ValueError naming each problem."""
    problems: list[str] = []
    met = need_bool(obj, "criteria_met", problems)
    explanation = need_str(obj, "explanation", problems)
    evidence = obj.get("evidence", "")
    if evidence is None:
        evidence = ""
    if not isinstance(evidence, str):
        problems.append('"evidence" must be a string (a quote from the reply, or "")')
    if problems:
        raise ValueError("; ".join(problems))
    return bool(met), " ".join((explanation or "").split())[:EXPLANATION_MAX], evidence.strip()


def shown_response(text: str) -> str:
    if len(text) <= RESPONSE_MAX:
        return text
    cut = len(text) - RESPONSE_MAX
    head = RESPONSE_MAX // 2
    return f"{text[:head]}\n[... {cut} characters left out ...]\n{text[head + cut:]}"


def grader_messages(example: RubricExample, response: str, criterion: Criterion) -> list[dict[str, str]]:
    user = P.GRADER_USER.format(conversation=prompt_text(example), response=shown_response(response.strip()),
                                kind=P.GRADER_KIND[criterion.points > 0], points=criterion.points,
                                criterion=criterion.text)
    return [{"role": "system", "content": P.GRADER_SYSTEM}, {"role": "user", "content": user}]


class Grader:
    """Grades criteria with one judge model; `response_format`: json_schema (OpenAI-compatible
    servers, in-process llama.cpp), json_object (llama-cpp-python's server) or none."""

    def __init__(self, client: ModelClient, *, max_retries: int = 2, gen: Mapping[str, Any] | None = None,
                 response_format: str = "json_schema"):
        self.client = client
        self.max_retries = check_retries(max_retries)
        self.gen = {**DEFAULT_GEN, **(gen or {})}
        self.format = P.response_format(P.GRADER_SCHEMA, response_format, "criterion_grade")

    @property
    def model(self) -> str:
        return getattr(self.client, "name", "") or ""

    def ask(self, example: RubricExample, response: str, criterion: Criterion) -> Asked:
        return ask_json(self.client, grader_messages(example, response, criterion), read_verdict,
                        response_format=self.format, gen=self.gen, max_retries=self.max_retries,
                        repair=P.GRADER_REPAIR, repair_cut=P.GRADER_REPAIR_CUT)

    def grade(self, example: RubricExample, response: str, criterion: Criterion) -> CriterionGrade:
        asked = self.ask(example, response, criterion)
        record = asked.record(self.model, P.GRADER_VERSION)
        if asked.failure is not None:
            return CriterionGrade(criterion.id, "judge_error", judge=record)
        met, explanation, evidence = asked.value
        found = None if not evidence else _folded(evidence.strip('"“”')) in _folded(response)
        return CriterionGrade(criterion.id, "met" if met else "not_met", explanation, evidence, found, record)


class JudgeRequestFailed(RuntimeError):
    """The judge's request failed: stored as table status `error`, retried by a later run."""


def evaluator_name(judge: str, criterion: Criterion) -> str:
    return f"rubric:{judge}|{criterion.id}"


def evaluator_version(criterion: Criterion) -> str:
    return f"{P.GRADER_VERSION}.{criterion.fingerprint()}"


@dataclass(frozen=True)
class GradingProgress:
    done: int
    total: int
    attempt: Attempt
    criterion: Criterion
    grade: CriterionGrade | None  # None: the request failed (stored as error)


def grade_run(store: Store, grader: Grader, judge: str, *, limit: int | None = None,
              retry_errors: bool = False,
              on_progress: Callable[[GradingProgress], None] | None = None) -> list[Evaluation]:
    """Grade every (stored response, criterion) this judge and grader version have not graded
    (at most `limit` of them, in order); each grade is committed as it finishes. A response
    whose status is not ok or truncated is not graded (it has no text to grade)."""
    if limit is not None and limit < 0:
        raise ValueError(f"limit must be 0 or more, got {limit}")
    examples = stored_examples(store)
    todo: list[tuple[Attempt, Criterion]] = []
    stored: dict[tuple[str, str], dict[str, str]] = {}
    for attempt in store.attempts():
        ex = examples.get(attempt.case_id)
        if ex is None or attempt.outcome.status not in ("ok", "truncated"):
            continue
        for c in ex.criteria:
            key = (evaluator_name(judge, c), evaluator_version(c))
            if key not in stored:
                stored[key] = store.evaluation_statuses(*key)
            st = stored[key].get(attempt.key)
            if st is None or (retry_errors and st == "error"):
                todo.append((attempt, c))
    todo = todo if limit is None else todo[:limit]
    made: list[Evaluation] = []
    for attempt, c in todo:
        grade = grader.grade(examples[attempt.case_id], attempt.outcome.raw, c)
        failed = grade.judge is not None and grade.judge.get("failure") == "request_failed"
        ev = Evaluation(attempt_key=attempt.key, evaluator=evaluator_name(judge, c),
                        evaluator_version=evaluator_version(c), status="error" if failed else "ok",
                        payload={"error": grade.judge["error"], **grade.to_dict()} if failed else grade.to_dict(),
                        created_at=now())
        store.put_evaluation(ev, replace_error=retry_errors)
        made.append(ev)
        if on_progress:
            on_progress(GradingProgress(len(made), len(todo), attempt, c, None if failed else grade))
    return made


def stored_grades(store: Store, judge: str) -> dict[str, dict[str, CriterionGrade]]:
    """attempt key -> criterion id -> the judge's stored grade (current criteria and grader
    version only; a request that failed and was not retried is left out: ungraded)."""
    examples = stored_examples(store)
    out: dict[str, dict[str, CriterionGrade]] = {}
    attempts = {a.key: a for a in store.attempts()}
    for ex in examples.values():
        for c in ex.criteria:
            for e in store.evaluations(evaluator_name(judge, c), evaluator_version(c)):
                a = attempts.get(e.attempt_key)
                if a is None or a.case_id != ex.id or e.status != "ok":
                    continue
                out.setdefault(e.attempt_key, {})[c.id] = CriterionGrade.from_dict(e.payload)
    return out


def judges_in(store: Store) -> list[str]:
    """The judges that have graded this run (from the stored evaluator names)."""
    names = {e.evaluator for e in store.evaluations() if e.evaluator.startswith("rubric:")}
    return sorted({n[len("rubric:"):].rsplit("|", 1)[0] for n in names})
