"""The patient record store: one schema (`schema.py`) in SQLite, the embedded default, or in
PostgreSQL for users who outgrow it, and the one read path agents get.

    with open_record("scenarios/record.sqlite") as record:      # or a postgresql:// DSN
        result = record.query("SELECT test_name, value FROM lab_results WHERE patient_id = 'P000001'")
        result.columns, result.rows, result.truncated

`open_record` is read-only whatever the caller sends: SQLite is opened with `mode=ro`,
`PRAGMA query_only` and an authorizer that allows reading only; PostgreSQL runs every query in
a READ ONLY transaction (and agents connect as a role that can only SELECT, see `postgres.py`).
Before either database sees it, a query must be one statement that reads (SELECT, WITH or
VALUES): a write, a second statement, or a query past its time limit is refused with a
`QueryError` that says what was wrong and what to send instead. Results are capped in rows and
in characters per cell, and written the same from both databases (times as text, numbers as
floats), so one query gives one answer.

`RecordWriter` creates a record and bulk-loads rows (executemany into SQLite, COPY into
PostgreSQL); indexes are built after the load.
"""

from __future__ import annotations

import datetime as dt
import decimal
import os
import re
import sqlite3
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import quote

from . import schema
from .schema import Dialect

MAX_ROWS = 50
TIMEOUT_S = 5.0
MAX_CELL_CHARS = 2000
_READING = ("select", "with", "values")


class QueryError(ValueError):
    """A query the record refused or could not run; the message is meant for the agent."""


class RecordError(ValueError):
    """A record that cannot be opened or written (missing file, not a record, bad locator)."""


@dataclass
class QueryResult:
    columns: list[str]
    rows: list[list[Any]]
    truncated: bool = False  # more rows matched than were returned
    elapsed_s: float = 0.0
    cut_cells: int = 0  # cells cut at MAX_CELL_CHARS

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"columns": self.columns, "rows": self.rows, "row_count": len(self.rows)}
        if self.truncated:
            out["truncated"] = f"only the first {len(self.rows)} rows are shown; narrow the query or add LIMIT"
        if self.cut_cells:
            out["cut_cells"] = f"{self.cut_cells} long text value(s) cut at {MAX_CELL_CHARS} characters"
        return out


# ---------------------------------------------------------------- the statement guard


def _scan(sql: str) -> tuple[list[str], str]:
    """(statements, the text with comments and literals blanked): split on ';' outside quotes,
    comments and dollar-quoted strings."""
    parts, current, blanked = [], [], []
    i, n = 0, len(sql)
    while i < n:
        ch = sql[i]
        if ch in "'\"":
            end = i + 1
            while end < n:
                if sql[end] == ch:
                    if end + 1 < n and sql[end + 1] == ch:  # '' inside a literal
                        end += 2
                        continue
                    break
                end += 1
            current.append(sql[i:end + 1])
            blanked.append(" ")
            i = end + 1
            continue
        if sql.startswith("--", i):
            end = sql.find("\n", i)
            i = n if end < 0 else end
            blanked.append(" ")
            continue
        if sql.startswith("/*", i):
            end = sql.find("*/", i + 2)
            i = n if end < 0 else end + 2
            blanked.append(" ")
            continue
        dollar = re.match(r"\$[A-Za-z_]*\$", sql[i:])
        if dollar:
            tag = dollar.group(0)
            end = sql.find(tag, i + len(tag))
            stop = n if end < 0 else end + len(tag)
            current.append(sql[i:stop])
            blanked.append(" ")
            i = stop
            continue
        if ch == ";":
            parts.append("".join(current))
            current = []
            blanked.append(";")
            i += 1
            continue
        current.append(ch)
        blanked.append(ch)
        i += 1
    parts.append("".join(current))
    return [p.strip() for p in parts if p.strip()], "".join(blanked)


def check_sql(sql: Any) -> str:
    """The one reading statement `sql` holds (without a trailing ';'); QueryError otherwise."""
    if not isinstance(sql, str) or not sql.strip():
        raise QueryError("query_record needs one SQL SELECT statement as text, e.g. "
                         "SELECT name, value, unit, measured_at FROM vital_signs WHERE patient_id = 'P000001'")
    statements, blanked = _scan(sql)
    if not statements:
        raise QueryError("the query holds only comments; send one SELECT statement")
    if len(statements) > 1:
        raise QueryError(f"one statement at a time: this query holds {len(statements)} statements separated "
                         "by ';'. Send each SELECT in its own call.")
    first = re.match(r"\s*\(*\s*([A-Za-z]+)", blanked)
    word = first.group(1).lower() if first else ""
    if word not in _READING:
        raise QueryError(f"query_record only reads the record: a {word.upper() or 'non-SQL'} statement is refused. "
                         "Send a SELECT (or WITH ... SELECT) statement.")
    return statements[0]


