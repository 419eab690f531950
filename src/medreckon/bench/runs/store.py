"""A run directory: `<run_dir>/run.sqlite`, SQLite in WAL mode.

Tables: `config` (the run's settings, one JSON value per key), `cases` (each Case as JSON, so a
run directory alone is enough for report and export), `attempts` (one row per attempt key, the
Outcome as JSON), `evaluations` (one row per attempt key, evaluator and evaluator version, the
payload as JSON). Every attempt and evaluation is committed as it finishes; the keys are unique,
so a resumed run neither loses nor repeats one. Only a row whose status is `error` may be
replaced (`--retry-errors`); replacing an attempt drops the evaluations of the old one.

Schema versions: 1 had no `evaluations`; a version-1 directory is migrated in place when opened
(for writing; `read_only=True` reads it as it is and writes nothing).
"""

from __future__ import annotations

import contextlib
import dataclasses
import datetime as dt
import json
import os
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from ...jsonable import jsonable
from ..trace import CalcTrace
from ..types import Answer, Attempt, Case, Evaluation, Outcome, Usage
from .store_files import (  # noqa: F401 - StoreError, StoreNotWritable, DB_NAME: the store's API
    DB_NAME,
    SCHEMA_VERSION,
    StoreError,
    StoreNotWritable,
    _lock_file,
    _open_read_only,
    _write_failure,
    not_writable,
)

LOCK_NAME = "run.lock"  # held by the process making attempts

_SCHEMA = """
CREATE TABLE IF NOT EXISTS config (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS cases (
    id TEXT PRIMARY KEY, position INTEGER NOT NULL, dataset TEXT NOT NULL,
    dataset_version TEXT NOT NULL, calculator_id INTEGER, body TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS attempts (
    key TEXT PRIMARY KEY, run_id TEXT NOT NULL, case_id TEXT NOT NULL, strategy TEXT NOT NULL,
    strategy_version TEXT NOT NULL, model TEXT NOT NULL, epoch INTEGER NOT NULL,
    status TEXT NOT NULL, created_at TEXT NOT NULL, outcome TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS attempts_case ON attempts (case_id);
CREATE TABLE IF NOT EXISTS evaluations (
    attempt_key TEXT NOT NULL, evaluator TEXT NOT NULL, evaluator_version TEXT NOT NULL,
    status TEXT NOT NULL, created_at TEXT NOT NULL, payload TEXT NOT NULL,
    PRIMARY KEY (attempt_key, evaluator, evaluator_version));
"""


# --- JSON codecs -------------------------------------------------------------------------------

def encode_answer(answer: Answer | None) -> Any:
    """JSON for an Answer: numbers as they are, {"date": ISO}, {"weeks_days": [w, d]},
    {"category": label}."""
    if isinstance(answer, bool):
        raise TypeError(f"an answer cannot be a bool: {answer!r}")
    if answer is None:
        return None
    if isinstance(answer, (int, float)):
        return answer
    if isinstance(answer, dt.date):
        return {"date": answer.isoformat()}
    if isinstance(answer, str):
        return {"category": answer}
    if isinstance(answer, tuple) and len(answer) == 2:
        return {"weeks_days": [int(answer[0]), int(answer[1])]}
    raise TypeError(f"cannot store answer {answer!r} of type {type(answer).__name__}")


def decode_answer(value: Any) -> Answer | None:
    if value is None or isinstance(value, (int, float)):
        return value
    if isinstance(value, dict) and "date" in value:
        return dt.date.fromisoformat(value["date"])
    if isinstance(value, dict) and isinstance(value.get("category"), str):
        return value["category"]
    if isinstance(value, dict) and "weeks_days" in value:
        w, d = value["weeks_days"]
        return (int(w), int(d))
    raise ValueError(f"not a stored answer: {value!r}")



def case_to_json(case: Case) -> str:
    d = {f.name: getattr(case, f.name) for f in dataclasses.fields(case)}
    for k in ("ground_truth", "lower", "upper"):
        d[k] = encode_answer(d[k])
    d["entities"] = jsonable(d["entities"])
    d["metadata"] = jsonable(d["metadata"])
    return json.dumps(d, ensure_ascii=False, sort_keys=True)


