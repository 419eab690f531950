"""The arms report (`medreckon bench arms`): McNemar and GEE with Holm on hand-made rows whose
answers are known, error magnitude normalised by the calculator's output range, the text /
Markdown / HTML renderings, the command on stored runs, and one end-to-end run with the
embedded model (`direct` on 2 real cases beside an imported arm)."""

from __future__ import annotations

import datetime as dt
import html.parser
import json
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from medreckon.bench.analysis.arms import (
    DATE_RANGE_DAYS,
    analyse,
    case_key,
    first_per_case,
    normalised_error,
    output_range,
)
from medreckon.bench.analysis.stats import mcnemar_exact, newcombe_paired, wilson
from medreckon.bench.render.arms import render_html, render_markdown, render_text
from medreckon.bench.runs import arms, runner
from medreckon.bench.runs.store import Store
from medreckon.bench.types import Case, Outcome, Usage
from pace import model_seconds

# --------------------------------------------------------------------------------------------
# hand-made rows
# --------------------------------------------------------------------------------------------


def case(cid, calc_id, name, category, truth, lo=None, hi=None, output_type="decimal",
         dataset="medcalc-bench"):
    return Case(id=cid, calculator_id=calc_id, calculator_name=name, note=f"note {cid}", question="q",
                ground_truth=truth, lower=lo, upper=hi, output_type=output_type, category=category,
                entities={}, dataset=dataset, dataset_version="v1.0")


def out(answer, status="ok", prompt=0, completion=0, latency=0.0, calls=1):
    return Outcome(raw=str(answer), answer=answer, status=status,
                   usage=Usage(prompt, completion), latency_s=latency, model_calls=calls)


# Cases 1-6: BMI (MedCalc-Bench 6, output range 10-60 kg/m², width 50); 7-10: CHA2DS2-VASc
# (4, range 0-9, width 9).
BMI = [case(str(i), 6, "Body Mass Index (BMI)", "physical", 22.86, 21.717, 24.003) for i in range(1, 7)]
CHA = [case(str(i), 4, "CHA2DS2-VASc Score", "risk", 3, 3, 3, "integer") for i in range(7, 11)]
CASES = BMI + CHA
RIGHT = {c.id: c.ground_truth for c in CASES}

# A right on 1-6; wrong on 7 (4: 1/9 off), 8 (5: 2/9 off), 9 (unparsed), 10 (truncated).
ARM_A = [(c, out(RIGHT[c.id], prompt=100, completion=10, latency=2.0)) for c in BMI] + [
    (CHA[0], out(4, prompt=100, completion=10, latency=2.0)),
    (CHA[1], out(5, prompt=100, completion=10, latency=2.0)),
    (CHA[2], out(None, "unparsed", prompt=100, completion=10, latency=2.0)),
    (CHA[3], out(3, "truncated", prompt=100, completion=10, latency=6.0)),
]
# B right on 3-10; wrong on 1 (32.86: 10/50 off) and 2 (12.86: 10/50 off).
ARM_B = [(BMI[0], out(32.86, prompt=300, completion=50, latency=10.0, calls=3)),
         (BMI[1], out(12.86, prompt=300, completion=50, latency=10.0, calls=3))] + [
    (c, out(RIGHT[c.id], prompt=300, completion=50, latency=10.0, calls=3)) for c in CASES[2:]]
# C right on 7-10 only; wrong on 1-6: 0.1, 0.2, 0.4 of the range, an error, a refusal, 0.6.
ARM_C = [(BMI[0], out(27.86)), (BMI[1], out(32.86)), (BMI[2], out(42.86)),
         (BMI[3], out(None, "error")), (BMI[4], out(None, "refused")), (BMI[5], out(52.86))] + [
    (c, out(3)) for c in CHA]
ARMS = [("A", ARM_A), ("B", ARM_B), ("C", ARM_C)]


# --------------------------------------------------------------------------------------------
# accuracy, McNemar, tables, cost, error magnitude (no statsmodels needed)
# --------------------------------------------------------------------------------------------


