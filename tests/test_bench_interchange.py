"""MedCalc-Bench-format JSONL: the exported fields, a lossless round trip, and imports of other
harnesses' files (written here in that format) with their errors."""

import datetime as dt
import json

import pytest

from medreckon.bench.analysis.summary import summarise
from medreckon.bench.datasets import DatasetNotFound, load_cases
from medreckon.bench.datasets.interchange import (
    MEDCALC_FIELDS,
    OUR_FIELDS,
    InterchangeError,
    export_jsonl,
    import_jsonl,
)
from medreckon.bench.types import Attempt, Outcome


@pytest.fixture(scope="module")
def cases():
    try:
        return {c.id: c for c in load_cases()}
    except DatasetNotFound:
        pytest.skip("MedCalc-Bench data not found")


def attempt(case_id, outcome, epoch=0):
    return Attempt(key=f"k{case_id}-{epoch}", run_id="run1", case_id=case_id, strategy="zero_shot_cot",
                   strategy_version="zs-1", model="embedded", epoch=epoch, outcome=outcome,
                   created_at="2025-01-01T00:00:00+00:00")


def _lines(path):
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def test_export_writes_medcalc_bench_fields(cases, tmp_path):
    rows = [
        (cases["1"], attempt("1", Outcome(raw='{"answer": "25.20"}', answer=25.2, status="ok", explanation="CG"))),
        (cases["1028"], attempt("1028", Outcome(raw="(0 weeks, 6 days)", answer=(0, 6), status="ok"))),
        (cases["221"], attempt("221", Outcome(raw="", answer=None, status="error", error="timed out"))),
    ]
    path = tmp_path / "out" / "run.jsonl"
    assert export_jsonl(rows, path) == 3
    first, ga, failed = _lines(path)
    assert list(first) == [*MEDCALC_FIELDS, *OUR_FIELDS]
    assert first["Row Number"] == 1 and first["Calculator ID"] == "2" and first["Category"] == "lab"
    assert first["Note ID"] == "pmc-7671985-1" and first["Ground Truth Answer"] == "25.238"
    assert (first["LLM Answer"], first["LLM Explanation"], first["Result"]) == ("25.2", "CG", "Correct")
    assert (ga["LLM Answer"], ga["Ground Truth Answer"], ga["Result"]) == ("('0 weeks', '6 days')",) * 2 + ("Correct",)
    assert (failed["LLM Answer"], failed["Status"], failed["Error"], failed["Result"]) == (None, "error", "timed out", "Incorrect")
    # The same attempts under another rule: "25.20" judged at 2 places is not within 0.005 of 25.238.
    export_jsonl(rows, path, rule="mdcalc_precision")
    assert [r["Result"] for r in _lines(path)] == ["Incorrect", "Correct", "Incorrect"]
    assert not list(path.parent.glob("*.tmp"))


def test_export_refuses_mismatched_pairs(cases, tmp_path):
    with pytest.raises(InterchangeError, match="is for case 2, paired with case 1"):
        export_jsonl([(cases["1"], attempt("2", Outcome(raw="", answer=1.0, status="ok")))], tmp_path / "x.jsonl")
    assert not (tmp_path / "x.jsonl").exists()
    with pytest.raises(ValueError, match="unknown scoring rule"):
        export_jsonl([], tmp_path / "y.jsonl", rule="close-enough")