def case_from_json(text: str) -> Case:
    d = json.loads(text)
    for k in ("ground_truth", "lower", "upper"):
        d[k] = decode_answer(d[k])
    return Case(**d)


def outcome_to_json(o: Outcome) -> str:
    return json.dumps({
        "raw": o.raw, "answer": encode_answer(o.answer), "status": o.status,
        "explanation": o.explanation, "error": o.error, "trace": jsonable(o.trace),
        "usage": dataclasses.asdict(o.usage), "latency_s": o.latency_s,
        "model_calls": o.model_calls, "calc": None if o.calc is None else o.calc.to_dict(),
    }, ensure_ascii=False)


def outcome_from_json(text: str) -> Outcome:
    """An Outcome as `outcome_to_json` wrote it; one stored before `calc` existed gets its
    CalcTrace from its trace dict."""
    d = json.loads(text)
    answer, trace = decode_answer(d["answer"]), d.get("trace") or {}
    if "calc" in d:
        calc = None if d["calc"] is None else CalcTrace.from_dict(d["calc"])
    else:
        calc = CalcTrace.from_legacy(trace, answer)
    return Outcome(raw=d["raw"], answer=answer, status=d["status"],
                   explanation=d.get("explanation"), error=d.get("error"),
                   trace=trace, usage=Usage(**(d.get("usage") or {})),
                   latency_s=d.get("latency_s", 0.0), model_calls=d.get("model_calls", 0), calc=calc)


# --- the store ---------------------------------------------------------------------------------

