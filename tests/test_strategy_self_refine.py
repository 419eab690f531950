"""`self_refine`: zero-shot CoT, then critique (a JSON verdict) and revision, at most N rounds,
stopping when the critique finds no error. Scripted replies for the loop, its bounds and its
statuses; the embedded model end to end on real MedCalc-Bench cases."""

from __future__ import annotations

import pytest

import scripted
from medreckon.bench.strategies import get_strategy, prompts
from medreckon.bench.strategies import self_refine as refine
from medreckon.bench.strategies.self_refine import (
    CRITIQUE_SCHEMA,
    SelfRefine,
    Verdict,
    read_verdict,
)
from medreckon.bench.types import Case, Completion, ModelError, Usage
from scripted import GEN

NO_ERROR = '{"problems": [], "has_error": false}'


def error(*problems: str) -> str:
    import json

    return json.dumps({"problems": list(problems), "has_error": True})


def answer(value, why="BMI = 80 / 1.8^2") -> str:
    import json

    return json.dumps({"reasoning": why, "answer": value})


class Scripted(scripted.Scripted):
    usage, latency_s = Usage(50, 10), 1.0


def case(output_type="decimal") -> Case:
    return Case(id="t1", calculator_id=6, calculator_name="Body Mass Index (BMI)",
                note="A 40-year-old man, weight 80 kg, height 180 cm.",
                question="What is the patient's body mass index (BMI)? Your answer should be in "
                         "terms of kg/m².",
                ground_truth=24.691, lower=23.457, upper=25.926, output_type=output_type,
                category="physical", entities={}, dataset="test", dataset_version="0")


# ---------------------------------------------------------------- the verdict


@pytest.mark.parametrize("text, verdict", [
    (NO_ERROR, Verdict(False, ())),
    (error("height is 1.8 m, not 18 m"), Verdict(True, ("height is 1.8 m, not 18 m",))),
    ('Review:\n```json\n{"problems": ["x"], "has_error": "true"}\n```', Verdict(True, ("x",))),
    ('{"has_error": false, "problems": "none"}', Verdict(False, ("none",))),
    ('{"problems": ["", "  "], "has_error": true}', Verdict(True, ())),
])
def test_a_verdict_is_read_from_the_critique(text, verdict):
    assert read_verdict(text) == verdict


@pytest.mark.parametrize("text", ["", "looks fine", '{"problems": []}', '{"has_error": "maybe"}',
                                  '{"has_error": 1}', '{"problems": 3, "has_error": true}',
                                  '{"problems": ["cut off'])
def test_an_unreadable_verdict_is_none(text):
    assert read_verdict(text) is None


# ---------------------------------------------------------------- the loop


def test_no_error_found_stops_after_the_first_critique():
    model = Scripted(answer(24.7), NO_ERROR)
    out = SelfRefine().run(case(), model, GEN)
    assert out.status == "ok" and out.answer == 24.7
    assert out.model_calls == 2 and out.usage == Usage(100, 20) and out.latency_s == 2.0
    assert out.trace["stop_reason"] == "no_error_found" and out.trace["answer_from"] == "initial"
    assert out.trace["rounds"][0]["critique"]["has_error"] is False
    critique = model.requests[1]
    assert critique["response_format"]["json_schema"]["schema"] == CRITIQUE_SCHEMA
    assert "Proposed solution:" in critique["messages"][1]["content"]
    assert answer(24.7) in critique["messages"][1]["content"]
    assert model.requests[0]["messages"] == out.trace["messages"]  # the zero-shot CoT prompt
    assert model.requests[0]["messages"][1] == prompts.user_message(case(), prompts.STEP_BY_STEP_INSTRUCTION)


def test_a_found_error_is_revised_and_the_revision_critiqued():
    model = Scripted(answer(2.5), error("height 180 cm is 1.8 m; BMI = 80 / 1.8^2"),
                     answer(24.7), NO_ERROR)
    out = SelfRefine().run(case(), model, GEN)
    assert out.status == "ok" and out.answer == 24.7 and out.model_calls == 4
    assert out.trace["answer_from"] == "round 1" and out.trace["stop_reason"] == "no_error_found"
    assert out.trace["initial"]["answer"] == "2.5"
    r1, r2 = out.trace["rounds"]
    assert r1["critique"]["problems"] == ["height 180 cm is 1.8 m; BMI = 80 / 1.8^2"]
    assert r1["revision"]["answer"] == "24.7" and "revision" not in r2
    revise = model.requests[2]["messages"]
    assert [m["role"] for m in revise] == ["system", "user", "assistant", "user"]
    assert revise[2]["content"] == answer(2.5)
    assert "- height 180 cm is 1.8 m" in revise[3]["content"]
    assert model.requests[2]["response_format"] is None


def test_rounds_are_bounded_when_the_critic_always_objects():
    model = Scripted(answer(24.7), error("recheck"), answer(24.6), error("recheck"), answer(24.5),
                     error("recheck"), answer(24.4))
    out = SelfRefine(rounds=2).run(case(), model, GEN)
    assert out.model_calls == 1 + 2 * 2 and out.trace["stop_reason"] == "max_rounds"
    assert out.answer == 24.5 and out.trace["answer_from"] == "round 2"
    endless = Scripted(answer(1), *[error("x"), answer(1)] * 10)
    assert SelfRefine().run(case(), endless, GEN).model_calls == 1 + 5 * 2  # the default: 5 rounds
    assert SelfRefine(rounds=0).run(case(), Scripted(answer(24.7)), GEN).model_calls == 1


