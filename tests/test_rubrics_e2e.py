"""Rubric grading with real judges, through the CLI: the embedded model in process, and the
same model behind `python -m llama_cpp.server` on loopback (llama-cpp-python's server takes
json_object, not json_schema). Kept small: one criterion in process, one through the server, of
the hand-written chest-pain response. Skipped where the `embedded` extra is not installed,
except under CI."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from pace import model_seconds
from test_bench_e2e import cli, llama_server

DATA = Path(__file__).parent / "data" / "rubrics"


def grades(run_dir: Path) -> list[dict]:
    db = sqlite3.connect(f"file:{run_dir / 'run.sqlite'}?mode=ro", uri=True)
    try:
        return [json.loads(p) | {"table_status": s} for s, p in
                db.execute("SELECT status, payload FROM evaluations ORDER BY created_at")]
    finally:
        db.close()


def test_the_embedded_model_grades_in_process(embedded_model_path, tmp_path):
    run_dir = tmp_path / "run"
    args = ["rubrics", "grade", str(DATA / "healthbench.jsonl"), "--responses", str(DATA / "responses_labelled.jsonl"),
            "--judge", "embedded", "--run-dir", str(run_dir), "-q",
            "--timeout", f"{model_seconds(600):.0f}"]  # the CLI's 300 s default is too short beside another model job
    r = cli(*args, "--limit", "1", timeout=model_seconds(600, load=True))
    assert r.returncode == 0, r.stderr
    assert "3 responses imported" in r.stdout and "1 criteria graded by embedded" in r.stdout
    assert "judge errors: " in r.stdout and "Per axis" in r.stdout
    got = grades(run_dir)
    # the embedded model follows the schema (constrained by llama.cpp's grammar)
    assert len(got) == 1 and got[0]["table_status"] == "ok" and got[0]["status"] in ("met", "not_met"), got
    assert got[0]["judge"]["requests"] == 1 and got[0]["explanation"]
    again = cli(*args, "--limit", "0", timeout=600)
    assert "0 responses imported" in again.stdout and "0 criteria graded" in again.stdout
    assert "ungraded 20" in again.stdout  # 21 criteria of the three answered prompts, 1 graded


def test_the_embedded_model_behind_a_local_openai_compatible_server(embedded_model_path, tmp_path):
    with llama_server(embedded_model_path, tmp_path) as base:
        run_dir = tmp_path / "run"
        r = cli("rubrics", "grade", str(DATA / "healthbench.jsonl"), "--responses",
                str(DATA / "responses_labelled.jsonl"), "--judge", "openai-api/llamaserver/embedded",
                "--judge-format", "json_object", "--run-dir", str(run_dir), "--limit", "1",
                "--timeout", f"{model_seconds(600):.0f}",
                env={"LLAMASERVER_BASE_URL": base}, timeout=model_seconds(600, load=True))
    assert r.returncode == 0, r.stderr
    assert "1 criteria graded by openai-api/llamaserver/embedded" in r.stdout
    (g,) = grades(run_dir)
    assert g["table_status"] == "ok" and g["status"] in ("met", "not_met"), g
    assert g["judge"]["model"] == "openai-api/llamaserver/embedded" and g["judge"]["prompt_version"] == "1"