class Store:
    """`Store(run_dir)` opens (creating when `create=True`) the run's SQLite database."""

    def __init__(self, run_dir: str | Path, *, create: bool = False, read_only: bool = False):
        self.run_dir = Path(run_dir)
        self.path = self.run_dir / DB_NAME
        self.read_only = read_only
        self._lock: Any = None  # the run lock (`lock()`), held by a writer only
        if not self.path.exists():
            if not create or read_only:
                raise StoreError(f"{self.run_dir} is not a run directory (no {DB_NAME} in it)")
            try:
                self.run_dir.mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                if _write_failure(exc):
                    raise not_writable(self.run_dir, exc) from None
                raise
        if read_only:
            self._db = _open_read_only(self.path, self.run_dir)
            return
        if not os.access(self.run_dir, os.W_OK) or self.path.exists() and not os.access(self.path, os.W_OK):
            raise not_writable(self.path)  # before SQLite says "unable to open" or "damaged"
        # check_same_thread=False: the runner writes from its main thread only, but tests and
        # tools may open a store in one thread and read it in another.
        self._db = sqlite3.connect(self.path, timeout=30.0, check_same_thread=False)
        try:
            self._check_ours()  # before anything writes to the file
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=NORMAL")  # WAL + NORMAL survives a killed process
            self._migrate()
        except sqlite3.OperationalError as exc:
            self._db.close()
            if _write_failure(exc):
                raise not_writable(self.path, exc) from None
            raise StoreError(f"{self.path} is damaged or not an SQLite database ({exc}); it was left "
                             "untouched: move it away, or use another --run-dir") from None
        except sqlite3.DatabaseError as exc:
            self._db.close()
            raise StoreError(f"{self.path} is damaged or not an SQLite database ({exc}); it was left "
                             "untouched: move it away, or use another --run-dir") from None
        except BaseException:
            self._db.close()  # closing rolls back a migration cut short
            raise

    def _check_ours(self) -> None:
        """Refuse, without writing, a file that is not SQLite, is damaged, or is another
        program's database (tables but no medreckon `config`): a run must never overwrite it."""
        tables = {name for (name,) in self._db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        if tables and "config" not in tables or "config" in tables and not self._db.execute(
                "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'config' AND sql LIKE '%key TEXT%'"
        ).fetchone():
            raise StoreError(f"{self.path} is an SQLite database of another program (tables: "
                             f"{', '.join(sorted(tables)[:5])}); it was left untouched: use another --run-dir")
        if tables:
            (verdict,) = self._db.execute("PRAGMA quick_check(1)").fetchone()
            if verdict != "ok":
                raise sqlite3.DatabaseError(f"integrity check: {verdict}")

    def lock(self) -> None:
        """Take the run directory for this process (until `close` or the process ends, even by
        kill -9): a second `bench run` on the same directory gets StoreError instead of making
        the same attempts twice."""
        if self._lock is not None:
            return
        try:
            handle = open(self.run_dir / LOCK_NAME, "a+")  # noqa: SIM115 - held until close()
        except OSError as exc:
            if _write_failure(exc):
                raise not_writable(self.run_dir / LOCK_NAME, exc) from None
            raise
        try:
            _lock_file(handle)
        except OSError:
            handle.seek(0)
            holder = handle.read().strip() or "another process"
            handle.close()
            raise StoreError(f"{self.run_dir} is being run by {holder}; wait for it to finish (or stop it), "
                             "then rerun to resume") from None
        handle.seek(0)
        handle.truncate()
        handle.write(f"process {os.getpid()}\n")
        handle.flush()
        self._lock = handle

    def _migrate(self) -> None:
        """Create the tables of a new run, or add what a run of an older schema lacks (every
        statement in _SCHEMA is idempotent); an up-to-date run is not written to."""
        stored = None  # a new database has no config table yet
        if self._db.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'config'").fetchone():
            row = self._db.execute("SELECT value FROM config WHERE key = 'schema_version'").fetchone()
            stored = json.loads(row[0]) if row else None
        if stored == SCHEMA_VERSION:
            return
        if stored is not None and stored > SCHEMA_VERSION:
            raise StoreError(f"{self.run_dir} has store schema {stored}; this medreckon reads "
                             f"up to {SCHEMA_VERSION} (upgrade medreckon)")
        self._db.executescript(
            f"BEGIN; {_SCHEMA} INSERT OR REPLACE INTO config VALUES ('schema_version', "
            f"'{json.dumps(SCHEMA_VERSION)}'); COMMIT;")

    def has_evaluations(self) -> bool:
        """False for a schema-1 run opened read-only (not migrated: it has no evaluations table)."""
        return self._db.execute(
            "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'evaluations'").fetchone() is not None

    def close(self) -> None:
        self._db.close()
        if self._lock is not None:
            self._lock.close()  # closing the file releases the lock
            self._lock = None

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # config
    def config(self) -> dict[str, Any]:
        return {k: json.loads(v) for k, v in self._db.execute("SELECT key, value FROM config")}

    @contextlib.contextmanager
    def _writing(self) -> Iterator[None]:
        """A transaction; a failure to write (full disk, read-only file) rolls it back and is a
        StoreNotWritable naming the path: what was committed before stays as it was."""
        try:
            with self._db:
                yield
        except sqlite3.OperationalError as exc:
            if _write_failure(exc):
                raise not_writable(self.path, exc) from None
            raise

    def set_config(self, values: dict[str, Any]) -> None:
        with self._writing():
            self._db.executemany("INSERT OR REPLACE INTO config VALUES (?, ?)",
                                 [(k, json.dumps(jsonable(v), sort_keys=True)) for k, v in values.items()])

    # cases
    def add_cases(self, cases: list[Case]) -> int:
        """Insert cases not yet in the run (kept in first-seen order); returns how many were new."""
        (start,) = self._db.execute("SELECT COALESCE(MAX(position) + 1, 0) FROM cases").fetchone()
        with self._writing():
            before = self._db.total_changes
            self._db.executemany(
                "INSERT OR IGNORE INTO cases VALUES (?, ?, ?, ?, ?, ?)",
                [(c.id, start + i, c.dataset, c.dataset_version, c.calculator_id, case_to_json(c))
                 for i, c in enumerate(cases)])
            return self._db.total_changes - before

    def cases(self) -> dict[str, Case]:
        return {cid: case_from_json(body) for cid, body in
                self._db.execute("SELECT id, body FROM cases ORDER BY position")}

    # attempts
    def statuses(self) -> dict[str, str]:
        """attempt key -> status, for deciding what a resumed run still has to do."""
        return dict(self._db.execute("SELECT key, status FROM attempts"))

    def put_attempt(self, attempt: Attempt, *, replace_error: bool = False) -> bool:
        """Commit one attempt. A key already stored is kept (returns False) unless it is an
        `error` attempt and replace_error is set."""
        row = (attempt.key, attempt.run_id, attempt.case_id, attempt.strategy,
               attempt.strategy_version, attempt.model, attempt.epoch, attempt.outcome.status,
               attempt.created_at, outcome_to_json(attempt.outcome))
        with self._writing():
            if replace_error and self._db.execute(
                    "DELETE FROM attempts WHERE key = ? AND status = 'error'", (attempt.key,)).rowcount:
                # its evaluations judged the outcome being replaced
                self._db.execute("DELETE FROM evaluations WHERE attempt_key = ?", (attempt.key,))
            cur = self._db.execute(
                "INSERT OR IGNORE INTO attempts VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", row)
            return cur.rowcount == 1

    def attempts(self) -> list[Attempt]:
        rows = self._db.execute(
            "SELECT a.key, a.run_id, a.case_id, a.strategy, a.strategy_version, a.model, a.epoch,"
            " a.created_at, a.outcome FROM attempts a LEFT JOIN cases c ON c.id = a.case_id"
            " ORDER BY c.position, a.epoch, a.created_at")
        return [Attempt(key=k, run_id=r, case_id=cid, strategy=s, strategy_version=sv, model=m,
                        epoch=e, created_at=t, outcome=outcome_from_json(o))
                for k, r, cid, s, sv, m, e, t, o in rows]

    def counts(self) -> dict[str, int]:
        return dict(self._db.execute("SELECT status, COUNT(*) FROM attempts GROUP BY status"))

    # evaluations
    def evaluation_statuses(self, evaluator: str, version: str) -> dict[str, str]:
        """attempt key -> status of this evaluator version's evaluations, for resuming."""
        return dict(self._db.execute(
            "SELECT attempt_key, status FROM evaluations WHERE evaluator = ? AND evaluator_version = ?",
            (evaluator, version)))

    def put_evaluation(self, evaluation: Evaluation, *, replace_error: bool = False) -> bool:
        """Commit one evaluation. A key already stored is kept (returns False) unless it is an
        `error` evaluation and replace_error is set."""
        key = (evaluation.attempt_key, evaluation.evaluator, evaluation.evaluator_version)
        with self._writing():
            if replace_error:
                self._db.execute(
                    "DELETE FROM evaluations WHERE attempt_key = ? AND evaluator = ? AND "
                    "evaluator_version = ? AND status = 'error'", key)
            cur = self._db.execute(
                "INSERT OR IGNORE INTO evaluations VALUES (?, ?, ?, ?, ?, ?)",
                (*key, evaluation.status, evaluation.created_at,
                 json.dumps(jsonable(evaluation.payload), ensure_ascii=False, sort_keys=True)))
            return cur.rowcount == 1

    def evaluations(self, evaluator: str | None = None, version: str | None = None) -> list[Evaluation]:
        """Stored evaluations (of one evaluator, and one version of it, when named), in the
        order of their attempts."""
        if self.read_only and not self.has_evaluations():
            return []
        rows = self._db.execute(
            "SELECT e.attempt_key, e.evaluator, e.evaluator_version, e.status, e.payload, e.created_at"
            " FROM evaluations e LEFT JOIN attempts a ON a.key = e.attempt_key"
            " LEFT JOIN cases c ON c.id = a.case_id"
            " WHERE (?1 IS NULL OR e.evaluator = ?1) AND (?2 IS NULL OR e.evaluator_version = ?2)"
            " ORDER BY c.position, a.epoch, a.created_at, e.evaluator, e.evaluator_version",
            (evaluator, version))
        return [Evaluation(attempt_key=k, evaluator=n, evaluator_version=v, status=st,
                           payload=json.loads(body), created_at=t)
                for k, n, v, st, body, t in rows]


def now() -> str:
    """The time stamp of attempts and evaluations: UTC, ISO 8601, milliseconds."""
    return dt.datetime.now(dt.UTC).isoformat(timespec="milliseconds")
