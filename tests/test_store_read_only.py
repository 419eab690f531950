"""`Store(run_dir, read_only=True)`: what the viewer opens runs with. It writes nothing (no
migration, no SQLite side files), sees what a live writer has committed, and refuses to write."""

from __future__ import annotations

import sqlite3

import pytest

from medreckon.bench.runs.store import Store, StoreError, StoreNotWritable
from viewer_runs import make_run, make_runs


def files(d):
    return {p.name: p.stat().st_mtime_ns for p in d.iterdir()}


def test_a_closed_run_is_read_without_creating_side_files(tmp_path):
    run, _ = make_runs(tmp_path, n=2)
    before = files(run)
    with Store(run, read_only=True) as store:
        assert len(store.attempts()) == 2 and store.config()["strategy"] == "extract"
        with pytest.raises(StoreNotWritable, match="cannot write to .*run.sqlite: it is read-only"):
            store.set_config({"x": 1})
    assert files(run) == before


def test_a_run_being_written_is_read_up_to_its_last_commit(tmp_path):
    from viewer_runs import _extract_reply, cases

    run = make_run(tmp_path / "live", "extract:configuration=plain", cases(2), _extract_reply)
    writer = Store(run)  # open, as a running `bench run` holds it: its -wal file exists
    try:
        writer.set_config({"note": "written while the viewer reads"})
        with Store(run, read_only=True) as reader:
            assert reader.config()["note"] == "written while the viewer reads"
            assert len(reader.attempts()) == 2
    finally:
        writer.close()


def test_a_newer_schema_is_refused_by_name(tmp_path):
    run, _ = make_runs(tmp_path, n=1)
    db = sqlite3.connect(run / "run.sqlite")
    db.execute("UPDATE config SET value = '99' WHERE key = 'schema_version'")
    db.commit()
    db.close()
    with pytest.raises(StoreError, match="store schema 99; this medreckon reads up to"):
        Store(run, read_only=True)


def test_a_database_that_is_not_a_run_store_is_refused(tmp_path):
    (tmp_path / "other").mkdir()
    sqlite3.connect(tmp_path / "other" / "run.sqlite").execute("CREATE TABLE t (x)").connection.close()
    with pytest.raises(StoreError, match="not a medreckon run store"):
        Store(tmp_path / "other", read_only=True)
    with pytest.raises(StoreError, match="is not a run directory"):
        Store(tmp_path / "nothing", read_only=True, create=True)
