"""`bench verify` and `bench errors` through the CLI, on run directories written by the code
before the bench reorganisation (tests/data/legacy_runs) and with a scripted judge."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from medreckon.bench.analysis.verdicts import STEPS
from medreckon.bench.runs.store import Store
from medreckon.cli import main
from scripted import Scripted


def invoke(*args: str):
    return CliRunner().invoke(main, ["bench", *args], catch_exceptions=False)


def evaluations(d: Path) -> list:
    with Store(d) as store:
        return store.evaluations()


def test_verify_stores_exact_verdicts_once_and_reports_cc_and_fe(legacy_run, tmp_path):
    d = legacy_run("extract")
    r = invoke("verify", str(d), "--markdown", str(tmp_path / "v.md"), "--html", str(tmp_path / "v.html"),
               "--json", str(tmp_path / "v.json"))
    assert r.exit_code == 0, r.output
    assert "3 attempts with verdicts (exact 3)" in r.output
    assert "2 values" in r.output and "first error here" in r.output
    # the CHA2DS2-VASc attempt read treated hypertension as absent: a finding flipped at step 2
    assert "clinical_misinterpretation         1" in r.output
    stored = evaluations(d)
    assert len(stored) == 3 and {e.evaluator for e in stored} == {"steps:medcalc_bench"}
    data = json.loads((tmp_path / "v.json").read_text())
    overall = data["exact"]["overall"]
    assert overall["n"] == 3 and overall["first_error"]["values"]["k"] == 1
    assert overall["conditional"]["calculator"] == {"k": 3, "n": 3, "p": 1.0, **{
        k: overall["conditional"]["calculator"][k] for k in ("lo", "hi")}}
    assert "<svg" in (tmp_path / "v.html").read_text() and "| step |" in (tmp_path / "v.md").read_text()
    # a second call adds nothing: the verdicts are stored evaluations
    assert invoke("verify", str(d)).exit_code == 0
    assert len(evaluations(d)) == 3


def test_verify_says_why_a_run_without_traces_has_no_verdicts(legacy_run):
    r = invoke("verify", str(legacy_run("direct")))
    assert r.exit_code == 0
    assert "No step verdicts: none of 3 attempts has ok verdicts: 3 without a calculation trace" in r.output


def test_errors_puts_runs_side_by_side(legacy_run, tmp_path):
    r = invoke("errors", str(legacy_run("direct")), str(legacy_run("extract")), str(legacy_run("tools")),
               "--markdown", str(tmp_path / "e.md"))
    assert r.exit_code == 0, r.output
    header = r.output.splitlines()[1]
    assert "direct (direct)" in header and "extract (extract)" in header and "tools (tools)" in header
    assert "direct (direct): none of 3 attempts has ok verdicts" in r.output
    assert "## Error types per run" in (tmp_path / "e.md").read_text()


def test_verify_rejects_a_directory_that_is_not_a_run(tmp_path):
    r = CliRunner().invoke(main, ["bench", "verify", str(tmp_path)])
    assert r.exit_code == 2 and "is not a run directory" in r.output


def judge_reply(**over) -> dict:
    reply = {s: {"reason": f"{s} looks right", "correct": True} for s in STEPS}
    reply["errors"] = []
    reply.update(over)
    return reply


def test_a_judge_runs_within_its_limit_resumes_and_is_measured_against_the_exact_verdicts(legacy_run, monkeypatch):
    d = legacy_run("extract")
    judge = Scripted(judge_reply(), name="judge-model")
    monkeypatch.setattr("medreckon.bench.models.connect", lambda model, **kw: judge)
    r = invoke("verify", str(d), "--judge", "scripted-judge", "--judge-limit", "2")
    assert r.exit_code == 0, r.output
    assert "[judge 1/2] ok" in r.output and "[judge 2/2] ok" in r.output
    assert "judge scripted-judge against exact: 2 paired attempts" in r.output
    assert len(judge.requests) == 2
    r = invoke("verify", str(d), "--judge", "scripted-judge")  # goes on with the third only
    assert r.exit_code == 0 and len(judge.requests) == 3
    assert "judge scripted-judge against exact: 3 paired attempts" in r.output
    names = sorted({e.evaluator for e in evaluations(d)})
    assert names == ["judge:scripted-judge", "steps:medcalc_bench"]


def test_junk_from_the_judge_is_a_judge_error_never_a_verdict(legacy_run, monkeypatch):
    d = legacy_run("tools")
    monkeypatch.setattr("medreckon.bench.models.connect", lambda model, **kw: Scripted("not json"))
    r = invoke("verify", str(d), "--judge", "junk-judge")
    assert r.exit_code == 0, r.output
    assert "[judge 1/1] judge_error" in r.output
    assert "left out: a:judge_error 1" in r.output


def test_human_labels_are_measured_against_the_exact_verdicts(legacy_run, tmp_path):
    d = legacy_run("extract")
    labels = tmp_path / "labels.csv"
    labels.write_text("case_id,step,label\n9001,values,1\n9002,values,1\n9003,values,0\n"
                      "9003,answer,wrong\n")
    r = invoke("verify", str(d), "--human", str(labels))
    assert r.exit_code == 0, r.output
    assert "exact against human: 3 paired attempts" in r.output
    values = next(x for x in r.output.splitlines() if x.startswith("values")).split()
    assert values[1:3] == ["3", "100.0%"] and values[4:7] == ["1.00", "1.00", "1.00"]


def test_report_adds_the_step_section_only_for_a_traced_run(legacy_run, tmp_path):
    r = invoke("report", str(legacy_run("extract")), "--html", str(tmp_path / "r.html"))
    assert r.exit_code == 0 and "Step verification (exact verdicts)" in r.output
    assert "Step verification" in (tmp_path / "r.html").read_text()
    r = invoke("report", str(legacy_run("direct")))
    assert r.exit_code == 0 and "Step verification" not in r.output


def test_arms_report_the_steps_of_the_traced_arms(legacy_run, tmp_path):
    root = tmp_path / "arms"
    root.mkdir()
    for name in ("direct", "extract"):
        legacy_run(name).rename(root / name)
    r = invoke("arms", "--report-only", "--strategies", "direct,extract", "--run-dir", str(root),
               "--markdown", str(tmp_path / "a.md"), "--json", str(tmp_path / "a.json"))
    assert r.exit_code == 0, r.output
    steps = r.output[r.output.index("Step verification"):]
    assert "extract" in steps and "\ndirect" not in steps  # only the arm with traces
    assert "## Step verification" in (tmp_path / "a.md").read_text()
    assert list(json.loads((tmp_path / "a.json").read_text())["steps"]) == ["extract"]


def test_arms_count_the_steps_of_the_manifest_cases_only(legacy_run, tmp_path):
    root = tmp_path / "arms"
    root.mkdir()
    legacy_run("extract").rename(root / "extract")
    r = invoke("arms", "--report-only", "--strategies", "extract", "--run-dir", str(root),
               "--json", str(tmp_path / "all.json"))
    assert r.exit_code == 0 and json.loads((tmp_path / "all.json").read_text())["steps"]["extract"]["n"] == 3
    (root / "arms.json").write_text(json.dumps({"arms": ["extract"], "cases": [
        ["medcalc-bench", "v1.0", "9001"], ["medcalc-bench", "v1.0", "9002"]]}))
    r = invoke("arms", "--report-only", "--run-dir", str(root), "--json", str(tmp_path / "a.json"))
    assert r.exit_code == 0, r.output
    assert json.loads((tmp_path / "a.json").read_text())["steps"]["extract"]["n"] == 2
