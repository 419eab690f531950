"""Case curation (LiveMedBench's pipeline) from forum threads the user supplies:

1. **Screener** (LLM): is it a clinical question, with a physician's answer that gives advice
   evidence could confirm or refute?
2. **Validator** (LLM + BM25): is the advice consistent with the `k` passages BM25 retrieves
   from a local corpus the user provides (consistent / inconsistent / insufficient)?
3. **Controller** (rules, no LLM): accept, reject or send to a human, with the reasons.

Threads file (JSONL): ``thread_id``, ``question``, ``posted_at`` (ISO), optional ``title``,
``answers``: ``[{"role": "physician" | "patient" | ..., "text", "posted_at"?}]`` (the first
physician answer is the one curated). Corpus: a JSONL file of ``{"id", "text"}`` passages, or a
folder of .txt/.md files split at blank lines.

Everything is stored in a run directory as the bench stores its work: threads as cases, each
physician answer as an attempt of an ``imported`` run, and the Screener's and Validator's
verdicts as evaluations keyed by model and prompt version (the validator's also by the corpus's
hash and k), so a curation resumes, and re-running it with another model or prompt adds
verdicts beside the old ones for audit. The Controller is a pure function of the stored
verdicts (`decide`); `decisions` lists every thread with its decision and reasons.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from ..bench.models.ask import ask_json, need_bool, need_str
from ..bench.runs.evaluations import evaluate
from ..bench.runs.runner import record_imported
from ..bench.runs.store import Store
from ..bench.types import Attempt, Case, ModelClient, Outcome
from . import prompts as P
from .formats import Issue, RubricFormatError, json_lines, read_time

Decision = Literal["accept", "reject", "human"]
PASSAGE_MAX = 1200
DEFAULT_GEN: dict[str, Any] = {"temperature": 0.0, "max_tokens": 300, "seed": 0}


# ---------------------------------------------------------------- inputs


def read_threads(path: str | Path) -> list[dict[str, Any]]:
    p = Path(path)
    threads, issues, seen = [], [], set()
    for where, obj in json_lines(p, issues):
        before = len(issues)
        if not isinstance(obj, dict):
            issues.append(Issue(where, "(line)", obj, "a JSON object"))
            continue
        for key in ("thread_id", "question"):
            if not isinstance(obj.get(key), str) or not obj[key].strip():
                issues.append(Issue(where, key, obj.get(key), "a non-empty string"))
        read_time(obj.get("posted_at"), where, issues)
        answers = obj.get("answers", [])
        if not isinstance(answers, list) or not all(
                isinstance(a, dict) and isinstance(a.get("text"), str) and isinstance(a.get("role"), str)
                for a in answers):
            issues.append(Issue(where, "answers", answers, "a list of {role, text} objects"))
        if obj.get("thread_id") in seen:
            issues.append(Issue(where, "thread_id", obj.get("thread_id"), "an id used once"))
        seen.add(obj.get("thread_id"))
        if len(issues) == before:
            threads.append(obj)
    if issues:
        raise RubricFormatError(issues, p)
    return threads


def physician_answer(thread: Mapping[str, Any]) -> str | None:
    for a in thread.get("answers", []):
        if a["role"].strip().lower() in ("physician", "doctor", "clinician") and a["text"].strip():
            return a["text"].strip()
    return None


def read_corpus(path: str | Path) -> list[tuple[str, str]]:
    """(passage id, text): a JSONL of {id, text}, or a folder of .txt/.md files split at blank lines."""
    p = Path(path)
    if p.is_dir():
        out = []
        for f in sorted([*p.rglob("*.txt"), *p.rglob("*.md")]):
            parts = [x.strip() for x in f.read_text(encoding="utf-8").split("\n\n") if x.strip()]
            out += [(f"{f.relative_to(p)}#{i}", t) for i, t in enumerate(parts, 1)]
    elif p.is_file():
        out, issues = [], []
        for where, obj in json_lines(p, issues):
            if not (isinstance(obj, dict) and isinstance(obj.get("text"), str) and obj["text"].strip()):
                issues.append(Issue(where, "text", obj, "{id, text} with non-empty text"))
                continue
            out.append((str(obj.get("id", where.rsplit(":", 1)[1])), obj["text"].strip()))
        if issues:
            raise RubricFormatError(issues, p)
    else:
        raise FileNotFoundError(f"no such corpus: {p} (a JSONL file of {{id, text}} or a folder of .txt/.md files)")
    if not out:
        raise RubricFormatError([Issue(p.name, "(corpus)", "", "at least one passage")], p)
    return out


class Corpus:
    """BM25 over the passages (bm25s, the `retrieval` extra), tokenised as the bench's retriever does."""

    def __init__(self, passages: Sequence[tuple[str, str]]):
        from ..bench.retrieval import RetrievalUnavailable, tokenize

        try:
            import bm25s
        except ImportError as exc:
            raise RetrievalUnavailable("the Validator's BM25 needs bm25s: pip install 'medreckon[retrieval]'") from exc
        self.passages = list(passages)
        self._tokenize = tokenize
        self._bm25 = bm25s.BM25()
        self._bm25.index([tokenize(t) for _, t in self.passages], show_progress=False)
        self._vocab = set(self._bm25.vocab_dict)
        self.sha256 = hashlib.sha256(json.dumps(self.passages).encode()).hexdigest()

    def search(self, query: str, k: int) -> list[tuple[str, str, float]]:
        words = [w for w in dict.fromkeys(self._tokenize(query)) if w in self._vocab]
        if not words:
            return []
        scores = self._bm25.get_scores(words)
        best = sorted(range(len(scores)), key=lambda i: -float(scores[i]))[:k]
        return [(self.passages[i][0], self.passages[i][1], float(scores[i])) for i in best if scores[i] > 0]