def test_a_model_that_never_answers_ends_unparsed_after_the_rounds():
    model = Scripted("Let me think about the BMI of this patient.")
    out = SelfRefine(rounds=3).run(case(), model, GEN)
    assert out.status == "unparsed" and out.answer is None
    # an unreadable solution is not sent to the critic: our own problem line goes back
    assert out.model_calls == 1 + 3 and all(r["critique"]["by"] == "parser" for r in out.trace["rounds"])
    assert "did not give the answer in the JSON object" in model.requests[1]["messages"][-1]["content"]
    assert out.trace["stop_reason"] == "max_rounds"


def test_a_cut_off_reply_is_named_as_such():
    cut = Completion(text='{"reasoning": "BMI = weight / height', finish_reason="length")
    model = Scripted(cut, answer(24.7), NO_ERROR)
    out = SelfRefine().run(case(), model, GEN)
    assert out.status == "ok" and out.answer == 24.7 and out.model_calls == 3
    assert "cut off at the length limit" in model.requests[1]["messages"][-1]["content"]
    assert out.trace["initial"]["status"] == "truncated"


def test_a_failed_last_revision_keeps_the_last_readable_answer():
    model = Scripted(answer(24.7), error("recheck"), "I am not sure any more.")
    out = SelfRefine(rounds=1).run(case(), model, GEN)
    assert out.status == "ok" and out.answer == 24.7 and out.trace["answer_from"] == "initial"
    assert out.raw == answer(24.7)
    assert out.trace["rounds"][0]["revision"]["status"] == "unparsed"


def test_an_unreadable_critique_ends_the_loop_with_the_current_answer():
    out = SelfRefine().run(case(), Scripted(answer(24.7), "The solution seems right."), GEN)
    assert out.status == "ok" and out.answer == 24.7 and out.model_calls == 2
    assert out.trace["stop_reason"] == "critique_unreadable"
    assert out.trace["rounds"][0]["critique"]["has_error"] is None


def test_a_model_error_anywhere_is_status_error():
    for replies, calls in (((ModelError("down"),), 1), ((answer(24.7), ModelError("down")), 2),
                           ((answer(24.7), error("x"), ModelError("down")), 3)):
        out = SelfRefine().run(case(), Scripted(*replies), GEN)
        assert out.status == "error" and out.answer is None and "down" in out.error
        assert out.model_calls == calls and out.trace["stop_reason"] == "model_error"


def test_the_time_budget_stops_the_loop():
    out = SelfRefine(time_limit_s=1e-9).run(case(), Scripted(answer(24.7), error("x")), GEN)
    assert out.model_calls == 1 and out.trace["stop_reason"] == "time_limit"
    assert out.status == "ok" and out.answer == 24.7


def test_other_output_types_are_recorded_as_the_dataset_writes_them():
    ga = case("gestational_age")
    out = SelfRefine().run(ga, Scripted(answer("8 weeks, 6 days", "62 days"), NO_ERROR), GEN)
    assert out.answer == (8, 6) and out.trace["initial"]["answer"] == "('8 weeks', '6 days')"


def test_parameters_are_in_the_version_and_validated():
    assert SelfRefine().version == f"1+p{prompts.PROMPT_VERSION}.{refine.REFINE_PROMPT_VERSION}+rounds=5"
    assert SelfRefine(rounds=2).version.endswith("+rounds=2")
    for bad in (-1, 2.5, True):
        with pytest.raises(ValueError, match="rounds"):
            SelfRefine(rounds=bad)
    assert isinstance(get_strategy("self_refine"), SelfRefine)


def test_the_prompt_text_is_pinned_to_its_version():
    # Edit a sentence or the schema in refine.py and bump REFINE_PROMPT_VERSION.
    assert (refine.REFINE_PROMPT_VERSION, refine.texts_fingerprint()[:16]) == ("1", "bce34e0f05eec23f")


# ---------------------------------------------------------------- end to end, embedded model


@pytest.mark.embedded
def test_end_to_end_with_the_embedded_model(embedded_model, medcalc_cases):
    cases = medcalc_cases("61,24")
    strategy = SelfRefine(rounds=1)
    for c in cases:
        o = strategy.run(c, embedded_model, {"temperature": 0.0, "max_tokens": 200, "seed": 0})
        assert o.status in ("ok", "unparsed", "truncated", "refused"), o.error
        assert 2 <= o.model_calls <= 3 and o.usage.prompt_tokens > 0
        assert o.trace["rounds_run"] == 1 and o.trace["stop_reason"] in (
            "no_error_found", "max_rounds", "critique_unreadable")
        crit = o.trace["rounds"][0]["critique"]
        if crit["by"] == "model" and crit["finish_reason"] != "length":
            # schema-constrained: llama.cpp gives a readable verdict unless cut off at max_tokens
            assert crit["has_error"] in (True, False), crit["reply"]
        elif crit["by"] == "model":  # cut off: recorded as unreadable, never guessed
            assert crit["has_error"] is None and o.trace["stop_reason"] == "critique_unreadable"