def test_accuracy_statuses_and_mcnemar_with_holm():
    r = analyse(ARMS, gee=False)
    a, b, c = r.arms
    assert [(x.name, x.n, x.correct) for x in r.arms] == [("A", 10, 6), ("B", 10, 8), ("C", 10, 4)]
    assert a.wilson == wilson(6, 10) and b.accuracy == 0.8
    assert a.statuses == {"ok": 8, "unparsed": 1, "truncated": 1, "refused": 0, "abstained": 0, "error": 0}
    assert c.statuses == {"ok": 8, "unparsed": 0, "truncated": 0, "refused": 1, "abstained": 0, "error": 1}
    ab, bc = r.comparisons
    # A -> B: both right 3-6 (4), only A 1-2 (2), only B 7-10 (4), neither 0
    assert (ab.a, ab.b, ab.n_shared, ab.both_correct, ab.only_a, ab.only_b, ab.both_wrong) == (
        "A", "B", 10, 4, 2, 4, 0)
    # exact McNemar by hand: 2 * (C(6,0) + C(6,1) + C(6,2)) / 2^6 = 44/64
    assert ab.mcnemar_p == pytest.approx(44 / 64) == mcnemar_exact(2, 4)
    assert ab.difference == pytest.approx(0.2)
    assert ab.difference_ci == newcombe_paired(4, 4, 2, 0)  # B - A
    # B -> C: both 7-10 (4), only B 3-6 (4), only C none, neither 1-2
    assert (bc.both_correct, bc.only_a, bc.only_b, bc.both_wrong) == (4, 4, 0, 2)
    assert bc.mcnemar_p == pytest.approx(2 / 16)
    # Holm over the two: 0.125 * 2 = 0.25; 0.6875 * 1 = 0.6875 (>= 0.25)
    assert ab.mcnemar_p_holm == pytest.approx(0.6875) and bc.mcnemar_p_holm == pytest.approx(0.25)
    assert r.gee_message == "GEE not asked for" and ab.gee_p is None


def test_tables_have_arms_as_columns():
    r = analyse(ARMS, gee=False)
    assert [(row.label, [(x.correct, x.n) for x in row.cells]) for row in r.by_category] == [
        ("physical", [(6, 6), (4, 6), (0, 6)]), ("risk", [(0, 4), (4, 4), (4, 4)])]
    assert [(row.key, row.category) for row in r.by_calculator] == [("4", "risk"), ("6", "physical")]
    assert r.n_cases == 10 and r.datasets == ["medcalc-bench v1.0"]


def test_tokens_time_and_requests_per_case():
    a, b, c = analyse(ARMS, gee=False).arms
    assert (a.prompt_tokens_per_case, a.completion_tokens_per_case) == (100, 10)
    assert a.seconds_per_case == pytest.approx(2.4) and a.median_seconds_per_case == 2.0
    assert (b.prompt_tokens_per_case, b.seconds_per_case, b.model_calls_per_case) == (300, 10.0, 3.0)
    # an arm that recorded no usage or time (e.g. an imported run) shows none, not zeros
    assert (c.prompt_tokens_per_case, c.seconds_per_case) == (None, None)


def test_error_magnitude_of_wrong_answers():
    a, b, c = analyse(ARMS, gee=False).arms
    # A: 1/9 and 2/9 measured; unparsed and truncated are "not ok"
    assert a.magnitudes == pytest.approx([1 / 9, 2 / 9])
    assert (a.wrong, a.wrong_unanswered, a.wrong_unmeasured) == (4, 2, 0)
    assert a.magnitude_median == pytest.approx(1.5 / 9)
    assert a.magnitude_iqr == pytest.approx((1.25 / 9, 1.75 / 9))
    assert b.magnitudes == pytest.approx([0.2, 0.2]) and b.magnitude_iqr == pytest.approx((0.2, 0.2))
    assert c.magnitudes == pytest.approx([0.1, 0.2, 0.4, 0.6])
    assert c.magnitude_median == pytest.approx(0.3)
    assert c.magnitude_iqr == pytest.approx((0.175, 0.45))
    assert c.wrong_unanswered == 2


