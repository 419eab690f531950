"""The bench report of a run (`summary`): exact counts per group, statuses kept apart, text and
self-contained HTML, and the paired comparison of two runs."""

import html.parser

import pytest

from medreckon.bench.analysis.stats import mcnemar_exact, newcombe_paired, wilson
from medreckon.bench.analysis.summary import compare, summarise
from medreckon.bench.datasets import DatasetNotFound, load_cases
from medreckon.bench.render.summary import render_comparison_text, render_html, render_text
from medreckon.bench.types import Case, Outcome


def case(cid, calc_id, name, category, truth, lo=None, hi=None, output_type="decimal", dataset_version="t1"):
    return Case(id=cid, calculator_id=calc_id, calculator_name=name, note="", question="", ground_truth=truth,
                lower=lo, upper=hi, output_type=output_type, category=category, entities={}, dataset="test",
                dataset_version=dataset_version)


def out(answer, status="ok", raw=""):
    return Outcome(raw=raw, answer=answer if status in ("ok", "truncated") else None, status=status)


BMI = [case(str(i), 6, "Body Mass Index (BMI)", "physical", 22.86, 21.717, 24.003) for i in range(1, 5)]
CHADS = [case(str(i), 4, "CHA2DS2-VASc Score", "risk", 3, 3, 3, "integer") for i in range(5, 8)]
AG = [case("8", 39, "Anion Gap", "lab", 14.0, 13.3, 14.7)]

ROWS = [
    (BMI[0], out(22.9)), (BMI[1], out(22.86)), (BMI[2], out(30.0)), (BMI[3], out(None, "unparsed")),
    (CHADS[0], out(3)), (CHADS[1], out(3.4)), (CHADS[2], out(3, "truncated")),  # right answer, cut off
    (AG[0], out(None, "error")),
]


def test_summarise_counts_exactly():
    s = summarise(ROWS)
    o = s.overall
    assert (o.n, o.correct, o.accuracy) == (8, 4, 0.5)
    assert o.wilson == wilson(4, 8)
    assert o.statuses == {"ok": 5, "unparsed": 1, "truncated": 1, "refused": 0, "abstained": 0, "error": 1}
    assert [(g.label, g.n, g.correct) for g in s.by_category] == [("lab", 1, 0), ("physical", 4, 2), ("risk", 3, 2)]
    assert [(g.calculator_id, g.n, g.correct, g.category) for g in s.by_calculator] == [
        (4, 3, 2, "risk"), (6, 4, 2, "physical"), (39, 1, 0, "lab"),
    ]
    assert s.by_calculator[0].statuses["truncated"] == 1 and s.by_calculator[2].statuses["error"] == 1
    assert s.datasets == ["test t1"] and s.rule == "medcalc_bench"


def test_the_rule_changes_the_counts_not_the_statuses():
    s = summarise(ROWS, rule="mdcalc_precision")
    # 22.9 vs 22.86 at 1 place: within 0.05; 22.86 exact; 3.4 is not exactly 3.
    assert (s.overall.correct, s.overall.statuses["ok"]) == (3, 5)
    s = summarise(ROWS, rule="relative", percent=0.1)
    assert s.overall.correct == 2 and s.params == {"percent": 0.1}
    with pytest.raises(ValueError, match="unknown scoring rule"):
        summarise(ROWS, rule="nope")


def test_empty_and_malformed_rows():
    s = summarise([])
    assert (s.overall.n, s.overall.accuracy, s.by_calculator) == (0, None, [])
    assert "—" in render_text(s)
    with pytest.raises(TypeError, match=r"rows\[0\] is not a \(Case, Outcome\) pair"):
        summarise([("1", out(3))])


def test_render_text():
    text = render_text(summarise(ROWS))
    lines = text.splitlines()
    assert lines[0] == "Rule: medcalc_bench" and lines[1] == "Dataset: test t1"
    overall = next(ln for ln in lines if ln.startswith("overall"))
    assert overall.split() == ["overall", "8", "4", "50.0%", f"{100 * wilson(4, 8)[0]:.1f}–{100 * wilson(4, 8)[1]:.1f}%",
                               "5", "1", "1", "0", "0", "1"]
    assert any(ln.split()[:2] == ["4", "CHA2DS2-VASc"] for ln in lines)
    assert lines.index("By category") < lines.index("By calculator")


