"""The bench under faults, with real processes: an OpenAI-compatible server (a real HTTP server
process replying with canned completions, tests/hostile/fake_openai_server.py) killed with
SIGKILL mid-run and restarted; two `bench run` processes on one run directory; damaged and
foreign SQLite files where a run directory's database should be."""

from __future__ import annotations

import hashlib
import os
import signal
import socket
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from medreckon.bench.runs.store import Store, StoreError

SERVER = Path(__file__).with_name("fake_openai_server.py")
N = 6  # cases in the fault runs

# declared, so no probe requests go to the canned server (issue 31) and the request counts hold
CAPABILITIES = "structured=json_schema,tools=true,logprobs=false"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _start_model_server(port: int, delay_s: float) -> subprocess.Popen:
    proc = subprocess.Popen([sys.executable, str(SERVER), str(port), str(delay_s)], stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, text=True)
    assert proc.stdout is not None and proc.stdout.readline().strip() == "ready"
    return proc


def _attempts(run_dir: Path) -> list[tuple[str, str, str, str]]:
    try:
        db = sqlite3.connect(f"file:{run_dir / 'run.sqlite'}?mode=ro", uri=True)
    except sqlite3.OperationalError:
        return []
    try:
        return db.execute("SELECT key, case_id, status, outcome FROM attempts ORDER BY created_at").fetchall()
    except sqlite3.OperationalError:  # tables not created yet
        return []
    finally:
        db.close()


@pytest.fixture(scope="module")
def data_available():
    from medreckon.bench.datasets import DatasetNotFound, load_cases

    try:
        load_cases("medcalc-bench", subset="medrac_clean_940", calculators="61", per_calculator=1)
    except DatasetNotFound as exc:
        pytest.skip(f"MedCalc-Bench data not found: {exc}")


def _bench_args(run_dir: Path, *extra: str) -> list[str]:
    return [sys.executable, "-m", "medreckon.cli", "bench", "run", "--model", "openai-api/fake/canned",
            "--strategy", "direct", "--calculators", "61", "--per-calculator", str(N), "--concurrency", "1",
            "--timeout", "2", "--max-retries", "1", "--run-dir", str(run_dir), "--quiet", *extra]


def _wait_for(predicate, seconds: float, proc: subprocess.Popen | None = None, what: str = "") -> None:
    deadline = time.monotonic() + seconds
    while not predicate():
        assert proc is None or proc.poll() is None, f"the run ended before {what}"
        assert time.monotonic() < deadline, f"not within {seconds} s: {what}"
        time.sleep(0.05)


def test_model_server_killed_mid_run_then_retry_errors_completes(data_available, tmp_path):
    port = _free_port()
    env = {**os.environ, "FAKE_BASE_URL": f"http://127.0.0.1:{port}/v1", "FAKE_CAPABILITIES": CAPABILITIES}
    run_dir = tmp_path / "run"
    model = _start_model_server(port, 0.3)
    try:
        run = subprocess.Popen(_bench_args(run_dir), env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               text=True)
        _wait_for(lambda: len(_attempts(run_dir)) >= 2, 60, run, "two attempts were stored")
    finally:
        model.send_signal(signal.SIGKILL)
        model.wait()
    start = time.monotonic()
    out, err = run.communicate(timeout=60)  # no hang: every later attempt fails within its bounds
    assert run.returncode == 0, err
    assert time.monotonic() - start < 45
    first = _attempts(run_dir)
    assert len(first) == N and len({k for k, *_ in first}) == N
    errors = [row for row in first if row[2] == "error"]
    assert errors and len(errors) <= N - 2
    assert all("fake/canned" in o or "connect" in o.lower() for *_, o in errors)

    model = _start_model_server(port, 0.0)
    try:
        retry = subprocess.run(_bench_args(run_dir, "--retry-errors"), env=env, capture_output=True, text=True,
                               timeout=120)
    finally:
        model.kill()
        model.wait()
    assert retry.returncode == 0, retry.stderr
    assert f"{len(errors)} attempts made, {N - len(errors)} already stored" in retry.stdout
    final = _attempts(run_dir)
    assert len(final) == N and len({k for k, *_ in final}) == N and len({c for _, c, *_ in final}) == N
    assert not [row for row in final if row[2] == "error"]
    kept = {row for row in first if row[2] != "error"}
    assert kept <= set(final)  # what succeeded before the kill is untouched