def test_normalised_error_per_output_type():
    bmi = BMI[0]
    assert output_range(bmi) == (10.0, 60.0, "kg/m²")
    assert normalised_error(32.86, bmi) == pytest.approx(0.2)
    assert normalised_error(-77.14, bmi) == pytest.approx(2.0)  # not clipped
    assert normalised_error(None, bmi) is None
    assert normalised_error(dt.date(2020, 1, 1), bmi) is None  # wrong type
    assert normalised_error(float("nan"), bmi) is None
    due = case("d", 13, "Estimated Due Date", "date", dt.date(2024, 3, 10), output_type="date")
    assert output_range(due) == (0.0, float(DATE_RANGE_DAYS), "days")
    assert normalised_error(dt.date(2024, 3, 20), due) == pytest.approx(10 / 280)
    ga = case("g", 69, "Gestational Age", "date", (14, 1), output_type="gestational_age")
    assert normalised_error((13, 6), ga) == pytest.approx(2 / 280)
    assert normalised_error(13.9, ga) is None
    # another dataset's calculator numbers are not MedCalc-Bench IDs: no range, not measured
    other = case("o", 6, "BMI", "physical", 22.86, 21.7, 24.0, dataset="test")
    assert output_range(other) is None and normalised_error(30.0, other) is None
    unknown = case("u", 999, "?", "lab", 1.0, 0.9, 1.1)
    assert output_range(unknown) is None
    r = analyse([("x", [(other, out(30.0))])], gee=False)
    assert (r.arms[0].wrong_unmeasured, r.arms[0].magnitudes) == (1, [])


def test_one_attempt_per_case_and_the_case_selection():
    again = [(BMI[0], out(22.86)), (BMI[0], out(99.0)), (BMI[1], out(22.86))]  # epoch 0 first
    assert [o.answer for _, o in first_per_case(again).values()] == [22.86, 22.86]
    keep = {case_key(c) for c in CASES[:4]}
    r = analyse(ARMS, gee=False, cases=keep)
    assert r.n_cases == 4 and [x.n for x in r.arms] == [4, 4, 4]
    # an arm that lacks cases is compared on the shared ones, and flagged as incomplete
    r = analyse([("A", ARM_A), ("B", ARM_B[:5])], gee=False)
    assert r.comparisons[0].n_shared == 5 and r.arms[1].n == 5
    assert "incomplete: B attempted 5 of 10 cases" in render_text(r)
    with pytest.raises(ValueError, match="unique"):
        analyse([("A", ARM_A), ("A", ARM_B)])
    with pytest.raises(ValueError, match="unknown scoring rule"):
        analyse(ARMS, rule="nope")


def test_the_rule_changes_the_counts():
    rows = [(BMI[0], out(22.9)), (BMI[1], out(23.9))]
    assert analyse([("x", rows)], gee=False).arms[0].correct == 2
    assert analyse([("x", rows)], "relative", params={"percent": 1}, gee=False).arms[0].correct == 1


def test_without_statsmodels_the_report_says_so(monkeypatch):
    monkeypatch.setitem(sys.modules, "statsmodels", None)
    monkeypatch.setitem(sys.modules, "statsmodels.api", None)
    r = analyse(ARMS)
    assert "statsmodels is not installed" in r.gee_message
    assert all(c.gee_p is None and c.mcnemar_p is not None for c in r.comparisons)
    assert "statsmodels is not installed" in render_text(r)


# --------------------------------------------------------------------------------------------
# GEE in the report (statsmodels)
# --------------------------------------------------------------------------------------------


def test_gee_in_the_report_with_holm():
    pytest.importorskip("statsmodels", reason="the stats extra (statsmodels) is not installed")
    c = [case(str(i), 6, "BMI", "physical", 22.86, 21.717, 24.003) for i in range(100)]
    rows = {"a": set(range(30)), "b": set(range(25)) | set(range(30, 75)), "c": set(range(30, 100))}
    r = analyse([(k, [(x, out(22.86 if i in right else 40.0)) for i, x in enumerate(c)])
                 for k, right in rows.items()])
    ab, bc = r.comparisons
    assert ab.gee_odds_ratio == pytest.approx((7 / 3) ** 2, rel=1e-5)
    lo, hi = ab.gee_or_ci
    assert lo < (7 / 3) ** 2 < hi
    assert ab.gee_p_holm == pytest.approx(min(1.0, 2 * ab.gee_p))  # the smaller of two p-values
    assert bc.gee_p_holm == pytest.approx(max(bc.gee_p, ab.gee_p_holm))
    # McNemar agrees on the direction: 45 pairs only B right vs 5 only A right
    assert (ab.only_a, ab.only_b) == (5, 45) and ab.mcnemar_p < 1e-6
    data = json.loads(json.dumps(r.to_dict(), default=str))
    assert data["comparisons"][0]["gee_odds_ratio"] == pytest.approx((7 / 3) ** 2, rel=1e-5)


