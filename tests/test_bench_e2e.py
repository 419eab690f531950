"""End to end with the real embedded model (Qwen2.5-Coder-1.5B, in process and behind
`python -m llama_cpp.server` on loopback) on real MedCalc-Bench cases, through the CLI; the LLM
judge (analysis/judge.py) through that server; and a run killed with SIGKILL midway that resumes
without losing or repeating an attempt (its model a slow scripted endpoint on loopback: the
store is what is tested there, not the model).

Kept small: template-note calculators (target weight 61, steroid conversion 24, gestational age
69) whose notes are one or two sentences, strategy `direct`, max_tokens 24-32. Their timeouts are
scaled to the work (`pace.model_seconds`), so a busy machine slows them without failing them.
Skipped where the `embedded` extra is not installed, except under CI, which must run them.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import sqlite3
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path

import pytest

from pace import model_seconds

STATUSES = {"ok", "unparsed", "truncated", "refused", "error"}


def cli(*args: str, env: dict | None = None, timeout: float = 600) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "medreckon.cli", *args], capture_output=True,
                          text=True, timeout=timeout, env={**os.environ, **(env or {})})


def attempts(run_dir: Path) -> list[tuple]:
    db = sqlite3.connect(f"file:{run_dir / 'run.sqlite'}?mode=ro", uri=True)
    try:
        return db.execute("SELECT key, case_id, status, created_at, outcome FROM attempts "
                          "ORDER BY created_at").fetchall()
    finally:
        db.close()


def test_embedded_model_through_the_cli(embedded_model_path, tmp_path):
    run_dir = tmp_path / "run"
    args = ["bench", "run", "--model", "embedded", "--strategy", "direct",
            "--calculators", "61,24,69", "--per-calculator", "1", "--max-tokens", "32",
            "--timeout", f"{model_seconds(32):.0f}", "--run-dir", str(run_dir)]
    r = cli(*args, timeout=model_seconds(32, requests=3, load=True))
    assert r.returncode == 0, r.stderr
    assert "3 attempts made, 0 already stored" in r.stdout
    rows = attempts(run_dir)
    assert len(rows) == 3 and {s for _, _, s, _, _ in rows} <= STATUSES
    outcomes = [json.loads(o) for *_, o in rows]
    assert all(o["raw"] and o["usage"]["prompt_tokens"] > 0 for o in outcomes)
    # the prompt asks for JSON; the model follows it on these one-line notes
    assert sum(o["status"] == "ok" for o in outcomes) >= 2, [o["raw"] for o in outcomes]

    report = cli("bench", "report", str(run_dir))
    assert report.returncode == 0, report.stderr
    assert "Target weight" in report.stdout and "model embedded" in report.stdout
    export = cli("bench", "export", str(run_dir), "--out", str(tmp_path / "out.jsonl"))
    assert export.returncode == 0, export.stderr
    lines = (tmp_path / "out.jsonl").read_text().splitlines()
    assert len(lines) == 3 and all("LLM Answer" in json.loads(x) for x in lines)
    again = cli(*args)
    assert "0 attempts made, 3 already stored" in again.stdout


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextlib.contextmanager
def llama_server(model_path: Path, tmp_path: Path, extra_args: tuple[str, ...] = ()):
    """`python -m llama_cpp.server` on the model, on a free loopback port; yields its base URL
    once it answers, and stops it afterwards."""
    pytest.importorskip("llama_cpp.server.app", reason="llama-cpp-python[server] is not installed")
    port = free_port()
    log = (tmp_path / "server.log").open("w")
    server = subprocess.Popen(
        [sys.executable, "-m", "llama_cpp.server", "--model", str(model_path), "--host", "127.0.0.1",
         "--port", str(port), "--n_ctx", "2048", "--model_alias", "embedded", *extra_args],
        stdout=log, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}/v1"
    try:
        deadline = time.monotonic() + model_seconds(0, prompt_tokens=0, load=True) + 120
        while True:
            assert server.poll() is None, (tmp_path / "server.log").read_text()[-2000:]
            try:
                with urllib.request.urlopen(f"{base}/models", timeout=2) as resp:
                    if resp.status == 200:
                        break
            except OSError:
                pass
            assert time.monotonic() < deadline, "llama_cpp.server did not start in time"
            time.sleep(0.5)
        yield base
    finally:
        server.send_signal(signal.SIGTERM)
        try:
            server.wait(timeout=15)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
        log.close()


def test_embedded_model_behind_a_local_openai_compatible_server(embedded_model_path, tmp_path):
    with llama_server(embedded_model_path, tmp_path) as base:
        run_dir = tmp_path / "run"
        r = cli("bench", "run", "--model", "openai-api/llamaserver/embedded", "--strategy", "direct",
                "--calculators", "61", "--limit", "2", "--max-tokens", "24", "--concurrency", "2",
                "--timeout", f"{model_seconds(24, requests=2):.0f}", "--run-dir", str(run_dir),
                env={"LLAMASERVER_BASE_URL": base}, timeout=model_seconds(24, requests=2, load=True))
        assert r.returncode == 0, r.stderr
        assert "2 attempts made" in r.stdout
        outcomes = [json.loads(o) for *_, o in attempts(run_dir)]
        assert len(outcomes) == 2
        assert all(o["status"] == "ok" for o in outcomes), [(o["raw"], o["error"]) for o in outcomes]
        assert all(o["usage"]["completion_tokens"] > 0 for o in outcomes)


@pytest.mark.embedded
def test_judge_through_a_local_openai_compatible_server(embedded_model_path, tmp_path, monkeypatch):
    """The LLM judge (analysis/judge.py) through `openai-api/...` to llama_cpp.server: a real
    HTTP round trip with the verdict schema as response_format, on one short real case."""
    from medreckon.bench.analysis.judge import Judge
    from medreckon.bench.analysis.verdicts import STEPS
    from medreckon.bench.datasets import DatasetNotFound, load_cases
    from medreckon.bench.models import connect
    from medreckon.bench.types import Outcome

    try:
        (case,) = load_cases("medcalc-bench", subset="medrac_clean_940", calculators=["61"],
                             per_calculator=1)
    except DatasetNotFound:
        pytest.skip("MedCalc-Bench data not found")
    attempt = Outcome(raw='{"step_by_step_thinking": "target weight = BMI x height^2", "answer": 50}',
                      answer=50.0, status="ok")
    with llama_server(embedded_model_path, tmp_path) as base:
        monkeypatch.setenv("LLAMASERVER_BASE_URL", base)
        client = connect("openai-api/llamaserver/embedded", timeout=model_seconds(300), max_retries=1)
        # llama-cpp-python's server refuses a json_schema response_format (a 500 with a
        # validation error); it takes llama.cpp's json_object + schema form
        judge = Judge(client, max_retries=1, gen={"max_tokens": 300}, response_format="json_object")
        result = judge.run(case, attempt)
    assert result.model == "openai-api/llamaserver/embedded" and result.requests >= 1
    v = result.verdicts
    assert v.source == "judge" and v.status in ("ok", "judge_error")
    if v.status == "ok":
        assert set(v.steps) == set(STEPS) and isinstance(v.steps["answer"], bool)
    else:  # junk from a 1.5B model is possible; a failed request is not
        assert result.failure == "unusable_reply", result.error
    print(result.to_dict())


@contextlib.contextmanager
def slow_endpoint(delay_s: float):
    """A chat-completions endpoint on loopback that answers `{"answer": 50}` after `delay_s`;
    yields its base URL."""
    from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *args):
            pass

        def do_POST(self):
            body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
            time.sleep(delay_s)
            data = json.dumps({
                "id": "x", "object": "chat.completion", "created": 0, "model": body["model"],
                "choices": [{"index": 0, "finish_reason": "stop",
                             "message": {"role": "assistant", "content": '{"answer": 50}'}}],
                "usage": {"prompt_tokens": 50, "completion_tokens": 6, "total_tokens": 56},
            }).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

    httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{httpd.server_port}/v1"
    finally:
        httpd.shutdown()
        httpd.server_close()


def test_sigkill_midway_then_resume_loses_and_repeats_nothing(tmp_path, medcalc_cases):
    medcalc_cases("61")  # skips without the data
    run_dir = tmp_path / "run"
    n = 8
    args = ["bench", "run", "--model", "openai-api/slow/m", "--strategy", "direct",
            "--calculators", "61", "--per-calculator", str(n), "--concurrency", "1",
            "--max-retries", "0", "--run-dir", str(run_dir)]
    with slow_endpoint(0.5) as base:
        env = {**os.environ, "SLOW_BASE_URL": base}
        proc = subprocess.Popen([sys.executable, "-m", "medreckon.cli", *args], env=env,
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            deadline = time.monotonic() + 300  # starting Python and loading the cases, busy
            while True:
                if (run_dir / "run.sqlite").exists():
                    try:
                        if len(attempts(run_dir)) >= 2:
                            break
                    except sqlite3.OperationalError:  # tables not created yet
                        pass
                assert proc.poll() is None, "the run ended before it could be killed"
                assert time.monotonic() < deadline, "no attempts stored within 300 s"
                time.sleep(0.05)
            os.kill(proc.pid, signal.SIGKILL)
        finally:
            if proc.poll() is None:
                proc.kill()
            proc.wait()
        assert proc.returncode == -signal.SIGKILL
        before = attempts(run_dir)
        k = len(before)
        assert 2 <= k < n, f"{k} attempts stored at the kill; the test needs a run cut midway"

        r = cli(*args, env={"SLOW_BASE_URL": base})
    assert r.returncode == 0, r.stderr
    assert f"{n - k} attempts made, {k} already stored" in r.stdout
    after = attempts(run_dir)
    assert len(after) == n
    assert len({key for key, *_ in after}) == n
    assert len({case_id for _, case_id, *_ in after}) == n  # each case exactly once
    assert set(before) <= set(after)  # what was committed before the kill is untouched
