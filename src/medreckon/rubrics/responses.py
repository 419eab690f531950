"""Responses to a rubric set, stored as the bench stores attempts, so grading reads them from
a run directory and a killed run resumes.

A rubric example is stored as a bench `Case` (the conversation as its note, the example itself
in its metadata, its fingerprint as the dataset version) and a response as an `Attempt` of the
``respond`` step. Responses are made by any model string (`respond`), with the conversation
sent as written (no system prompt, as HealthBench does), or imported from a JSONL file of
``{"prompt_id", "completion"}`` (`import_responses`; ``case_id`` and ``response`` are read too).
A run directory holds the responses of one model or one imported file; its configuration is
pinned like a bench run's.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from ..bench.runs.runner import attempt_key, prepare, record_imported
from ..bench.runs.store import Store, StoreError, now
from ..bench.types import Attempt, Case, ModelClient, ModelError, Outcome
from .formats import Issue, RubricExample, RubricFormatError, file_sha256, json_lines, prompt_text
from .prompts import RESPOND_VERSION

DEFAULT_GEN: dict[str, Any] = {"temperature": 0.0, "max_tokens": 512, "seed": 0}


class Responder:
    """The response step, named and versioned as a bench strategy is (its attempt keys)."""

    name = "respond"
    version = RESPOND_VERSION


def example_case(example: RubricExample) -> Case:
    last = next(m["content"] for m in reversed(example.messages) if m["role"] == "user")
    return Case(id=example.id, calculator_id=None, calculator_name="", note=prompt_text(example),
                question=last, ground_truth=None, lower=None, upper=None,
                output_type="text",  # type: ignore[arg-type]  # free text: no calculator output
                category=example.themes[0] if example.themes else "",
                entities={}, dataset=f"rubrics:{example.source}", dataset_version=example.fingerprint(),
                metadata={"rubric_example": example.to_dict()})


def example_of(case: Case) -> RubricExample:
    return RubricExample.from_dict(case.metadata["rubric_example"])


def stored_examples(store: Store) -> dict[str, RubricExample]:
    return {cid: example_of(c) for cid, c in store.cases().items() if "rubric_example" in c.metadata}


def add_examples(store: Store, examples: Sequence[RubricExample]) -> None:
    """Store the examples as cases; an example stored before with other content is an error
    (its responses and grades belong to that content)."""
    stored = store.cases()
    changed = [e.id for e in examples if e.id in stored and stored[e.id].dataset_version != e.fingerprint()]
    if changed:
        raise StoreError(f"{store.run_dir} holds other versions of {len(changed)} example(s) "
                         f"({', '.join(changed[:5])}); use another --run-dir for the edited rubric file")
    store.add_cases([example_case(e) for e in examples])


def respond_one(example: RubricExample, client: ModelClient, gen: Mapping[str, Any]) -> Outcome:
    try:
        c = client.chat([dict(m) for m in example.messages], **gen)
    except ModelError as exc:
        return Outcome(raw="", answer=None, status="error", error=str(exc), model_calls=1)
    status = "truncated" if c.finish_reason == "length" else "ok"
    if not c.text.strip():
        status = "error"
    return Outcome(raw=c.text, answer=None, status=status, usage=c.usage, latency_s=c.latency_s,
                   model_calls=1, error=None if c.text.strip() else "the model replied with no text",
                   trace={"finish_reason": c.finish_reason})


def respond(store: Store, examples: Sequence[RubricExample], client: ModelClient, model: str, *,
            gen: Mapping[str, Any] | None = None, limit: int | None = None,
            on_progress: Callable[[int, int, Attempt], None] | None = None) -> list[Attempt]:
    """Answer every example that has no stored response of this model yet (at most `limit`);
    each response is committed as it finishes. Returns the attempts made."""
    gen = {**DEFAULT_GEN, **(gen or {})}
    responder = Responder()
    run_id = prepare(store, {"model": model, "strategy": responder.name, "strategy_version": responder.version,
                             "gen": gen, "epochs": 1}, client.info)
    add_examples(store, examples)
    done = store.statuses()
    todo = []
    for e in examples:
        key = attempt_key(example_case(e), responder, model, gen, 0)
        if done.get(key) in (None, "error"):
            todo.append((e, key))
    todo = todo if limit is None else todo[:limit]
    made = []
    for i, (e, key) in enumerate(todo, 1):
        outcome = respond_one(e, client, gen)
        attempt = Attempt(key=key, run_id=run_id, case_id=e.id, strategy=responder.name,
                          strategy_version=responder.version, model=model, epoch=0, outcome=outcome,
                          created_at=now())
        store.put_attempt(attempt, replace_error=True)
        made.append(attempt)
        if on_progress:
            on_progress(i, len(todo), attempt)
    return made


def read_responses(path: str | Path) -> list[tuple[str, str]]:
    """(prompt id, completion) rows of a JSONL file; RubricFormatError naming each bad line."""
    p = Path(path)
    rows, issues = [], []
    for where, obj in json_lines(p, issues):
        pid = obj.get("prompt_id", obj.get("case_id")) if isinstance(obj, dict) else None
        text = obj.get("completion", obj.get("response")) if isinstance(obj, dict) else None
        if not isinstance(pid, str) or not pid:
            issues.append(Issue(where, "prompt_id", pid, "the id of a prompt in the rubric file"))
        if not isinstance(text, str) or not text.strip():
            issues.append(Issue(where, "completion", text, "the response text, non-empty"))
        if not issues or issues[-1].where != where:
            rows.append((pid, text))
    if issues:
        raise RubricFormatError(issues, p)
    return rows


def import_responses(store: Store, examples: Sequence[RubricExample], path: str | Path) -> int:
    """Store the file's responses as attempts of an ``imported`` run; returns how many were new."""
    rows = read_responses(path)
    known = {e.id for e in examples}
    unknown = sorted({pid for pid, _ in rows if pid not in known})
    if unknown:
        raise RubricFormatError([Issue(Path(path).name, "prompt_id", u, "an id of the rubric file",
                                       "check that the responses belong to this rubric set") for u in unknown], path)
    dupes = sorted({pid for pid, _ in rows if sum(p == pid for p, _ in rows) > 1})
    if dupes:
        raise RubricFormatError([Issue(Path(path).name, "prompt_id", d, "one response per prompt")
                                 for d in dupes], path)
    add_examples(store, examples)
    cases = store.cases()
    pairs = [(pid, Outcome(raw=text, answer=None, status="ok")) for pid, text in rows]
    return record_imported(store, pairs, cases, label=f"imported:{Path(path).name}",
                           source_sha256=file_sha256(path))


def responses(store: Store, ids: Iterable[str] | None = None) -> list[Attempt]:
    """The stored responses (of the given example ids), in the examples' order."""
    wanted = None if ids is None else set(ids)
    return [a for a in store.attempts() if wanted is None or a.case_id in wanted]


__all__ = ["DEFAULT_GEN", "Responder", "add_examples", "example_case", "example_of",
           "import_responses", "read_responses", "respond", "responses", "stored_examples"]