# --------------------------------------------------------------------------------------------
# rendering
# --------------------------------------------------------------------------------------------


class _Page(html.parser.HTMLParser):
    EMPTY = ("meta", "line", "rect", "circle")  # written without a closing tag

    def __init__(self):
        super().__init__()
        self.tags: list[str] = []
        self.stack: list[str] = []
        self.problems: list[str] = []
        self.links: list[str] = []

    def handle_starttag(self, tag, attrs):
        self.tags.append(tag)
        for k, v in attrs:
            if k in ("src", "href") or (k != "xmlns" and "://" in (v or "")):
                self.links.append(f"{k}={v}")
        if tag not in self.EMPTY:
            self.stack.append(tag)

    def handle_startendtag(self, tag, attrs):
        self.tags.append(tag)

    def handle_endtag(self, tag):
        if tag in self.EMPTY:
            return
        if not self.stack or self.stack[-1] != tag:
            self.problems.append(f"</{tag}> closes {self.stack[-1] if self.stack else 'nothing'}")
        else:
            self.stack.pop()


def test_render_text_markdown_and_html():
    r = analyse(ARMS, gee=False, context={"title": "Arms <test>", "model": "m", "command": "medreckon bench arms x"})
    text = render_text(r)
    assert "Accuracy per arm" in text and "A → B" in text and "B → C" in text
    assert "0.688" in text and "0.250" in text  # McNemar and Holm
    assert "0.167 (0.139–0.194)" in text  # A's error magnitude median (IQR)
    assert "Command: medreckon bench arms x" in text
    md = render_markdown(r)
    tables = [line for line in md.splitlines() if line.startswith("|")]
    assert tables and all(line.endswith("|") for line in tables)
    assert "| A → B | 10 | 4 | 2 | 4 | 0 |" in md
    assert "## By calculator (correct/n)" in md and "```\nmedreckon bench arms x\n```" in md
    page = render_html(r)
    parser = _Page()
    parser.feed(page)
    assert parser.problems == [] and parser.stack == []
    assert parser.tags.count("svg") == 2 and "script" not in parser.tags
    assert parser.links == []  # self-contained: nothing to fetch
    assert "Arms &lt;test&gt;" in page and "<title>" in page
    assert page.count('class="bar"') == 3


def test_render_with_one_arm_and_no_rows():
    r = analyse([("only", [])], gee=False)
    assert r.comparisons == [] and r.arms[0].n == 0
    assert "only" in render_text(r) and "<svg" in render_html(r) and "only" in render_markdown(r)


# --------------------------------------------------------------------------------------------
# the command, on stored runs (no model)
# --------------------------------------------------------------------------------------------


def _store_arm(root: Path, name: str, rows) -> None:
    cases = {c.id: c for c, _ in rows}
    with Store(root / name, create=True) as store:
        runner.record_imported(store, [(c.id, o) for c, o in rows], cases, label=f"label-{name}",
                               source_sha256=f"{name:0<64}")


def test_bench_arms_report_only_on_stored_runs(tmp_path):
    from medreckon.cli import main

    for name, rows in ARMS:
        _store_arm(tmp_path, name, rows)
    r = CliRunner().invoke(main, ["bench", "arms", "--report-only", "--strategies", "A,B,C",
                                  "--run-dir", str(tmp_path), "--markdown", str(tmp_path / "r.md"),
                                  "--html", str(tmp_path / "r.html"), "--json", str(tmp_path / "r.json")])
    assert r.exit_code == 0, r.output
    assert "A → B" in r.output and "B → C" in r.output and "10 cases · 3 arms" in r.output
    assert json.loads((tmp_path / "r.json").read_text())["arms"][1]["correct"] == 8
    assert "<svg" in (tmp_path / "r.html").read_text()
    assert "| A |" in (tmp_path / "r.md").read_text()
    # the arms are read from arms.json when it lists them and no --strategies is given
    arms.write_manifest(tmp_path, {"arms": ["C", "A"], "cases": [list(case_key(c)) for c in CASES[:6]]})
    r = CliRunner().invoke(main, ["bench", "arms", "--report-only", "--run-dir", str(tmp_path)])
    assert r.exit_code == 0, r.output
    assert "C → A" in r.output and "6 cases · 2 arms" in r.output