class _Tags(html.parser.HTMLParser):
    VOID = {"meta", "br", "img", "link", "input", "hr", "line", "rect"}

    def __init__(self):
        super().__init__()
        self.stack, self.attrs, self.bars, self.problems = [], [], 0, []

    def handle_starttag(self, tag, attrs):
        self.attrs += attrs
        if tag == "rect" and ("class", "bar") in attrs:
            self.bars += 1
        if tag not in self.VOID:
            self.stack.append(tag)

    def handle_startendtag(self, tag, attrs):
        self.attrs += attrs
        if tag == "rect" and ("class", "bar") in attrs:
            self.bars += 1

    def handle_endtag(self, tag):
        if tag in self.VOID:
            return
        if not self.stack or self.stack[-1] != tag:
            self.problems.append(tag)
        else:
            self.stack.pop()


def test_render_html_is_self_contained_and_escaped():
    rows = [*ROWS, (case("9", 99, "Score <script>alert(1)</script> & co", "risk", 1, 1, 1, "integer"), out(1))]
    page = render_html(summarise(rows), title="Run <A> & B")
    parser = _Tags()
    parser.feed(page)
    assert parser.problems == [] and parser.stack == []
    assert parser.bars == 4  # one bar per calculator
    assert "<script" not in page and "&lt;script&gt;" in page and "Run &lt;A&gt; &amp; B" in page
    names = {name for name, _ in parser.attrs}
    assert not names & {"src", "href"}  # nothing to fetch
    assert "<svg" in page and "<title>4 · CHA2DS2-VASc Score: 2/3 = 66.7%" in page


def test_v1_ground_truth_report():
    try:
        cases = load_cases()
    except DatasetNotFound:
        pytest.skip("MedCalc-Bench data not found")
    s = summarise([(c, Outcome(raw="", answer=c.ground_truth, status="ok")) for c in cases])
    assert (s.overall.n, s.overall.correct) == (1047, 1047)
    assert len(s.by_calculator) == 55 and all(g.accuracy == 1.0 for g in s.by_calculator)
    assert s.datasets == ["medcalc-bench v1.0"]
    page = render_html(s, "ground truth")
    parser = _Tags()
    parser.feed(page)
    assert parser.bars == 55 and parser.problems == []


# --- Paired comparison ------------------------------------------------------------------------

def _runs():
    cases = [case(str(i), 4, "CHA2DS2-VASc Score", "risk", 2, 2, 2, "integer") for i in range(1, 21)]
    # A right on 1-12, B right on 1-6 and 13-15; case 20 only in A, case 21 only in B.
    a = [(c, out(2 if int(c.id) <= 12 else 5)) for c in cases]
    b = [(c, out(2 if int(c.id) <= 6 or 13 <= int(c.id) <= 15 else 5)) for c in cases[:19]]
    b.append((case("21", 4, "CHA2DS2-VASc Score", "risk", 2, 2, 2, "integer"), out(2)))
    return a, b


def test_compare_counts_discordant_pairs():
    a, b = _runs()
    cmp = compare(a, b)
    assert (cmp.n_shared, cmp.only_a, cmp.only_b) == (19, 1, 1)
    assert (cmp.both_correct, cmp.b, cmp.c, cmp.both_wrong) == (6, 6, 3, 4)
    assert (cmp.correct_a, cmp.correct_b) == (12, 9)
    assert cmp.difference == pytest.approx(3 / 19)
    assert cmp.p_value == mcnemar_exact(6, 3) == pytest.approx(0.5078125)
    assert cmp.difference_ci == newcombe_paired(6, 6, 3, 4)
    text = render_comparison_text(cmp, ("gpt", "qwen"))
    assert "Shared cases: 19 (only in gpt: 1, only in qwen: 1)" in text
    assert "Difference gpt − qwen: +15.8 percentage points" in text
    assert "Exact McNemar p = 0.508 (two-sided, 9 discordant pairs)" in text