def test_a_second_run_on_the_same_directory_is_refused_and_nothing_is_repeated(data_available, tmp_path):
    port = _free_port()
    env = {**os.environ, "FAKE_BASE_URL": f"http://127.0.0.1:{port}/v1", "FAKE_CAPABILITIES": CAPABILITIES}
    run_dir = tmp_path / "run"
    model = _start_model_server(port, 0.5)
    try:
        first = subprocess.Popen(_bench_args(run_dir), env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                 text=True)
        _wait_for(lambda: len(_attempts(run_dir)) >= 1, 120, first, "an attempt was stored")
        # the first run paused mid-run holds its lock however long the second takes to start on a busy machine
        first.send_signal(signal.SIGSTOP)
        try:
            second = subprocess.run(_bench_args(run_dir), env=env, capture_output=True, text=True, timeout=300)
        finally:
            first.send_signal(signal.SIGCONT)
        assert second.returncode == 2
        assert "is being run by process" in second.stderr and "Traceback" not in second.stderr
        out, err = first.communicate(timeout=300)
        assert first.returncode == 0, err
        again = subprocess.run(_bench_args(run_dir), env=env, capture_output=True, text=True, timeout=300)
    finally:
        model.kill()
        model.wait()
    assert again.returncode == 0 and f"0 attempts made, {N} already stored" in again.stdout
    rows = _attempts(run_dir)
    assert len(rows) == N and len({c for _, c, *_ in rows}) == N


