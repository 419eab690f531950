"""Evaluations of stored attempts: committed one by one, resumed without repeating, kept per
evaluator version, evaluator failures stored as status `error` (never as a verdict)."""

from __future__ import annotations

import pytest

from medreckon.bench.analysis.scoring import ScoreEvaluator, is_correct
from medreckon.bench.runs import runner
from medreckon.bench.runs.evaluations import Evaluator, evaluate
from medreckon.bench.runs.store import Store
from medreckon.bench.strategies import get_strategy
from medreckon.bench.types import Case
from scripted import Scripted


def case(cid: str, answer: float) -> Case:
    return Case(id=cid, calculator_id=6, calculator_name="Body Mass Index (BMI)",
                note=f"Note {cid}.", question="What is the patient's BMI?", ground_truth=answer,
                lower=answer * 0.95, upper=answer * 1.05, output_type="decimal", category="physical",
                entities={}, dataset="test-set", dataset_version="v0")


CASES = [case("1", 25.0), case("2", 30.0), case("3", 20.0)]


@pytest.fixture
def store(tmp_path):
    """A run of three attempts: right, wrong, unparsed."""
    with Store(tmp_path / "run", create=True) as s:
        model = Scripted('{"answer": 25.1}', '{"answer": 40}', "no idea")
        runner.run(s, CASES, get_strategy("direct"), model,
                   runner.RunSettings(model="scripted", strategy="direct"))
        yield s


class Counting:
    """An evaluator that counts its calls and fails on the cases named in `fail`."""

    name = "count"

    def __init__(self, version="1", fail=()):
        self.version, self.fail, self.calls = version, set(fail), 0

    def evaluate(self, case, attempt):
        self.calls += 1
        if case.id in self.fail:
            raise RuntimeError(f"cannot judge case {case.id}")
        return {"case": case.id}


def test_scores_are_stored_per_attempt_and_agree_with_is_correct(store):
    evaluator = ScoreEvaluator("medcalc_bench")
    assert isinstance(evaluator, Evaluator)
    made = evaluate(store, evaluator)
    cases = store.cases()
    assert [e.payload for e in made] == [{"correct": True}, {"correct": False}, {"correct": False}]
    assert made == store.evaluations("score:medcalc_bench")
    for attempt, evaluation in zip(store.attempts(), made, strict=True):
        assert evaluation.attempt_key == attempt.key and evaluation.status == "ok"
        assert evaluation.payload["correct"] is is_correct(attempt.outcome, cases[attempt.case_id])


def test_evaluating_again_computes_only_what_is_missing(store):
    first = Counting()
    assert len(evaluate(store, first)) == 3 and first.calls == 3
    again = Counting()
    assert evaluate(store, again) == [] and again.calls == 0
    runner.run(store, [*CASES, case("4", 22.0)], get_strategy("direct"), Scripted('{"answer": 22}'),
               runner.RunSettings(model="scripted", strategy="direct"))
    [new] = evaluate(store, again)
    assert again.calls == 1 and new.payload == {"case": "4"}


def test_a_new_evaluator_version_adds_rows_and_keeps_the_old(store):
    evaluate(store, Counting("1"))
    assert len(evaluate(store, Counting("2"))) == 3
    assert [e.evaluator_version for e in store.evaluations("count")] == ["1", "2"] * 3
    assert len(store.evaluations("count", "1")) == 3


def test_an_evaluator_failure_is_stored_as_error_and_retried_on_request(store):
    made = evaluate(store, Counting(fail={"2"}))
    assert [e.status for e in made] == ["ok", "error", "ok"]
    assert made[1].payload == {"error": "RuntimeError: cannot judge case 2"}
    assert evaluate(store, Counting()) == []  # an error is kept, like an error attempt
    retried = evaluate(store, Counting(), retry_errors=True)
    assert [(e.status, e.payload) for e in retried] == [("ok", {"case": "2"})]
    assert [e.status for e in store.evaluations("count")] == ["ok", "ok", "ok"]
