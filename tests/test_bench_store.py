"""The run store: JSON codecs for every answer type, WAL, unique attempt and evaluation keys,
error replacement, schema versions."""

import datetime as dt
import sqlite3

import pytest

from medreckon.bench.runs.store import (
    Store,
    StoreError,
    case_from_json,
    case_to_json,
    decode_answer,
    encode_answer,
    outcome_from_json,
    outcome_to_json,
)
from medreckon.bench.types import Attempt, Case, Evaluation, Outcome, Usage


def make_case(cid="1", answer=12.5, output_type="decimal", lower=None, upper=None, **kw):
    return Case(
        id=cid, calculator_id=kw.pop("calculator_id", 2),
        calculator_name=kw.pop("calculator_name", "Creatinine Clearance"),
        note="A 60-year-old woman ...", question="What is her creatinine clearance?",
        ground_truth=answer, lower=lower, upper=upper, output_type=output_type,
        category=kw.pop("category", "lab"), entities=kw.pop("entities", {"age": [60, "years"]}),
        dataset="medcalc-bench", dataset_version="v1.0", metadata=kw.pop("metadata", {}),
    )


def make_attempt(key="k1", case_id="1", status="ok", answer=12.5, **kw):
    return Attempt(key=key, run_id="r", case_id=case_id, strategy="direct",
                   strategy_version="1+p1", model="embedded", epoch=kw.get("epoch", 0),
                   outcome=Outcome(raw='{"answer": 12.5}', answer=answer, status=status,
                                   error=kw.get("error")),
                   created_at="2025-01-01T00:00:00.000+00:00")


@pytest.mark.parametrize("answer, stored", [
    (12.5, 12.5),
    (3, 3),
    (-0.25, -0.25),
    (dt.date(2021, 7, 4), {"date": "2021-07-04"}),
    ((14, 1), {"weeks_days": [14, 1]}),
    (None, None),
])
def test_answer_codec_round_trips_every_output_type(answer, stored):
    assert encode_answer(answer) == stored
    back = decode_answer(encode_answer(answer))
    assert back == answer and type(back) is type(answer)


def test_answer_codec_rejects_what_is_not_an_answer():
    with pytest.raises(TypeError):
        encode_answer(True)
    with pytest.raises(TypeError):
        encode_answer(b"12.5")
    with pytest.raises(ValueError):
        decode_answer({"something": 1})
    with pytest.raises(ValueError):
        decode_answer({"category": 3})


def test_case_round_trips_with_tuples_dates_and_metadata():
    case = make_case(answer=(4, 2), output_type="gestational_age",
                     lower=(4, 2), upper=(4, 2),
                     entities={"cycle": [28, "days"], "lmp": dt.date(2020, 1, 5)},
                     metadata={"note_id": "pmc-1", "explanation": "Weeks since LMP ..."})
    back = case_from_json(case_to_json(case))
    assert back.ground_truth == (4, 2) and back.lower == (4, 2)
    assert back.entities == {"cycle": [28, "days"], "lmp": "2020-01-05"}
    assert back.metadata["explanation"] == "Weeks since LMP ..."
    assert back.id == case.id and back.output_type == "gestational_age"


def test_outcome_round_trips():
    o = Outcome(raw="x", answer=dt.date(2022, 2, 1), status="ok", explanation="why",
                trace={"messages": [{"role": "user", "content": "q"}], "t": (1, 2)},
                usage=Usage(prompt_tokens=10, completion_tokens=3), latency_s=1.5, model_calls=1)
    back = outcome_from_json(outcome_to_json(o))
    assert back.answer == dt.date(2022, 2, 1)
    assert back.usage == Usage(10, 3) and back.latency_s == 1.5
    assert back.trace["t"] == [1, 2]


def test_store_needs_create_for_a_new_directory(tmp_path):
    with pytest.raises(StoreError, match="not a run directory"):
        Store(tmp_path / "nope")
    Store(tmp_path / "run", create=True).close()
    Store(tmp_path / "run").close()


def test_store_is_wal_and_keeps_cases_in_order(tmp_path):
    with Store(tmp_path, create=True) as s:
        mode = s._db.execute("PRAGMA journal_mode").fetchone()[0]
        assert mode == "wal"
        assert s.add_cases([make_case("3"), make_case("1")]) == 2
        assert s.add_cases([make_case("1"), make_case("2")]) == 1  # "1" already there
        assert list(s.cases()) == ["3", "1", "2"]