def test_the_lock_goes_with_the_process_even_on_sigkill(tmp_path):
    code = ("import sys, time; from medreckon.bench.runs.store import Store; "
            "s = Store(sys.argv[1], create=True); s.lock(); print('locked', flush=True); time.sleep(60)")
    holder = subprocess.Popen([sys.executable, "-c", code, str(tmp_path)], stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "locked"
        with Store(tmp_path) as store, pytest.raises(StoreError, match=f"process {holder.pid}"):
            store.lock()
    finally:
        holder.send_signal(signal.SIGKILL)
        holder.wait()
    with Store(tmp_path) as store:
        store.lock()  # free again


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_a_file_that_is_not_sqlite_is_refused_and_left_untouched(tmp_path):
    db = tmp_path / "run.sqlite"
    db.write_bytes(b"this is a spreadsheet, not a database\n" * 200)
    before = _digest(db)
    with pytest.raises(StoreError, match="damaged or not an SQLite database"):
        Store(tmp_path, create=True)
    assert _digest(db) == before and sorted(p.name for p in tmp_path.iterdir()) == ["run.sqlite"]


def test_another_programs_database_is_refused_and_left_untouched(tmp_path):
    db = tmp_path / "run.sqlite"
    con = sqlite3.connect(db)
    con.execute("CREATE TABLE patients (id INTEGER PRIMARY KEY, name TEXT)")
    con.execute("INSERT INTO patients (name) VALUES ('someone')")
    con.commit()
    con.close()
    before = _digest(db)
    with pytest.raises(StoreError, match="another program.*patients"):
        Store(tmp_path, create=True)
    assert _digest(db) == before
    out = subprocess.run([sys.executable, "-m", "medreckon.cli", "bench", "report", str(tmp_path)],
                         capture_output=True, text=True, timeout=120)
    assert out.returncode != 0 and "another program" in out.stderr and "Traceback" not in out.stderr
    assert _digest(db) == before


def test_a_damaged_run_database_is_refused_and_left_untouched(tmp_path):
    with Store(tmp_path, create=True) as store:
        store.set_config({"note": "x" * 20000})  # a few pages
    db = tmp_path / "run.sqlite"
    data = bytearray(db.read_bytes())
    data[len(data) // 2: len(data) // 2 + 512] = b"\xff" * 512  # a page overwritten mid-file
    db.write_bytes(bytes(data))
    for extra in tmp_path.glob("run.sqlite-*"):
        extra.unlink()
    before = _digest(db)
    with pytest.raises(StoreError, match="damaged or not an SQLite database"):
        Store(tmp_path)
    assert _digest(db) == before


# ---------------------------------------------------------------- read-only run directories, full disks


def _in_read_only(path: Path, *command: str) -> subprocess.CompletedProcess:
    """Run `command` with `path` read-only: for root, in a mount namespace where `path` is bound
    read-only (root writes through permission bits); for anyone else, with its write bits off."""
    if os.geteuid() != 0:
        modes = {p: p.stat().st_mode for p in [path, *path.rglob("*")]}
        for p in modes:
            p.chmod(modes[p] & ~0o222)
        try:
            return subprocess.run(command, capture_output=True, text=True, timeout=300)
        finally:
            for p, mode in modes.items():
                p.chmod(mode)
    script = 'mount --bind "$1" "$1" && mount -o remount,bind,ro "$1" && shift && exec "$@"'
    probe = subprocess.run(["unshare", "-m", "sh", "-c", script, "sh", str(path), "true"], capture_output=True)
    if probe.returncode != 0:
        pytest.skip(f"no mount namespace to make {path} read-only: {probe.stderr.decode()[:200]}")
    return subprocess.run(["unshare", "-m", "sh", "-c", script, "sh", str(path), *command],
                          capture_output=True, text=True, timeout=300)


def _scripted_runs(root: Path) -> tuple[Path, Path]:
    sys.path.insert(0, str(Path(__file__).parents[1]))
    from viewer_runs import make_runs

    return make_runs(root, n=4)


def test_read_commands_read_a_read_only_run_and_write_nothing(tmp_path):
    """Issue 29: `bench report` could not read a finished read-only run (it stores step verdicts).
    Every read command opens it read-only; report and verify compute the verdicts in memory."""
    extract, direct = _scripted_runs(tmp_path)
    before = {p: _digest(p) for p in tmp_path.rglob("*") if p.is_file()}
    cli = [sys.executable, "-m", "medreckon.cli", "bench"]
    out_file = tmp_path.parent / f"{tmp_path.name}-export.jsonl"
    for command in (["report", str(extract)], ["verify", str(extract)], ["errors", str(extract)],
                    ["attribute", str(extract)], ["compare", str(extract), str(direct)],
                    ["export", str(extract), "--out", str(out_file)]):
        out = _in_read_only(tmp_path, *cli, *command)
        assert out.returncode == 0, (command, out.stderr)
        assert "Traceback" not in out.stderr
    report = _in_read_only(tmp_path, *cli, "report", str(extract))
    assert "all four right" in report.stdout and "computed in memory, not stored" in report.stderr
    default = _in_read_only(tmp_path, *cli, "export", str(extract))  # into the run directory itself
    assert default.returncode == 2 and f"cannot write {extract}" in default.stderr and "--out" in default.stderr
    assert {p: _digest(p) for p in tmp_path.rglob("*") if p.is_file()} == before


def test_bench_run_into_a_read_only_directory_names_the_path(data_available, tmp_path, monkeypatch):
    monkeypatch.setenv("FAKE_BASE_URL", f"http://127.0.0.1:{_free_port()}/v1")  # never reached: the store fails first
    monkeypatch.setenv("FAKE_CAPABILITIES", CAPABILITIES)
    run_dir = tmp_path / "run"
    run_dir.mkdir()
    out = _in_read_only(tmp_path, *_bench_args(run_dir))
    assert out.returncode == 2 and "Traceback" not in out.stderr
    assert f"cannot write to {run_dir}" in out.stderr and "read-only" in out.stderr
    assert not list(run_dir.iterdir())


def test_a_full_disk_mid_run_stops_with_the_path_and_loses_nothing(tmp_path):
    """SQLite's "database or disk is full", made by capping the database's pages: the run stops
    with StoreNotWritable naming the file, every attempt committed before is kept, and the same
    run afterwards makes exactly the missing ones."""
    sys.path.insert(0, str(Path(__file__).parents[1]))
    from medreckon.bench.runs import runner
    from medreckon.bench.runs.store import StoreNotWritable
    from medreckon.bench.strategies import get_strategy
    from scripted import Scripted
    from viewer_runs import _extract_reply, cases

    the_cases = cases(40)
    settings = runner.RunSettings(model="scripted", strategy="extract:configuration=plain", gen={"seed": 0})
    with Store(tmp_path, create=True) as store:
        store.add_cases(the_cases)
        (pages,) = store._db.execute("PRAGMA page_count").fetchone()
        store._db.execute(f"PRAGMA max_page_count = {pages + 3}")  # the disk fills a few attempts in
        with pytest.raises(StoreNotWritable, match=rf"cannot write to {tmp_path}/run.sqlite: the disk is full"):
            runner.run(store, the_cases, get_strategy("extract:configuration=plain"), Scripted(_extract_reply, name="scripted"),
                       settings)
    with Store(tmp_path) as store:
        kept = store.statuses()
    assert 0 < len(kept) < 40
    with Store(tmp_path) as store:  # space again: the same run resumes
        runner.run(store, the_cases, get_strategy("extract:configuration=plain"), Scripted(_extract_reply, name="scripted"),
                       settings)
        final = store.statuses()
    assert len(final) == 40 and kept.items() <= final.items()