# ---------------------------------------------------------------- the two LLM steps, as evaluators


class StepRequestFailed(RuntimeError):
    """A request failed: the evaluation is stored as `error` and retried by a later run."""


def _verdict(asked: Any, model: str, version: str, extra: dict[str, Any] | None = None) -> dict[str, Any]:
    if asked.failure == "request_failed":
        raise StepRequestFailed(asked.error)
    record = asked.record(model, version)
    if asked.failure is not None:
        return {"status": "judge_error", **(extra or {}), "llm": record}
    return {"status": "ok", **asked.value, **(extra or {}), "llm": record}


def _read_screen(obj: dict[str, Any]) -> dict[str, Any]:
    problems: list[str] = []
    out = {"clinical": need_bool(obj, "clinical", problems), "verifiable": need_bool(obj, "verifiable", problems),
           "reason": need_str(obj, "reason", problems)}
    if problems:
        raise ValueError("; ".join(problems))
    return out


def _read_validation(obj: dict[str, Any], n_passages: int) -> dict[str, Any]:
    problems: list[str] = []
    reason = need_str(obj, "reason", problems)
    verdict = obj.get("verdict")
    if verdict not in ("consistent", "inconsistent", "insufficient"):
        problems.append(f'"verdict" must be consistent, inconsistent or insufficient, got {verdict!r}')
    used = obj.get("passages", [])
    if not isinstance(used, list) or not all(isinstance(i, int) and not isinstance(i, bool) for i in used):
        problems.append('"passages" must be a list of passage numbers')
        used = []
    if problems:
        raise ValueError("; ".join(problems))
    # numbers outside the list are dropped and kept apart, never trusted
    return {"verdict": verdict, "reason": reason, "passages": [i for i in used if 1 <= i <= n_passages],
            "dropped_passages": [i for i in used if not 1 <= i <= n_passages]}


