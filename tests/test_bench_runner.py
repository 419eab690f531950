"""Runner, strategies and prompts with in-process model clients (the real models are exercised in
test_bench_e2e.py): attempt keys, resume, retry-errors, error capture, epochs, concurrency."""

from __future__ import annotations

import datetime as dt
import time

import pytest

from medreckon.bench.answers import format_answer
from medreckon.bench.runs import runner
from medreckon.bench.runs.store import Store, StoreError
from medreckon.bench.strategies import STRATEGIES, get_strategy, prompts
from medreckon.bench.strategies.cot import Direct, OneShotCoT, ZeroShotCoT
from medreckon.bench.types import Case, ModelError, Usage
from scripted import Scripted


def case(cid: str, answer=10.0, output_type="decimal", calc=2, note=None) -> Case:
    return Case(id=cid, calculator_id=calc, calculator_name=f"Calculator {calc}",
                note=note or f"Note of case {cid}: weight 70 kg, height 175 cm.",
                question="What is the patient's value?", ground_truth=answer, lower=answer,
                upper=answer, output_type=output_type, category="lab", entities={},
                dataset="test-set", dataset_version="v0", metadata={})


CASES = [case(str(i)) for i in range(1, 7)]


class Replies(Scripted):
    """In-process ModelClient: replies from a function of the request; records calls and the
    peak number of concurrent calls."""

    usage = Usage(100, 5)

    def __init__(self, reply=lambda messages, gen: '{"answer": 10}', delay=0.0, name="test-model",
                 max_concurrency=None):
        super().__init__(reply, delay_s=delay, name=name, max_concurrency=max_concurrency)
        self.info = {"provider": "in-process"}
        self.latency_s = delay

    @property
    def calls(self) -> list[tuple[list, dict]]:
        return [(r["messages"], r["gen"]) for r in self.requests]


def settings(**kw):
    return runner.RunSettings(model=kw.pop("model", "test-model"), strategy=kw.pop("strategy", "direct"), **kw)


# --- attempt keys ---------------------------------------------------------------------------------

def test_attempt_key_changes_with_everything_that_makes_an_attempt():
    s, c = Direct(), CASES[0]
    gen = runner.effective_gen(s, {}, seed=0)
    base = runner.attempt_key(c, s, "m", gen, 0)
    assert base == runner.attempt_key(c, s, "m", dict(reversed(list(gen.items()))), 0)
    variants = [
        runner.attempt_key(c, s, "m2", gen, 0),
        runner.attempt_key(c, s, "m", {**gen, "max_tokens": 65}, 0),
        runner.attempt_key(c, s, "m", runner.effective_gen(s, {}, seed=1), 0),
        runner.attempt_key(c, s, "m", gen, 1),
        runner.attempt_key(c, ZeroShotCoT(), "m", gen, 0),
        runner.attempt_key(case("1", note="another note"), s, "m", gen, 0),
        runner.attempt_key(case("2"), s, "m", gen, 0),
    ]
    assert base not in variants and len(set(variants)) == len(variants)


def test_effective_gen_merges_strategy_defaults_user_values_and_seed():
    assert runner.effective_gen(Direct(), {"max_tokens": 8, "temperature": None}, seed=5) == {
        "temperature": 0.0, "max_tokens": 8, "seed": 5}


def test_default_run_dir_is_a_function_of_the_command():
    sel = {"dataset": "medcalc-bench", "per_calculator": 1}
    a = runner.default_run_dir(settings(model="openai-api/vllm/Qwen/Qwen2.5-7B"), sel)
    assert a == runner.default_run_dir(settings(model="openai-api/vllm/Qwen/Qwen2.5-7B"), dict(sel))
    assert a.parts[0] == "runs" and a.name.startswith("Qwen2.5-7B_direct_medcalc-bench_")
    assert a != runner.default_run_dir(settings(model="openai-api/vllm/Qwen/Qwen2.5-7B"),
                                       {**sel, "per_calculator": 2})


# --- running and resuming -------------------------------------------------------------------------

def test_every_attempt_is_stored_once_and_a_rerun_makes_none(tmp_path):
    client = Replies()
    with Store(tmp_path, create=True) as store:
        seen = []
        p = runner.run(store, CASES, Direct(), client, settings(),
                       on_progress=lambda pr, a: seen.append(a and a.case_id))
        assert (p.done, p.already, p.statuses["ok"]) == (6, 0, 6)
        assert seen[0] is None and sorted(seen[1:]) == sorted(c.id for c in CASES)
        attempts = store.attempts()
        assert [a.case_id for a in attempts] == [c.id for c in CASES]
        assert all(a.outcome.answer == 10 and a.outcome.status == "ok" for a in attempts)
        assert len({a.key for a in attempts}) == 6
        p2 = runner.run(store, CASES, Direct(), client, settings())
        assert (p2.done, p2.already) == (0, 6)
        assert len(client.calls) == 6
        config = store.config()
        assert config["model"] == "test-model" and config["strategy_version"] == Direct().version
        assert config["gen"] == {"temperature": 0.0, "max_tokens": 64, "seed": 0}


