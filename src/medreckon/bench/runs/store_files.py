"""The run database as files: opening it read-only without side files, the run lock, and what a
failure to write means (a read-only directory or file, a full disk: `StoreNotWritable`, naming
the path, never a traceback; what was committed before is kept)."""

from __future__ import annotations

import errno
import json
import sqlite3
from pathlib import Path
from typing import Any

DB_NAME = "run.sqlite"
SCHEMA_VERSION = 2  # the store schema this medreckon writes (store.py says what changed)


class StoreError(ValueError):
    """A run directory that is missing, not a run, holds a different run, or is in use."""


class StoreNotWritable(StoreError):
    """The run directory or its database cannot be written: a read-only directory or file, or a
    full disk. Nothing committed before is lost; `bench run` resumes once it can write again."""


_WRITE_FAILURES = ("readonly", "read-only", "unable to open", "disk is full", "disk i/o", "no space")


def _write_failure(exc: BaseException) -> bool:
    """Whether an SQLite or OS error means "cannot write here" rather than a damaged database."""
    if isinstance(exc, OSError):
        return exc.errno in (errno.EROFS, errno.ENOSPC, errno.EACCES, errno.EPERM, errno.EDQUOT)
    return any(word in str(exc).lower() for word in _WRITE_FAILURES)


def not_writable(path: Path, exc: BaseException | None = None) -> StoreNotWritable:
    """The error for a store that cannot be written, naming the path, why and what to do."""
    text = str(exc).lower() if exc is not None else ""
    if isinstance(exc, OSError) and exc.errno in (errno.ENOSPC, errno.EDQUOT) or "full" in text or "no space" in text:
        why = "the disk is full"
    else:
        why = "it is read-only (the directory or the file cannot be written)"
    return StoreNotWritable(f"cannot write to {path}: {why}. What was stored before is kept; free space or "
                            "make it writable (or choose another --run-dir), then run the same command again "
                            "to resume. Read commands (report, compare, export, attribute, verify, errors, "
                            "view) read it as it is.")


def _lock_file(handle: Any) -> None:
    """An exclusive, non-blocking lock on an open file; OSError if another process holds it."""
    try:
        import fcntl
    except ImportError:  # pragma: no cover - Windows
        import msvcrt

        msvcrt.locking(handle.fileno(), msvcrt.LK_NBLCK, 1)
        return
    fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)




def _open_read_only(path: Path, run_dir: Path) -> sqlite3.Connection:
    """A connection that writes nothing, not even SQLite's side files. While a `-wal` file is
    there (a writer has the run open, or stopped without a checkpoint) `mode=ro`, which reads
    what the writer committed (taking its read lock in the writer's `-shm` index, as every WAL
    reader must; the database and its log are not touched); where that cannot open (a read-only directory without the WAL
    index, which a reader must otherwise create) `immutable=1`. Without a `-wal` file every
    commit is in the database file itself: `immutable=1` reads it without creating the `-wal`
    and `-shm` files that `mode=ro` would leave behind."""
    from urllib.parse import quote

    uri = "file:" + quote(str(path.resolve()))
    live = path.with_name(path.name + "-wal").exists()
    for flags in ("mode=ro", "mode=ro&immutable=1") if live else ("mode=ro&immutable=1",):
        db = sqlite3.connect(f"{uri}?{flags}", uri=True, timeout=30.0, check_same_thread=False)
        try:
            db.execute("SELECT name FROM sqlite_master LIMIT 1").fetchall()
            has_config = db.execute(
                "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'config'").fetchone()
            stored = db.execute("SELECT value FROM config WHERE key = 'schema_version'").fetchone() \
                if has_config else None
        except sqlite3.DatabaseError as exc:
            db.close()
            if "unable to open" in str(exc) and flags == "mode=ro":
                continue
            raise StoreError(f"{run_dir}: {DB_NAME} cannot be read ({exc}); is it a run "
                             "directory written by medreckon?") from None
        if not has_config or not db.execute(
                "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'attempts'").fetchone():
            tables = sorted(name for (name,) in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'"))
            db.close()
            other = f"an SQLite database of another program (tables: {', '.join(tables[:5])})" if tables else "empty"
            raise StoreError(f"{run_dir}: {DB_NAME} is not a medreckon run store: it is {other}; it was left "
                             "untouched")
        version = json.loads(stored[0]) if stored else None
        if version is not None and version > SCHEMA_VERSION:
            db.close()
            raise StoreError(f"{run_dir} has store schema {version}; this medreckon reads up to "
                             f"{SCHEMA_VERSION} (upgrade medreckon)")
        return db
    raise AssertionError("unreachable")  # pragma: no cover