class Screener:
    def __init__(self, client: ModelClient, model: str, *, max_retries: int = 2, response_format: str = "json_schema"):
        self.client, self.max_retries = client, max_retries
        self.name, self.version = f"curate:screener:{model}", P.SCREENER_VERSION
        self.format = P.response_format(P.SCREENER_SCHEMA, response_format, "screen")

    def evaluate(self, case: Case, attempt: Attempt) -> dict[str, Any]:
        thread = case.metadata["thread"]
        messages = [{"role": "system", "content": P.SCREENER_SYSTEM},
                    {"role": "user", "content": P.SCREENER_USER.format(
                        posted_at=thread.get("posted_at") or "at an unknown time", question=thread["question"].strip(),
                        answer=attempt.outcome.raw)}]
        asked = ask_json(self.client, messages, _read_screen, response_format=self.format, gen=DEFAULT_GEN,
                         max_retries=self.max_retries, repair=P.REPAIR, repair_cut=P.REPAIR_CUT)
        return _verdict(asked, getattr(self.client, "name", ""), self.version)


class Validator:
    def __init__(self, client: ModelClient, model: str, corpus: Corpus, *, k: int = 3, max_retries: int = 2,
                 response_format: str = "json_schema"):
        self.client, self.corpus, self.k, self.max_retries = client, corpus, k, max_retries
        self.name = f"curate:validator:{model}"
        self.version = f"{P.VALIDATOR_VERSION}.{corpus.sha256[:12]}.k{k}"
        self.format = P.response_format(P.VALIDATOR_SCHEMA, response_format, "validation")

    def evaluate(self, case: Case, attempt: Attempt) -> dict[str, Any]:
        question = case.metadata["thread"]["question"].strip()
        hits = self.corpus.search(f"{question}\n{attempt.outcome.raw}", self.k)
        retrieved = [{"id": pid, "score": round(s, 4)} for pid, _, s in hits]
        if not hits:
            return {"status": "no_evidence", "retrieved": [], "llm": None}
        shown = "\n\n".join(f"[{i}] {t[:PASSAGE_MAX]}" for i, (_, t, _) in enumerate(hits, 1))
        messages = [{"role": "system", "content": P.VALIDATOR_SYSTEM},
                    {"role": "user", "content": P.VALIDATOR_USER.format(question=question, answer=attempt.outcome.raw,
                                                                        passages=shown)}]
        asked = ask_json(self.client, messages, lambda o: _read_validation(o, len(hits)), response_format=self.format,
                         gen=DEFAULT_GEN, max_retries=self.max_retries, repair=P.REPAIR, repair_cut=P.REPAIR_CUT)
        return _verdict(asked, getattr(self.client, "name", ""), self.version, {"retrieved": retrieved})


# ---------------------------------------------------------------- the controller


def decide(has_answer: bool, screen: Mapping[str, Any] | None, validation: Mapping[str, Any] | None) -> tuple[Decision, list[str]]:
    """Accept, reject or send to a human, with the reasons (rules only, no LLM)."""
    if not has_answer:
        return "reject", ["the thread has no physician answer"]
    if screen is None:
        return "human", ["not screened (the screener's request failed); run curate again"]
    if screen.get("status") != "ok":
        return "human", ["the screener's reply could not be read"]
    reasons = [f"screener: {screen.get('reason')}"]
    if not screen["clinical"]:
        return "reject", [*reasons, "not a clinical question"]
    if not screen["verifiable"]:
        return "reject", [*reasons, "the physician's answer gives no advice evidence could check"]
    if validation is None:
        return "human", [*reasons, "not validated (the validator's request failed); run curate again"]
    if validation.get("status") == "no_evidence":
        return "human", [*reasons, "BM25 found no passage in the corpus for this thread"]
    if validation.get("status") != "ok":
        return "human", [*reasons, "the validator's reply could not be read"]
    reasons.append(f"validator: {validation['verdict']}: {validation.get('reason')}")
    if validation["verdict"] == "consistent":
        return "accept", reasons
    if validation["verdict"] == "inconsistent":
        return "reject", [*reasons, "the advice contradicts the evidence"]
    return "human", [*reasons, "the evidence retrieved does not settle it"]