def test_adding_cases_to_a_run_only_attempts_the_new_ones(tmp_path):
    client = Replies()
    with Store(tmp_path, create=True) as store:
        runner.run(store, CASES[:3], Direct(), client, settings())
        p = runner.run(store, CASES, Direct(), client, settings())
        assert (p.done, p.already) == (3, 3)
        assert len(store.attempts()) == 6 and len(client.calls) == 6


def test_a_run_directory_refuses_other_settings(tmp_path):
    with Store(tmp_path, create=True) as store:
        runner.run(store, CASES[:1], Direct(), Replies(), settings())
        with pytest.raises(StoreError, match="holds a different run.*max_tokens"):
            runner.run(store, CASES[:1], Direct(), Replies(), settings(gen={"max_tokens": 9}))
        with pytest.raises(StoreError, match="strategy"):
            runner.run(store, CASES[:1], ZeroShotCoT(), Replies(), settings(strategy="zero_shot_cot"))
        with pytest.raises(StoreError, match="model"):
            runner.run(store, CASES[:1], Direct(), Replies(name="x"), settings(model="x"))


def test_model_errors_and_exceptions_become_error_attempts_and_can_be_retried(tmp_path):
    def flaky(messages, gen):
        text = messages[-1]["content"]
        if "case 2:" in text:
            return ModelError("endpoint: failed after 4 tries: InternalServerError 500")
        if "case 3:" in text:
            return RuntimeError("unexpected bug")
        return '{"answer": 10}'

    with Store(tmp_path, create=True) as store:
        p = runner.run(store, CASES, Direct(), Replies(flaky), settings())
        assert p.statuses["error"] == 2 and p.statuses["ok"] == 4
        errors = {a.case_id: a.outcome.error for a in store.attempts() if a.outcome.status == "error"}
        assert errors == {"2": "endpoint: failed after 4 tries: InternalServerError 500",
                          "3": "RuntimeError: unexpected bug"}
        # a plain rerun does not redo errors; --retry-errors does, and only them
        assert runner.run(store, CASES, Direct(), Replies(), settings()).done == 0
        healthy = Replies()
        p = runner.run(store, CASES, Direct(), healthy, settings(), retry_errors=True)
        assert (p.done, p.already) == (2, 4) and len(healthy.calls) == 2
        assert store.counts() == {"ok": 6} and len(store.attempts()) == 6


def test_statuses_from_parsing_are_counted_apart(tmp_path):
    def replies(messages, gen):
        text = messages[-1]["content"]
        if "case 1:" in text:
            return ('{"answer": 1', "length")
        if "case 2:" in text:
            return "I cannot help with that."
        return '{"answer": 10}'

    with Store(tmp_path, create=True) as store:
        p = runner.run(store, CASES[:3], Direct(), Replies(replies), settings())
        by_case = {a.case_id: a.outcome for a in store.attempts()}
        assert by_case["1"].status == "truncated"  # the parser keeps the answer for audits
        assert by_case["2"].status in ("unparsed", "refused")
        assert by_case["3"].status == "ok"
        assert p.statuses["truncated"] == 1 and p.statuses["ok"] == 1
        assert by_case["1"].trace["finish_reason"] == "length"
        assert by_case["3"].trace["messages"][0]["role"] == "system"


def test_epochs_make_separate_attempts(tmp_path):
    with Store(tmp_path, create=True) as store:
        p = runner.run(store, CASES[:2], Direct(), Replies(), settings(epochs=3))
        assert p.done == 6
        assert sorted((a.case_id, a.epoch) for a in store.attempts()) == [
            (c, e) for c in ("1", "2") for e in range(3)]


def test_concurrency_is_used_and_capped_by_the_client(tmp_path):
    parallel = Replies(delay=0.1)
    with Store(tmp_path / "a", create=True) as store:
        t = time.monotonic()
        runner.run(store, CASES, Direct(), parallel, settings(), concurrency=3)
        assert time.monotonic() - t < 0.5  # 6 x 0.1 s in three lanes
    assert parallel.peak == 3
    single = Replies(delay=0.02, max_concurrency=1)  # like an in-process llama.cpp model
    with Store(tmp_path / "b", create=True) as store:
        runner.run(store, CASES, Direct(), single, settings(), concurrency=8)
    assert single.peak == 1


