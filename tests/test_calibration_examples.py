"""benchmarks/calibrate_threshold.py calibrates `extract:decide=logprob` on the one-shot exemplars'
labelled findings, never on a test case: no exemplar it asks shares its note with a v1.0 test row
(three published exemplars do, and are left out). No model runs here."""

import importlib.util
from pathlib import Path

import pytest

from medreckon.bench.datasets import DatasetNotFound, load_cases

SCRIPT = Path(__file__).parents[1] / "benchmarks" / "calibrate_threshold.py"


@pytest.fixture(scope="module")
def script():
    spec = importlib.util.spec_from_file_location("calibrate_threshold", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def asked(script):
    try:
        return script.examples(None)
    except DatasetNotFound:
        pytest.skip("MedCalc-Bench data not found")


def test_no_question_comes_from_a_test_note(script, asked):
    test_notes = {script._opening(c.note) for c in load_cases("medcalc-bench")}
    exemplars = {case.metadata["note_id"] for case, *_ in asked}
    assert not {script._opening(case.note) for case, *_ in asked} & test_notes
    # one_shot_23 (MELD-Na) is test row 801's note and has labelled findings: it must be out
    assert "one_shot_23" not in exemplars and {"one_shot_11", "one_shot_30"}.isdisjoint(exemplars)


def test_the_questions_are_labelled_yes_no_findings_of_both_kinds(asked):
    assert len(asked) == 26
    assert all(spec.kind == "boolean" and isinstance(label, bool) for _, _, spec, label in asked)
    assert sum(label for *_, label in asked) == 10  # calibrate needs both labels


def test_a_limit_keeps_the_first_questions(script, asked):
    assert script.examples(4) == asked[:4]