def test_compare_errors():
    a, b = _runs()
    with pytest.raises(ValueError, match="run A has more than one attempt for case 1"):
        compare([*a, a[0]], b)
    other = [(case(c.id, 4, c.calculator_name, "risk", 2, 2, 2, "integer", dataset_version="t2"), o) for c, o in b]
    with pytest.raises(ValueError, match=r"the runs share no cases \(A: test t1; B: test t2\)"):
        compare(a, other)


def test_identical_runs_agree():
    a, _ = _runs()
    cmp = compare(a, a)
    assert (cmp.b, cmp.c, cmp.p_value, cmp.difference) == (0, 0, 1.0, 0.0)
    assert "agree on every shared case" in render_comparison_text(cmp)


def test_the_report_lists_the_wrong_attempts_and_what_the_run_cost():
    from medreckon.bench.types import Usage

    timed = [(c, Outcome(raw="", answer=o.answer, status=o.status, error="boom\nmore" if o.status == "error" else None,
                         usage=Usage(100, 10) if i < 6 else Usage(), latency_s=float(i + 1), model_calls=1 + (i == 0)))
             for i, (c, o) in enumerate(ROWS)]
    s = summarise(timed)
    assert [(w.case_id, w.status) for w in s.wrong] == [
        ("3", "ok"), ("4", "unparsed"), ("7", "truncated"), ("8", "error")]
    assert s.wrong[-1].error == "boom" and s.wrong[0].lower == 21.717
    c = s.cost
    assert (c.attempts, c.model_calls, c.prompt_tokens, c.completion_tokens, c.with_usage) == (8, 9, 600, 60, 6)
    assert (c.seconds, c.seconds_mean, c.seconds_median, c.seconds_p90, c.seconds_max) == (36.0, 4.5, 4.5, 8.0, 8.0)
    assert "Cost: 8 attempts, 9 model requests, 600 prompt + 60 completion tokens (6 of 8 attempts recorded " \
           "usage), model time 36.0 s (per attempt: mean 4.5 s, median 4.5 s" in render_text(s)
    page = render_html(s, config={"model": "m", "strategy": "direct", "strategy_version": "1+p1"}, run_dir="runs/x")
    assert "<h2>Cost and latency</h2>" in page and "<td>prompt tokens</td><td>600</td><td>100.0</td>" in page
    assert 'Wrong attempts (4)</h2>' in page and "<td>8</td><td class=\"wrap\">39 · Anion Gap</td><td>error</td>" in page
    assert "<th>directory</th><td>runs/x</td>" in page
    untimed = summarise([(c, out(o.answer, o.status)) for c, o in ROWS])
    assert untimed.cost.seconds is None and "no token usage recorded, no model time recorded" in render_text(untimed)


def test_values_answers_and_run_names_as_a_person_reads_them():
    import datetime as dt

    from medreckon.bench.render.cells import answer_text, short_name, value_text

    assert value_text({"value": 130.0, "unit": "/min"}) == "130 /min"
    assert value_text([4.2, "g/L"]) == "4.2 g/L" and value_text(None) == "—"
    assert value_text(True) == "yes" and value_text(0.1 + 0.2) == "0.3" and value_text("male") == "male"
    assert value_text({"value": 3, "unit": "1"}) == "3" and value_text(["a", "b"]) == "a, b"
    assert answer_text(dt.date(2024, 1, 2)) == "2024-01-02" and answer_text((14, 1)) == "14 weeks 1 days"
    assert answer_text(None) == "—"
    assert short_name("extract") == "extract"
    long = "main-embedded-extract-context-alone-choices-logprob-candidates-first-apply_hints-true-1pc"
    short = short_name(long)
    assert len(short) == 40 and short.startswith("main-embedded-extract-context-a") and "…" in short
    assert short_name(long + "x") != short  # the hash keeps distinct runs apart