def test_an_interrupt_keeps_what_finished(tmp_path):
    def stop_at_4(messages, gen):
        if "case 4:" in messages[-1]["content"]:
            raise KeyboardInterrupt
        return '{"answer": 10}'


    with Store(tmp_path, create=True) as store:
        with pytest.raises(KeyboardInterrupt):
            runner.run(store, CASES, Direct(), Replies(stop_at_4), settings())
        done = {a.case_id for a in store.attempts()}
        # 1-3 finished before the interrupt and are kept; 5 may have finished beside it
        assert {"1", "2", "3"} <= done <= {"1", "2", "3", "5"}
        p = runner.run(store, CASES, Direct(), Replies(), settings())
        assert (p.done, p.already) == (6 - len(done), len(done))
        assert sorted(a.case_id for a in store.attempts()) == sorted(c.id for c in CASES)


def test_record_imported_is_idempotent(tmp_path):
    from medreckon.bench.types import Outcome

    by_id = {c.id: c for c in CASES}
    pairs = [("1", Outcome(raw="10", answer=10.0, status="ok")),
             ("2", Outcome(raw="?", answer=None, status="unparsed"))]
    with Store(tmp_path, create=True) as store:
        assert runner.record_imported(store, pairs, by_id, label="other", source_sha256="ab" * 32) == 2
        assert runner.record_imported(store, pairs, by_id, label="other", source_sha256="ab" * 32) == 0
        assert store.config()["strategy"] == "imported"
        with pytest.raises(ValueError, match="cases the dataset lacks"):
            runner.record_imported(store, [("99", pairs[0][1])], by_id, label="other",
                                   source_sha256="ab" * 32)


# --- strategies and prompts -----------------------------------------------------------------------

def test_prompt_text_is_pinned_to_its_version():
    # Changed a prompt sentence? Bump prompts.PROMPT_VERSION and update this fingerprint. (The
    # category answer format was added without a bump: no earlier case can receive it.)
    assert prompts.PROMPT_VERSION == "1"
    assert prompts.texts_fingerprint() == (
        "84f7629cfd626f3156e7a1bb480a7ad4ee653800d2c940e1f549de746fe0be47")
    assert {STRATEGIES[n]().version for n in ("direct", "zero_shot_cot", "one_shot_cot")} == {"1+p1"}


@pytest.mark.parametrize("output_type, answer, shown", [
    ("decimal", 12.5, 12.5),
    ("integer", 3, 3),
    ("date", dt.date(2021, 7, 4), "07/04/2021"),
    ("gestational_age", (14, 1), "14 weeks, 1 days"),
])
def test_exemplar_answers_are_written_as_the_prompts_ask(output_type, answer, shown):
    assert format_answer(answer, output_type, "prompt") == shown


def test_direct_and_zero_shot_messages():
    c = case("1", output_type="date", answer=dt.date(2021, 7, 4))
    d = Direct().messages(c)
    assert [m["role"] for m in d] == ["system", "user"]
    assert c.note in d[1]["content"] and c.question in d[1]["content"]
    assert '{"answer": <the date as a string "MM/DD/YYYY">}' in d[1]["content"]
    z = ZeroShotCoT().messages(c)
    assert '"reasoning"' in z[1]["content"] and "one step at a time" in z[1]["content"]


def test_one_shot_uses_an_exemplar_of_the_same_calculator():
    ex = Case(id="ex-2", calculator_id=2, calculator_name="Calculator 2", note="Exemplar note.",
              question="Exemplar question?", ground_truth=55.3, lower=None, upper=None,
              output_type="decimal", category="lab", entities={}, dataset="one-shot",
              dataset_version="v0", metadata={"ground_truth_explanation": "CrCl = (140 - age) x weight / (72 x Cr) = 55.3"})
    s = OneShotCoT({2: ex})
    m = s.messages(CASES[0])
    assert [x["role"] for x in m] == ["system", "user", "assistant", "user"]
    assert "Exemplar note." in m[1]["content"] and CASES[0].note in m[3]["content"]
    assert m[2]["content"] == ('{"reasoning": "CrCl = (140 - age) x weight / (72 x Cr) = 55.3", '
                               '"answer": 55.3}')
    with pytest.raises(ValueError, match=r"no exemplar for calculator\(s\): 7 \(Calculator 7\)"):
        s.check([case("x", calc=7)])
    bare = OneShotCoT({2: Case(**{**ex.__dict__, "metadata": {}})})
    with pytest.raises(ValueError, match="no worked explanation"):
        bare.check([CASES[0]])


def test_unknown_strategy_is_named():
    with pytest.raises(ValueError, match="unknown strategy 'fancy'; known: direct, zero_shot_cot, one_shot_cot"):
        get_strategy("fancy")


def test_strategy_passes_generation_parameters_through(tmp_path):
    client = Replies()
    with Store(tmp_path, create=True) as store:
        runner.run(store, CASES[:1], ZeroShotCoT(), client,
                   settings(strategy="zero_shot_cot", gen={"max_tokens": 300}, seed=7))
    assert client.calls[0][1] == {"temperature": 0.0, "max_tokens": 300, "seed": 7}