def test_attempt_keys_are_unique_and_only_errors_are_replaced(tmp_path):
    with Store(tmp_path, create=True) as s:
        s.add_cases([make_case("1")])
        assert s.put_attempt(make_attempt("k1", status="error", answer=None, error="timeout"))
        assert not s.put_attempt(make_attempt("k1", status="ok"))  # no repeat without retry
        assert s.statuses() == {"k1": "error"}
        assert s.put_attempt(make_attempt("k1", status="ok"), replace_error=True)
        assert s.statuses() == {"k1": "ok"}
        # an ok attempt is never replaced, even when retrying errors
        assert not s.put_attempt(make_attempt("k1", status="unparsed", answer=None), replace_error=True)
        assert s.counts() == {"ok": 1}
        [a] = s.attempts()
        assert a.outcome.answer == 12.5 and a.outcome.status == "ok"


def test_committed_attempts_are_visible_to_another_connection(tmp_path):
    s = Store(tmp_path, create=True)
    s.add_cases([make_case("1")])
    s.put_attempt(make_attempt("k1"))
    other = sqlite3.connect(tmp_path / "run.sqlite")
    assert other.execute("SELECT COUNT(*) FROM attempts").fetchone() == (1,)
    other.close()
    s.close()


def test_config_round_trips(tmp_path):
    with Store(tmp_path, create=True) as s:
        s.set_config({"model": "embedded", "gen": {"max_tokens": 64, "seed": 0}, "epochs": 1})
        c = s.config()
        assert c["model"] == "embedded" and c["gen"] == {"max_tokens": 64, "seed": 0}
        assert c["schema_version"] == 2


def make_evaluation(key="k1", status="ok", version="1", payload=None):
    return Evaluation(attempt_key=key, evaluator="score:medcalc_bench", evaluator_version=version,
                      status=status, payload={"correct": True} if payload is None else payload,
                      created_at="2025-01-01T00:00:01.000+00:00")


def test_evaluation_keys_are_unique_per_version_and_only_errors_are_replaced(tmp_path):
    with Store(tmp_path, create=True) as s:
        s.add_cases([make_case("1")])
        s.put_attempt(make_attempt("k1"))
        assert s.put_evaluation(make_evaluation(status="error", payload={"error": "boom"}))
        assert not s.put_evaluation(make_evaluation())  # no repeat without retry
        assert s.put_evaluation(make_evaluation(), replace_error=True)
        assert not s.put_evaluation(make_evaluation(payload={"correct": False}), replace_error=True)
        assert s.put_evaluation(make_evaluation(version="2", payload={"correct": False}))
        assert s.evaluation_statuses("score:medcalc_bench", "1") == {"k1": "ok"}
        assert [(e.evaluator_version, e.payload) for e in s.evaluations()] == [
            ("1", {"correct": True}), ("2", {"correct": False})]
        assert s.evaluations("score:medcalc_bench", "2") == [make_evaluation(version="2", payload={"correct": False})]
        assert s.evaluations("score:exact") == []


def test_replacing_an_error_attempt_drops_its_evaluations(tmp_path):
    with Store(tmp_path, create=True) as s:
        s.add_cases([make_case("1")])
        s.put_attempt(make_attempt("k1", status="error", answer=None, error="timeout"))
        s.put_attempt(make_attempt("k2", case_id="1", epoch=1))
        s.put_evaluation(make_evaluation("k1", payload={"correct": False}))
        s.put_evaluation(make_evaluation("k2"))
        assert s.put_attempt(make_attempt("k1"), replace_error=True)
        assert [e.attempt_key for e in s.evaluations()] == ["k2"]


def test_a_store_of_a_newer_schema_is_refused(tmp_path):
    Store(tmp_path, create=True).close()
    db = sqlite3.connect(tmp_path / "run.sqlite")
    with db:
        db.execute("UPDATE config SET value = '3' WHERE key = 'schema_version'")
    db.close()
    with pytest.raises(StoreError, match="schema 3"):
        Store(tmp_path)