def cell(value: Any) -> Any:
    """A value as both databases return it: times 'YYYY-MM-DD HH:MM:SS', dates ISO, numbers as floats
    (integers stay integers), text as text."""
    if isinstance(value, dt.datetime):
        return value.strftime("%Y-%m-%d %H:%M:%S")
    if isinstance(value, dt.date):
        return value.isoformat()
    if isinstance(value, decimal.Decimal):
        return int(value) if value == value.to_integral_value() and abs(value) < 2 ** 53 else float(value)
    if isinstance(value, bool):
        return value
    if isinstance(value, float) and value.is_integer() and abs(value) < 2 ** 53:
        return value  # kept a float: 7.0 from REAL stays 7.0 in both databases
    if isinstance(value, bytes | bytearray | memoryview):
        return bytes(value).hex()
    return value


def _rows(raw: Sequence[Sequence[Any]], limit: int) -> tuple[list[list[Any]], bool, int]:
    cut = 0
    out = []
    for r in raw[:limit]:
        row = []
        for v in r:
            v = cell(v)
            if isinstance(v, str) and len(v) > MAX_CELL_CHARS:
                v = v[:MAX_CELL_CHARS] + " [cut]"
                cut += 1
            row.append(v)
        out.append(row)
    return out, len(raw) > limit, cut


# ---------------------------------------------------------------- reading


class Record:
    """A read-only connection to a patient record (see the module docstring)."""

    dialect: Dialect
    locator: str

    def query(self, sql: str, *, max_rows: int = MAX_ROWS, timeout_s: float = TIMEOUT_S) -> QueryResult:
        statement = check_sql(sql)
        if max_rows < 1 or timeout_s <= 0:
            raise ValueError("max_rows must be at least 1 and timeout_s positive")
        started = time.perf_counter()
        columns, raw = self._run(statement, max_rows + 1, timeout_s)
        rows, truncated, cut = _rows(raw, max_rows)
        return QueryResult(columns, rows, truncated, round(time.perf_counter() - started, 4), cut)

    def _run(self, statement: str, fetch: int, timeout_s: float) -> tuple[list[str], list[Any]]:
        raise NotImplementedError

    def close(self) -> None:
        raise NotImplementedError

    def __enter__(self) -> Record:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


# sqlite3 authorizer action codes that only read (SELECT, READ, FUNCTION, RECURSIVE)
_SQLITE_READS = {sqlite3.SQLITE_SELECT, sqlite3.SQLITE_READ, sqlite3.SQLITE_FUNCTION, 33}


def _authorize(action: int, *args: Any) -> int:
    return sqlite3.SQLITE_OK if action in _SQLITE_READS else sqlite3.SQLITE_DENY


