"""Error attribution (`bench.attribution`, `medreckon bench attribute`) on real MedCalc-Bench v1.0
cases, with real `extract` and `tools` traces made by a scripted model: one test per cause and
per kind of input difference, the report's counts and renderings, and the CLI on a stored run."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

import scripted
from medreckon.bench.analysis import attribution
from medreckon.bench.analysis.attribution import attribute
from medreckon.bench.calculation import calculator_for_case
from medreckon.bench.datasets import DatasetNotFound, load_cases, locate
from medreckon.bench.render.attribution import example_text, render_markdown, render_text
from medreckon.bench.runs import runner
from medreckon.bench.runs.store import Store
from medreckon.bench.strategies import get_strategy
from medreckon.bench.strategies.extract import Extract
from medreckon.bench.strategies.tools import FINAL, Tools
from medreckon.bench.types import ModelClient, ModelError
from medreckon.calculators.medcalc_bench import to_inputs
from scripted import GEN

# MedCalc-Bench Calculator IDs: Cockcroft-Gault, CKD-EPI, CHA2DS2-VASc, BMI, MDRD, Child-Pugh, GCS
CALCULATORS = [2, 3, 4, 6, 9, 15, 21]


class Scripted(scripted.Scripted):
    """Answers the main requests with `replies` in turn (the last repeated; a str is sent as is,
    an exception raised), and each one-criterion question of `extract` from `findings`
    (criterion -> present), quoting the note when present."""

    def __init__(self, *replies, findings=None):
        super().__init__(*replies)
        self.findings = dict(findings or {})
        self.calls = 0  # main requests answered

    def reply(self, n, messages, response_format, gen):
        text = messages[-1]["content"]
        if "One criterion of this score: " in text:
            criterion = text.split("One criterion of this score: ")[1].split("\n")[0]
            present = bool(self.findings.get(criterion.split(" — ")[0].replace(" ", "_")))
            note = text.split("Patient note:\n")[1].split("\n\nQuestion:")[0]
            return {"quote": note[:40] if present else "", "present": present}
        reply = self.replies[min(self.calls, len(self.replies) - 1)]
        self.calls += 1
        return reply


class ByNote(ModelClient):
    """Routes each request to the script of the case whose note it quotes (for runner.run)."""

    name = "scripted"

    def __init__(self, scripts: dict):
        self.scripts = scripts  # note -> Scripted

    def chat(self, messages, tools=None, response_format=None, **gen):
        text = json.dumps(messages)
        model = next(m for note, m in self.scripts.items() if json.dumps(note)[1:-1] in text)
        return model.chat(messages, tools=tools, response_format=response_format, **gen)


@pytest.fixture(scope="module")
def cases():
    try:
        locate("medcalc-bench")
    except DatasetNotFound:
        pytest.skip("MedCalc-Bench data not found")
    return {c.id: c for c in load_cases(subset="medrac_clean_940", calculators=CALCULATORS)}


def test_the_sample_holds_the_rows_used_here(cases):
    sample = load_cases(subset="medrac_clean_940", calculators=CALCULATORS, per_calculator=1)
    assert {c.id for c in sample} == {"16", "31", "52", "90", "151", "200", "850"}
    assert {"142", "856"} <= set(cases)


def gold(case, **changes):
    """The case's gold entities as the model's reply (rule options left out), with changes."""
    calc = calculator_for_case(case)
    options = calc.medcalc_bench.options
    return {k: v for k, v in to_inputs(calc, case.entities).items() if k not in options} | changes


def run_extract(case, reply, findings=None, **options):
    if findings is None:
        findings = reply if isinstance(reply, dict) else {}
    model = reply if isinstance(reply, Scripted) else Scripted(reply, findings=findings)
    return case, Extract(**(options or {"configuration": "plain"})).run(case, model, GEN)


def run_tools(case, *replies, retrieved):
    tools = Tools(call_mode="constrained", retrieve=lambda question: retrieved)
    return case, tools.run(case, Scripted(*replies), GEN)


def one(row, **params):
    report = attribute([row], **params)
    assert report.attempts == 1 and len(report.rows) == 1
    return report, report.rows[0]


def call(name, **arguments):
    return {"name": name, "arguments": arguments}


# ---------------------------------------------------------------- correct attempts


def test_a_correct_attempt_has_no_cause(cases):
    report, a = one(run_extract(cases["90"], gold(cases["90"])))
    assert a.correct and a.cause is None and a.diffs == () and a.ceiling is True
    assert a.trace_kind == "extract" and a.calculator == "bmi"
    assert report.correct == 1 and report.wrong == 0 and not any(report.causes.values())
    assert (report.cases, report.ceiling_correct, report.no_gold_cases) == (1, 1, 0)
    assert report.correct_with_diffs == []


def test_a_correct_attempt_whose_inputs_differ_is_noted(cases):
    # 67 kg instead of 66: BMI 24.6 instead of 24.2, inside the ±5% limits
    report, a = one(run_extract(cases["90"], gold(cases["90"], weight={"value": 67, "unit": "kg"})))
    assert a.correct and a.cause is None
    assert [(d.field, d.kind, d.model, d.gold) for d in a.diffs] == [("weight", "value", 67.0, 66.0)]
    assert report.correct_with_diffs == ["90"] and report.kinds["value"] == 0  # wrong ones only
    assert "Correct attempts whose inputs differ from gold: 1 (cases 90)" in render_text(report)


def test_conversion_noise_is_not_a_difference(cases):
    # 0.93 mg/dL written as 82.2 umol/L: 0.9299 mg/dL, the same creatinine clearance to 0.1
    noisy = gold(cases["16"], creatinine={"value": 82.2, "unit": "umol/L"})
    _, out = row = run_extract(cases["16"], noisy)
    assert out.trace["normalised_inputs"]["creatinine"] != 0.93
    _, a = one(row)
    assert a.correct and a.diffs == ()


# ---------------------------------------------------------------- inputs


def test_a_unit_label_error(cases):
    # the creatinine number is right, its unit is not (and the unit fix is off, so it stays)
    wrong_unit = gold(cases["16"], creatinine={"value": 0.93, "unit": "umol/L"})
    report, a = one(run_extract(cases["16"], wrong_unit, fix_units=False))
    assert not a.correct and a.cause == "inputs" and a.ceiling is True
    (d,) = a.diffs
    assert (d.field, d.kind, d.gold, d.unit) == ("creatinine", "unit", 0.93, "mg/dL")
    assert d.model == pytest.approx(0.93 / 88.4, rel=1e-3)
    assert d.written == {"value": 0.93, "unit": "umol/L"}
    assert d.gold_written == {"value": 0.93, "unit": "mg/dL"}
    assert report.kinds == dict.fromkeys(attribution.KINDS, 0) | {"unit": 1}
    assert "(wrote 0.93 umol/L), gold 0.93 mg/dL" in render_text(report)


def test_a_value_from_the_wrong_time_point(cases):
    # the note gives creatinine 3.09 (admission), 1.85, then 1.17 mg/dL; the dataset uses 1.17
    case = cases["31"]
    assert "creatinine 3.09 mg/dL" in case.note and "creatinine 1.17 mg/dL" in case.note
    report, a = one(run_extract(case, gold(case, creatinine={"value": 3.09, "unit": "mg/dL"})))
    assert a.cause == "inputs"
    assert [(d.field, d.kind, d.model, d.gold) for d in a.diffs] == [("creatinine", "value", 3.09, 1.17)]
    (top,) = report.top_fields
    assert (top.calculator, top.field, top.kind, top.count) == ("ckd-epi-2021", "creatinine", "value", 1)
    assert example_text(top.examples[0], top.kind) == \
        "case 31: model 3.09 mg/dL, gold 1.17 mg/dL"


def test_a_missed_finding_and_a_false_finding(cases):
    # CHA2DS2-VASc of a 59-year-old man with hypertension and diabetes: 2. The model denies the
    # hypertension and claims a stroke (quoting the note): 1 + 2 = 3.
    case = cases["52"]
    reply = gold(case)
    assert reply["hypertension"] is True and "stroke" not in reply
    report, a = one(run_extract(case, reply, findings=reply | {"hypertension": False, "stroke": True}))
    assert a.cause == "inputs" and a.trace_kind == "extract"
    assert sorted((d.field, d.kind, d.model, d.gold) for d in a.diffs) == [
        ("hypertension", "finding_false_negative", False, True),
        ("stroke", "finding_false_positive", True, False)]
    assert report.kinds["finding_false_negative"] == report.kinds["finding_false_positive"] == 1


def test_a_finding_left_null_is_missing(cases):
    # all inputs in one reply: a null finding falls back to the declared default (absent)
    case = cases["52"]
    reply = gold(case, hypertension=None)
    report, a = one(run_extract(case, reply, split_findings=False))
    assert a.cause == "inputs"
    assert [(d.field, d.kind, d.model, d.gold) for d in a.diffs] == [("hypertension", "missing", False, True)]
    assert "model gave none (False used), gold True" in render_markdown(report)


def test_a_choice_left_out_is_missing_and_one_added_is_extra(cases):
    # MDRD: row 151 gives race Black (x1.212); left out, the declared default applies
    case = cases["151"]
    reply = gold(case)
    assert reply.pop("race") == "Black"
    _, a = one(run_extract(case, reply))
    assert a.cause == "inputs"
    assert [(d.field, d.kind, d.gold) for d in a.diffs] == [("race", "missing", "black")]
    # row 140 gives no race; the model adds one that changes the result
    case = cases["140"]
    assert "Race" not in case.entities
    _, b = one(run_extract(case, gold(case, race="Black")))
    assert b.cause == "inputs"
    assert [(d.field, d.kind, d.model) for d in b.diffs] == [("race", "extra", "black")]


# ---------------------------------------------------------------- the other causes


def test_no_answer_keeps_the_status_and_the_first_line_of_the_error(cases):
    _, a = one(run_extract(cases["90"], "I cannot tell from the note."))
    assert (a.cause, a.status) == ("no_answer", "unparsed")
    assert a.error == "no computable inputs after 3 turn(s): no JSON object"
    failing = Scripted(ModelError("server timed out\ntraceback ..."))
    report, b = one(run_extract(cases["90"], failing))
    assert (b.cause, b.status, b.error) == ("no_answer", "error", "server timed out")
    assert report.no_answer_statuses == {"error": 1}


def test_tools_calling_another_calculator(cases):
    case = cases["151"]  # MDRD
    reply = gold(case)
    args = {k: reply[k] for k in ("age", "sex", "creatinine")}
    row = run_tools(case, call("ckd_epi_2021", **args), call(FINAL, answer=80.0),
                    retrieved=["ckd-epi-2021", "mdrd-gfr"])
    assert row[1].trace["calculator"] == "ckd-epi-2021"
    _, a = one(row)
    assert (a.cause, a.called, a.trace_kind, a.calculator) == ("wrong_calculator", "ckd-epi-2021", "tools", "mdrd-gfr")
    # no calculator called at all
    _, b = one(run_tools(case, call(FINAL, answer=80.0), retrieved=["mdrd-gfr"]))
    assert b.cause == "wrong_calculator" and b.called is None


def test_tools_copy_slip(cases):
    case = cases["90"]
    row = run_tools(case, call("bmi", **gold(case)), call(FINAL, answer=42.0), retrieved=["bmi"])
    assert row[1].trace["answer_matches_calculator"] is False
    _, a = one(row)
    assert a.cause == "copy_slip"
    # the same call answered faithfully is correct
    _, b = one(run_tools(case, call("bmi", **gold(case)), call(FINAL, answer=24.2), retrieved=["bmi"]))
    assert b.correct and b.cause is None and b.diffs == ()


def test_the_dataset_disagrees(cases):
    # row 200 (Child-Pugh) is a reviewed deviation: the dataset scores ascites 'absent' 0, not 1
    case = cases["200"]
    report, a = one(run_extract(case, gold(case)))
    assert (a.cause, a.ceiling, a.documented, a.diffs) == ("dataset_disagrees", False, True, ())
    assert report.ceiling_correct == 0 and report.documented_disagreements == 1
    assert "1 on reviewed deviation rows" in render_text(report)
    # inputs that also differ: counted as inputs, flagged beyond the ceiling
    report, b = one(run_extract(case, gold(case, albumin={"value": 2.5, "unit": "g/dL"})))
    assert (b.cause, b.ceiling) == ("inputs", False)
    assert [(d.field, d.kind) for d in b.diffs] == [("albumin", "value")]
    assert report.inputs_beyond_ceiling == 1


def test_a_gold_value_the_audit_flags_is_not_blamed_on_the_model(cases):
    """Row 790: the note says albumin 4.2 g/L, the label was computed from it (0.42 g/dL), and
    the dataset audit flags that as implausible ("did you mean 4.2 g/dL?"). A model that reads
    4.2 g/dL misses the label because of the dataset, not its reading."""
    (case,) = [c for c in load_cases(subset="medrac_clean_940", calculators=["66"]) if c.id == "790"]
    from medreckon.bench.datasets.audit import audit

    assert any("albumin" in w for w in audit(calculator_ids=[66]).by_row[790].implausible)
    report, a = one(run_extract(case, gold(case, albumin={"value": 4.2, "unit": "g/dL"})))
    assert not a.correct and a.ceiling is True
    assert (a.cause, a.diffs) == ("dataset_disagrees", ())
    assert [(d.field, d.model, d.gold) for d in a.flagged] == [("albumin", 4.2, 0.42)]
    assert report.flagged_disagreements == 1 and report.kinds["unit"] == report.kinds["value"] == 0
    assert "1 where the audit flags gold's value as implausible" in render_text(report)
    # another value wrong besides: that one is the model's, the flagged one still is not
    _, b = one(run_extract(case, gold(case, albumin={"value": 4.2, "unit": "g/dL"}, chloride=120)))
    assert b.cause == "inputs" and [d.field for d in b.diffs] == ["chloride"]
    assert [d.field for d in b.flagged] == ["albumin"]
    # read as written (extract's unit fix off: it takes 4.2 g/L for 4.2 g/dL too), it is right
    _, c = one(run_extract(case, gold(case), fix_units=False))
    assert c.correct and c.flagged == ()


def test_other_when_inputs_and_gold_agree(cases):
    # row 142: MDRD 3.654 on the gold inputs; the calculator shows it rounded (4), which the
    # model reports: the inputs are right, the answer falls outside the ±5% limits
    case = cases["142"]
    row = run_tools(case, call("mdrd_gfr", **gold(case)), call(FINAL, answer=4.0), retrieved=["mdrd-gfr"])
    assert row[1].trace["answer_matches_calculator"] is True
    report, a = one(row)
    assert (a.correct, a.cause, a.ceiling, a.diffs) == (False, "other", True, ())


def test_no_gold_when_the_entities_cannot_be_converted(cases):
    # row 856: the dataset's verbal response is 'not testable', which has no GCS total
    case = cases["856"]
    reply = {"eye": "no eye opening", "verbal": "no verbal response", "motor": "no motor response"}
    report, a = one(run_extract(case, reply))
    assert (a.correct, a.cause, a.ceiling) == (False, "no_gold", None)
    assert "not testable" in a.error
    assert (report.cases, report.no_gold_cases, report.ceiling_correct) == (1, 1, 0)
    assert "0 of 0 cases" in render_text(report) and "1 case(s) without convertible" in render_text(report)


def test_strategies_without_structured_traces(cases):
    case = cases["90"]
    direct = get_strategy("direct")
    _, a = one((case, direct.run(case, Scripted({"answer": 30}), GEN)))
    assert (a.correct, a.cause, a.trace_kind) == (False, "not_attributable", None)
    _, b = one((case, direct.run(case, Scripted({"answer": 24.2}), GEN)))
    assert b.correct and b.cause is None
    _, c = one((case, direct.run(case, Scripted("no idea"), GEN)))
    assert c.cause == "no_answer"


# ---------------------------------------------------------------- the report


def mixed_rows(cases):
    c = cases
    return [
        run_extract(c["90"], gold(c["90"])),
        run_extract(c["31"], gold(c["31"], creatinine={"value": 3.09, "unit": "mg/dL"})),
        run_extract(c["31"], gold(c["31"], creatinine={"value": 1.85, "unit": "mg/dL"})),
        run_extract(c["52"], gold(c["52"]), findings=gold(c["52"], stroke=True)),
        run_extract(c["200"], gold(c["200"])),
        run_extract(c["90"], "nothing to say"),
        run_tools(c["90"], call("bmi", **gold(c["90"])), call(FINAL, answer=42.0), retrieved=["bmi"]),
    ]


def test_the_report_counts_causes_kinds_fields_and_the_ceiling(cases):
    report = attribute(mixed_rows(cases))
    assert (report.attempts, report.correct, report.wrong) == (7, 1, 6)
    assert report.causes == dict.fromkeys(attribution.CAUSES, 0) | {
        "inputs": 3, "dataset_disagrees": 1, "no_answer": 1, "copy_slip": 1}
    assert report.kinds == dict.fromkeys(attribution.KINDS, 0) | {"value": 2, "finding_false_positive": 1}
    # distinct cases 90, 31, 52, 200; only Child-Pugh row 200 fails on its own entities
    assert (report.cases, report.ceiling_correct, report.no_gold_cases) == (4, 3, 0)
    top = [(f.calculator, f.field, f.kind, f.count) for f in report.top_fields]
    assert top == [("ckd-epi-2021", "creatinine", "value", 2), ("cha2ds2-vasc", "stroke", "finding_false_positive", 1)]
    assert [e["case_id"] for e in report.top_fields[0].examples] == ["31", "31"]
    d = report.to_dict()
    assert json.loads(json.dumps(d)) == d and d["rows"][1]["diffs"][0]["field"] == "creatinine"
    text = render_text(report)
    assert "7 attempts, 1 correct (14.3%), 6 wrong" in text and "right for 3 of 4 cases (75.0%)" in text
    assert "inputs             3  50.0%" in text
    md = render_markdown(report, title="T")
    assert md.startswith("# T\n") and "| inputs | 3 | 50.0% |  |" in md
    assert "| ckd-epi-2021 | creatinine | value | 2 | case 31: model 3.09 mg/dL, gold 1.17 mg/dL |" in md


def test_causes_agree_with_the_first_wrong_step(cases):
    # the attribution is a view of the step verdicts: each cause has its first error
    from medreckon.bench.analysis.steps import Verifier

    verifier = Verifier()
    expected = {"inputs": "values", "copy_slip": "answer", "dataset_disagrees": "answer",
                "wrong_calculator": "calculator", "other": "answer", None: None}
    rows = mixed_rows(cases)
    for (case, outcome), a in zip(rows, attribute(rows).rows, strict=True):
        v = verifier.verify(case, outcome)
        if a.cause == "no_answer":
            assert v.status == "no_answer"
            continue
        assert v.first_error() == expected[a.cause], (case.id, a.cause)
        assert (a.cause == "dataset_disagrees") == (v.gold_correct is False and v.steps["values"] is True)


def test_the_rule_is_applied_and_checked(cases):
    row = run_extract(cases["90"], gold(cases["90"], weight={"value": 67, "unit": "kg"}))
    assert attribute([row]).correct == 1
    strict = attribute([row], "relative", percent=0.5)  # 24.6 is not within 0.5% of 24.242
    assert strict.correct == 0 and strict.causes["inputs"] == 1 and strict.params == {"percent": 0.5}
    with pytest.raises(ValueError, match="unknown scoring rule"):
        attribute([row], "nonsense")
    with pytest.raises(TypeError, match=r"rows\[0\]"):
        attribute([("case", "outcome")])


# ---------------------------------------------------------------- a stored run and the CLI


def stored_run(cases, path):
    """An `extract` run made by runner.run with a scripted model per case."""
    c = cases
    scripts = {
        c["90"].note: Scripted(gold(c["90"])),
        c["31"].note: Scripted(gold(c["31"], creatinine={"value": 3.09, "unit": "mg/dL"})),
        c["52"].note: Scripted(gold(c["52"]), findings=gold(c["52"], hypertension=False)),
        c["200"].note: Scripted(gold(c["200"])),
    }
    chosen = [c["90"], c["31"], c["52"], c["200"]]
    with Store(path, create=True) as store:
        settings = runner.RunSettings(model="scripted", strategy="extract")
        runner.run(store, chosen, Extract(configuration="plain"), ByNote(scripts), settings)
    return chosen


def test_a_stored_run_attributes_as_the_live_one(cases, tmp_path):
    stored_run(cases, tmp_path / "run")
    with Store(tmp_path / "run") as store:
        found = store.cases()
        rows = [(found[a.case_id], a.outcome) for a in store.attempts()]
    report = attribute(rows)
    assert [(a.case_id, a.cause) for a in report.rows] == [
        ("90", None), ("31", "inputs"), ("52", "inputs"), ("200", "dataset_disagrees")]
    by_case = {a.case_id: a for a in report.rows}
    assert [(d.field, d.kind) for d in by_case["52"].diffs] == [("hypertension", "finding_false_negative")]
    assert [(d.field, d.kind, d.model, d.gold) for d in by_case["31"].diffs] == \
        [("creatinine", "value", 3.09, 1.17)]


def test_cli_attribute(cases, tmp_path):
    from medreckon.cli import main

    stored_run(cases, tmp_path / "run")
    md, js = tmp_path / "a.md", tmp_path / "a.json"
    r = CliRunner().invoke(main, ["bench", "attribute", str(tmp_path / "run"), "--markdown", str(md),
                                  "--json", str(js)])
    assert r.exit_code == 0, r.output
    assert "model scripted · strategy extract" in r.output
    assert "4 attempts, 1 correct (25.0%), 3 wrong · rule medcalc_bench" in r.output
    assert "dataset_disagrees  1" in r.output and "inputs             2" in r.output
    assert f"wrote {md}" in r.output and f"wrote {js}" in r.output
    assert "| cha2ds2-vasc | hypertension | finding_false_negative | 1 |" in md.read_text()
    data = json.loads(js.read_text())
    assert data["causes"]["inputs"] == 2 and data["ceiling_correct"] == 3 and len(data["rows"]) == 4
    r = CliRunner().invoke(main, ["bench", "attribute", str(tmp_path / "run"), "--rule", "exact"])
    assert r.exit_code == 0 and "4 attempts, 0 correct" in r.output


def test_cli_attribute_refuses_what_is_not_a_run(tmp_path):
    from medreckon.cli import main

    r = CliRunner().invoke(main, ["bench", "attribute", str(tmp_path / "nowhere")])
    assert r.exit_code == 2 and "error:" in r.output and "is not a run directory" in r.output
    Store(tmp_path / "empty", create=True).close()
    r = CliRunner().invoke(main, ["bench", "attribute", str(tmp_path / "empty")])
    assert r.exit_code == 2 and "has no attempts yet" in r.output
    r = CliRunner().invoke(main, ["bench", "attribute", str(tmp_path / "empty"), "--rule", "nope"])
    assert r.exit_code == 2 and "unknown scoring rule 'nope'" in r.output


def test_runs_stored_before_the_calculation_trace_attribute_too(tmp_path, legacy_run):
    # tests/data/legacy_runs: synthetic cases, traces as untyped dicts (no "calc")
    rows = []
    for name in ("extract", "tools"):
        with Store(legacy_run(name)) as store:
            found = store.cases()
            rows += [(found[a.case_id], a.outcome) for a in store.attempts()]
    report = attribute(rows)
    got = [(a.case_id, a.trace_kind, a.cause) for a in report.rows]
    assert got == [("9001", "extract", None), ("9002", "extract", None), ("9003", "extract", "inputs"),
                   ("9001", "tools", None)]
    assert [(d.field, d.kind) for d in report.rows[2].diffs] == [("hypertension", "finding_false_negative")]