def test_round_trip_keeps_answers_statuses_and_results(cases, tmp_path):
    picks = ["1", "5", "220", "300", "480", "1010", "1040"]
    outcomes = [
        Outcome(raw='{"answer": 25.24}', answer=25.24, status="ok", trace={"answer_decimals": 2}),
        Outcome(raw="", answer=None, status="unparsed", explanation="no idea"),
        Outcome(raw='{"answer": -1}', answer=-1, status="ok"),
        Outcome(raw="I cannot", answer=None, status="refused"),
        Outcome(raw='{"answer": -1.4', answer=-1.4, status="truncated"),
        Outcome(raw="", answer=dt.date(2020, 3, 1), status="ok"),
        Outcome(raw="", answer=(14, 1), status="ok"),
    ]
    rows = [(cases[p], attempt(p, o)) for p, o in zip(picks, outcomes, strict=True)]
    path = tmp_path / "run.jsonl"
    export_jsonl(rows, path)
    back = import_jsonl(path, cases)
    assert [cid for cid, _ in back] == picks
    for (_, original), (_, got) in zip(rows, back, strict=True):
        assert (got.answer, got.status, got.raw) == (original.outcome.answer, original.outcome.status, original.outcome.raw)
    originals = summarise([(cases[p], a.outcome) for p, (_, a) in zip(picks, rows, strict=True)])
    imported = summarise([(cases[cid], o) for cid, o in back])
    assert imported.overall == originals.overall
    assert [o.trace["original_result"] for _, o in back] == [r["Result"] for r in _lines(path)]


def test_import_other_harness_output(cases, tmp_path):
    lines = [
        {"Row Number": 1, "Calculator ID": "2", "Note ID": "pmc-7671985-1", "LLM Answer": "25.2 mL/min",
         "LLM Explanation": "CrCl by Cockcroft-Gault", "Result": "Correct"},
        {"Row Number": "2", "LLM Answer": "1,025.2", "LLM Explanation": "N/A", "Result": "Incorrect"},
        {"Row Number": 3, "LLM Answer": 38.0, "Result": "Correct"},
        {"Row Number": 4.0, "LLM Answer": "N/A", "Result": "Incorrect"},
        {"Row Number": 1028, "LLM Answer": ["0 weeks", "6 days"], "Result": "Correct"},
        {"Row Number": 928, "LLM Answer": "2014-09-23", "Result": "Correct"},
        {"Row Number": 300, "LLM Answer": None},
    ]
    path = tmp_path / "gpt.jsonl"
    path.write_text("\n".join(json.dumps(x) for x in lines) + "\n\n", encoding="utf-8")
    got = dict(import_jsonl(path, cases))
    assert (got["1"].answer, got["1"].status, got["1"].explanation) == (25.2, "ok", "CrCl by Cockcroft-Gault")
    assert got["1"].trace["original_result"] == "Correct" and got["1"].trace["line"] == 1
    assert got["2"].answer == 1025.2  # not 25.2
    assert (got["3"].answer, got["3"].raw) == (38.0, "38.0")
    assert (got["4"].answer, got["4"].status) == (None, "unparsed")
    assert got["1028"].answer == (0, 6)
    assert got["928"].answer == dt.date(2014, 9, 23)
    assert (got["300"].answer, got["300"].status, got["300"].raw) == (None, "unparsed", "")
    assert "Patient Note" not in got["1"].trace["original_fields"]


@pytest.mark.parametrize("content,message", [
    ('{"Row Number": 1, "LLM Answer": "3"}\nnot json\n', "line 2: not JSON"),
    ('[1, 2]\n', "line 1: expected a JSON object, got list"),
    ('{"LLM Answer": "3"}\n', "no 'Row Number' field"),
    ('{"Row Number": 1}\n', "no 'LLM Answer' field"),
    ('{"Row Number": 5000, "LLM Answer": "3"}\n', "Row Number 5000 is not a case"),
    ('{"Row Number": 1, "Calculator ID": "13", "LLM Answer": "3"}\n', "the file says calculator 13: the file was made from another version"),
    ('{"Row Number": 1, "Note ID": "pmc-1", "LLM Answer": "3"}\n', "is note pmc-7671985-1 .* but the file says pmc-1"),
    ('{"Row Number": 1, "LLM Answer": "3"}\n{"Row Number": "1", "LLM Answer": "4"}\n', "line 2: Row Number 1 was already given on line 1"),
    ("\n\n", "holds no lines"),
])
def test_import_errors_name_the_line(cases, tmp_path, content, message):
    path = tmp_path / "bad.jsonl"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(InterchangeError, match=message):
        import_jsonl(path, cases)


def test_import_missing_file(tmp_path):
    with pytest.raises(InterchangeError, match="no file at"):
        import_jsonl(tmp_path / "nope.jsonl", {})