@dataclass(frozen=True)
class CurationResult:
    thread_id: str
    decision: Decision
    reasons: tuple[str, ...]
    screen: dict[str, Any] | None
    validation: dict[str, Any] | None

    def to_dict(self) -> dict[str, Any]:
        return {"thread_id": self.thread_id, "decision": self.decision, "reasons": list(self.reasons),
                "screener": self.screen, "validator": self.validation}


def thread_case(thread: Mapping[str, Any]) -> Case:
    return Case(id=thread["thread_id"], calculator_id=None, calculator_name="", note=thread["question"],
                question=thread.get("title") or "", ground_truth=None, lower=None, upper=None,
                output_type="text",  # type: ignore[arg-type]  # a thread: no calculator output
                category="", entities={}, dataset="curation:threads",
                dataset_version=hashlib.sha256(json.dumps(thread, sort_keys=True).encode()).hexdigest()[:16],
                metadata={"thread": dict(thread)})


def curate(store: Store, threads: Sequence[Mapping[str, Any]], source_sha256: str, screener: Screener,
           validator: Validator | None, *, retry_errors: bool = False) -> list[CurationResult]:
    """Screen and validate every thread not done yet (stored as they finish), then decide all."""
    cases = {t["thread_id"]: thread_case(t) for t in threads}
    answered = [(tid, Outcome(raw=physician_answer(t), answer=None, status="ok"))
                for tid, t in ((t["thread_id"], t) for t in threads) if physician_answer(t)]
    record_imported(store, answered, cases, label="threads", source_sha256=source_sha256)
    store.add_cases(list(cases.values()))
    evaluate(store, screener, retry_errors=retry_errors)
    screens = {e.attempt_key: e.payload for e in store.evaluations(screener.name, screener.version) if e.status == "ok"}
    if validator is not None:
        keep = {k for k, s in screens.items() if s.get("status") == "ok" and s["clinical"] and s["verifiable"]}
        _evaluate_some(store, validator, keep, retry_errors)
    validations = {} if validator is None else {
        e.attempt_key: e.payload for e in store.evaluations(validator.name, validator.version) if e.status == "ok"}
    by_case = {a.case_id: a for a in store.attempts()}
    out = []
    for tid in cases:
        a = by_case.get(tid)
        s = screens.get(a.key) if a else None
        v = validations.get(a.key) if a else None
        decision, reasons = decide(a is not None, s, v)
        out.append(CurationResult(tid, decision, tuple(reasons), s, v))
    return out


def _evaluate_some(store: Store, validator: Validator, keys: set[str], retry_errors: bool) -> None:
    """The validator on the threads the screener kept only (the others need no evidence);
    each verdict committed as it finishes, a failed request stored as `error`."""
    from ..bench.runs.store import now
    from ..bench.types import Evaluation

    cases = store.cases()
    stored = store.evaluation_statuses(validator.name, validator.version)
    for a in store.attempts():
        if a.key not in keys or not (stored.get(a.key) is None or (retry_errors and stored[a.key] == "error")):
            continue
        try:
            payload, status = validator.evaluate(cases[a.case_id], a), "ok"
        except StepRequestFailed as exc:
            payload, status = {"error": str(exc)}, "error"
        store.put_evaluation(Evaluation(a.key, validator.name, validator.version, status, payload, now()),
                             replace_error=retry_errors)


def accepted_cases(threads: Sequence[Mapping[str, Any]], results: Sequence[CurationResult]) -> list[dict[str, Any]]:
    """The accepted threads as LiveMedBench-style cases (without a rubric: `rubrics generate` writes one)."""
    by_id = {t["thread_id"]: t for t in threads}
    out = []
    for r in results:
        if r.decision != "accept":
            continue
        t = by_id[r.thread_id]
        posted = read_time(t.get("posted_at"), "", [])
        out.append({"case_id": r.thread_id, "post_time": None if posted is None else posted.isoformat(),
                    "narrative": t["question"].strip(), "core_request": (t.get("title") or t["question"]).strip(),
                    "physician_advice": physician_answer(t), "themes": [], "rubric": [],
                    "curation": {"reasons": list(r.reasons), "curated_at": dt.datetime.now(dt.UTC).isoformat()}})
    return out