class SQLiteRecord(Record):
    dialect: Dialect = "sqlite"

    def __init__(self, path: str | os.PathLike[str]):
        self.path = Path(path)
        self.locator = str(self.path)
        if not self.path.is_file():
            raise RecordError(f"no patient record at {self.path}; build one with `medreckon scenarios build --out DIR`")
        try:
            self._db = sqlite3.connect(f"file:{quote(str(self.path.resolve()))}?mode=ro", uri=True,
                                       check_same_thread=False)
            tables = {n for (n,) in self._db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        except sqlite3.DatabaseError as exc:
            raise RecordError(f"{self.path} is not an SQLite patient record ({exc})") from None
        if not {t.name for t in schema.TABLES} <= tables:
            self._db.close()
            raise RecordError(f"{self.path} is not a patient record (tables: {', '.join(sorted(tables)) or 'none'})")
        self._db.execute("PRAGMA query_only = ON")
        self._db.set_authorizer(_authorize)
        self._deadline = float("inf")
        self._db.set_progress_handler(lambda: int(time.monotonic() > self._deadline), 2000)

    def _run(self, statement: str, fetch: int, timeout_s: float) -> tuple[list[str], list[Any]]:
        self._deadline = time.monotonic() + timeout_s
        try:
            cur = self._db.execute(statement)
            raw = cur.fetchmany(fetch)
            columns = [d[0] for d in cur.description or ()]
            cur.close()
        except sqlite3.DatabaseError as exc:
            raise QueryError(_sqlite_message(str(exc), timeout_s)) from None
        except sqlite3.Warning as exc:  # e.g. two statements slipped past the guard
            raise QueryError(f"SQL error: {exc}; send one SELECT statement") from None
        finally:
            self._deadline = float("inf")
        return columns, raw

    def close(self) -> None:
        self._db.close()


def _sqlite_message(message: str, timeout_s: float) -> str:
    if message == "interrupted":
        return (f"the query ran past its {timeout_s:g} s limit and was stopped; narrow it "
                "(WHERE patient_id = ..., a time range) or add LIMIT")
    if "not authorized" in message or "readonly" in message or "query_only" in message:
        return "query_record only reads the record: that statement was refused. Send a SELECT statement."
    return f"SQL error: {message} (SQLite dialect; query_record's description lists the tables and columns)"


def is_postgres(locator: str) -> bool:
    return str(locator).startswith(("postgresql://", "postgres://"))


def open_record(locator: str | os.PathLike[str]) -> Record:
    """A read-only record: an SQLite file, or a PostgreSQL database by its `postgresql://` DSN."""
    if is_postgres(str(locator)):
        from .postgres import PostgresRecord

        return PostgresRecord(str(locator))
    return SQLiteRecord(locator)


# ---------------------------------------------------------------- writing


@dataclass
class RecordWriter:
    """Creates a record and loads rows into it: `add(table, rows)` (tuples in the table's column
    order), then `close()` builds the indexes. An SQLite record is written to a temporary file
    and renamed into place when closed, so a half-written record is never left at `locator`."""

    locator: str
    replace: bool = False
    batch: int = 20_000
    _pending: dict[str, list[tuple[Any, ...]]] = field(default_factory=dict)
    counts: dict[str, int] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self._closed = False
        self.dialect: Dialect = "postgresql" if is_postgres(self.locator) else "sqlite"
        if self.dialect == "postgresql":
            from .postgres import PostgresLoader

            self._sink: Any = PostgresLoader(self.locator, self.replace)
        else:
            self._sink = _SQLiteLoader(Path(self.locator), self.replace)

    def add(self, table: str, rows: Iterable[tuple[Any, ...]]) -> None:
        width = len(schema.BY_NAME[table].columns)
        pending = self._pending.setdefault(table, [])
        for row in rows:
            if len(row) != width:
                raise ValueError(f"{table}: a row has {len(row)} values, the table {width} columns")
            pending.append(row)
        if len(pending) >= self.batch:
            self._flush(table)

    def _flush(self, table: str) -> None:
        rows = self._pending.pop(table, [])
        if rows:
            self._sink.load(table, rows)
            self.counts[table] = self.counts.get(table, 0) + len(rows)

    def close(self) -> dict[str, int]:
        if not self._closed:
            for table in list(self._pending):
                self._flush(table)
            self._sink.finish()
            self._closed = True
        return dict(self.counts)

    def abort(self) -> None:
        if not self._closed:
            self._sink.abort()
            self._closed = True

    def __enter__(self) -> RecordWriter:
        return self

    def __exit__(self, kind: Any, *exc: object) -> None:
        if kind is None:
            self.close()
        else:
            self.abort()


class _SQLiteLoader:
    def __init__(self, path: Path, replace: bool):
        if path.exists() and not replace:
            raise RecordError(f"{path} exists; pass replace=True (--replace) to write a new record over it")
        path.parent.mkdir(parents=True, exist_ok=True)
        self.path, self.tmp = path, path.with_name(f".{path.name}.{os.getpid()}.tmp")
        self.tmp.unlink(missing_ok=True)
        self.db = sqlite3.connect(self.tmp)
        self.db.execute("PRAGMA journal_mode = OFF")
        self.db.execute("PRAGMA synchronous = OFF")
        statements = schema.ddl("sqlite")
        self.indexes = [s for s in statements if s.startswith("CREATE INDEX")]
        for s in statements:
            if not s.startswith("CREATE INDEX"):
                self.db.execute(s)

    def load(self, table: str, rows: list[tuple[Any, ...]]) -> None:
        marks = ", ".join("?" * len(rows[0]))
        with self.db:
            self.db.executemany(f"INSERT INTO {table} VALUES ({marks})", rows)

    def finish(self) -> None:
        for s in self.indexes:
            self.db.execute(s)
        self.db.execute("ANALYZE")
        self.db.commit()
        self.db.close()
        os.replace(self.tmp, self.path)

    def abort(self) -> None:
        self.db.close()
        self.tmp.unlink(missing_ok=True)


__all__ = ["MAX_ROWS", "QueryError", "QueryResult", "Record", "RecordError", "RecordWriter", "SQLiteRecord",
           "TIMEOUT_S", "check_sql", "is_postgres", "open_record"]