def test_bench_arms_refuses_unknown_strategies_and_missing_runs(tmp_path):
    from medreckon.bench.strategies import STRATEGIES
    from medreckon.cli import main

    r = CliRunner().invoke(main, ["bench", "arms", "--strategies", "direct,nonsense",
                                  "--run-dir", str(tmp_path)])
    assert r.exit_code == 2
    assert "unknown strategy 'nonsense'" in r.output
    assert f"known strategies: {', '.join(STRATEGIES)}" in r.output
    r = CliRunner().invoke(main, ["bench", "arms", "--report-only", "--strategies", "direct",
                                  "--run-dir", str(tmp_path)])
    assert r.exit_code == 2 and "no run for arm(s) direct" in r.output
    r = CliRunner().invoke(main, ["bench", "arms", "--strategies", "direct,direct",
                                  "--run-dir", str(tmp_path)])
    assert r.exit_code == 2 and "named twice" in r.output
    r = CliRunner().invoke(main, ["bench", "arms", "--strategies", "../x", "--run-dir", str(tmp_path)])
    assert r.exit_code == 2 and "must be letters" in r.output
    r = CliRunner().invoke(main, ["bench", "arms", "--report-only", "--run-dir", str(tmp_path)])
    assert r.exit_code == 2 and "name the arms" in r.output


# --------------------------------------------------------------------------------------------
# end to end with the embedded model
# --------------------------------------------------------------------------------------------


def cli(*args: str, timeout: float = 600) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "medreckon.cli", *args], capture_output=True,
                          text=True, timeout=timeout)


def test_bench_arms_end_to_end_with_the_embedded_model(embedded_model_path, tmp_path):
    from medreckon.bench.datasets import load_cases

    select = ["--subset", "medrac_clean_940", "--calculators", "61,24", "--per-calculator", "1"]
    cases = load_cases(subset="medrac_clean_940", calculators="61,24", per_calculator=1)
    assert len(cases) == 2
    # the second arm: another harness's outputs, imported (right on the first case only)
    lines = [{"Row Number": int(cases[0].id), "LLM Answer": str(cases[0].ground_truth)},
             {"Row Number": int(cases[1].id), "LLM Answer": "1000"}]
    outputs = tmp_path / "other.jsonl"
    outputs.write_text("".join(json.dumps(x) + "\n" for x in lines))
    root = tmp_path / "arms"
    r = cli("bench", "import", str(outputs), "--run-dir", str(root / "other"))
    assert r.returncode == 0, r.stderr

    args = ["bench", "arms", "--model", "embedded", "--strategies", "direct,other", *select,
            "--max-tokens", "32", "--timeout", f"{model_seconds(32):.0f}", "--run-dir", str(root)]
    r = cli(*args, "--html", str(tmp_path / "arms.html"), "--markdown", str(tmp_path / "arms.md"),
            timeout=model_seconds(32, requests=2, load=True))
    assert r.returncode == 0, r.stderr
    assert "arm 1/1: direct" in r.stderr
    assert "2 cases · 2 arms" in r.stdout and "direct → other" in r.stdout
    manifest = json.loads((root / "arms.json").read_text())
    assert manifest["arms"] == ["direct", "other"] and len(manifest["cases"]) == 2
    assert manifest["command"].startswith("medreckon bench arms --model embedded")
    with Store(root / "direct") as store:
        stored = store.attempts()
    assert len(stored) == 2 and all(a.outcome.usage.prompt_tokens > 0 for a in stored)
    other_line = next(line for line in r.stdout.splitlines() if line.startswith("other "))
    assert " 2        1 " in other_line or "50.0%" in other_line
    assert "<svg" in (tmp_path / "arms.html").read_text()
    assert "| direct → other |" in (tmp_path / "arms.md").read_text()

    # the same command again has nothing to do (no model is loaded); --report-only gives the
    # same report
    again = cli(*args)
    assert again.returncode == 0, again.stderr
    assert "arm direct: all 2 cases are stored" in again.stderr and "arm 1/" not in again.stderr
    with Store(root / "direct") as store:
        assert len(store.attempts()) == 2
    only = cli("bench", "arms", "--report-only", "--run-dir", str(root))
    assert only.returncode == 0, only.stderr
    assert only.stdout == again.stdout
