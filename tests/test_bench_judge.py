"""The LLM judge of an attempt's four steps: recorded replies through `Scripted` (a good verdict,
junk then a repaired reply, junk every time, a failed request, labels outside the taxonomy), the
prompt pinned to its version, the evaluator in the evaluations table, and one end-to-end run with
the embedded model as judge."""

from __future__ import annotations

import json

import pytest

from medreckon.bench.analysis import judge as jd
from medreckon.bench.analysis.verdicts import ERROR_TYPES, STEPS, StepVerdicts
from medreckon.bench.runs import runner
from medreckon.bench.runs.evaluations import Evaluator, evaluate
from medreckon.bench.runs.store import Store
from medreckon.bench.strategies import get_strategy
from medreckon.bench.types import Case, ModelError, Outcome
from scripted import Scripted


def case(entities=None, cid="1") -> Case:
    return Case(id=cid, calculator_id=6, calculator_name="Body Mass Index (BMI)",
                note="A 40-year-old man, weight 80 kg, height 180 cm.",
                question="What is the patient's BMI in kg/m^2?", ground_truth=24.691,
                lower=23.456, upper=25.926, output_type="decimal", category="physical",
                entities={"weight": [80, "kg"], "height": [180, "cm"]} if entities is None else entities,
                dataset="test-set", dataset_version="v0",
                metadata={"ground_truth_explanation": "BMI = 80 / 1.8^2 = 24.691"})


COT = Outcome(raw='{"step_by_step_thinking": "BMI = 80 / 1.8^2 = 24.7", "answer": 24.7}',
              answer=24.7, status="ok")


def verdict(**over) -> dict:
    reply = {s: {"reason": f"{s} fine", "correct": True} for s in STEPS}
    reply["errors"] = []
    reply.update(over)
    return reply


def test_a_good_verdict_is_read_with_its_reasons():
    wrong = verdict(arithmetic={"reason": "divided by 1.8 instead of 1.8 squared", "correct": False},
                    answer={"reason": "44.4 is outside the range", "correct": False},
                    errors=["arithmetic"])
    model = Scripted(wrong, name="judge-model")
    result = jd.Judge(model).run(case(), COT)
    v = result.verdicts
    assert isinstance(v, StepVerdicts) and v.source == "judge" and v.status == "ok"
    assert v.steps == {"calculator": True, "values": True, "arithmetic": False, "answer": False}
    assert v.reasons["arithmetic"] == "divided by 1.8 instead of 1.8 squared"
    assert v.errors == ("arithmetic",) and v.first_error() == "arithmetic"
    assert v.answer_by_rule == {} and v.gold_correct is None  # exact checks, not the judge's
    assert (result.requests, result.model, result.failure, result.dropped_errors) == (1, "judge-model", None, ())
    # one request, constrained to the verdict schema, at temperature 0
    (request,) = model.requests
    assert request["response_format"]["json_schema"]["schema"] == jd.JUDGE_SCHEMA
    assert request["gen"]["temperature"] == 0.0
    system, user = request["messages"]
    assert system["role"] == "system" and "unit_conversion" in system["content"]
    # the judge sees the reference: answer, range, gold entities and the reference working
    text = user["content"]
    for shown in ("A 40-year-old man", "Calculator asked for: Body Mass Index (BMI)",
                  "Reference answer: 24.691", "Accepted range: 23.456 to 25.926",
                  "- weight: 80 kg", "- height: 180 cm", "BMI = 80 / 1.8^2 = 24.691",
                  "BMI = 80 / 1.8^2 = 24.7", "The final answer read from the attempt: 24.7"):
        assert shown in text, shown
    assert json.loads(json.dumps(result.to_dict()))["judge"]["requests"] == 1
    assert jd.JudgeResult.from_dict(result.to_dict()) == result


def test_null_allowed_for_unshown_steps_but_not_for_the_answer():
    bare = verdict(calculator={"reason": "not shown", "correct": None},
                   values={"reason": "not shown", "correct": None},
                   arithmetic={"reason": "not shown", "correct": None})
    v = jd.Judge(Scripted(bare)).judge(case(), Outcome(raw="24.7", answer=24.7, status="ok"))
    assert v.status == "ok" and v.steps == {"calculator": None, "values": None, "arithmetic": None,
                                            "answer": True}
    with pytest.raises(jd.UnusableReply, match="answer.correct"):
        jd.read_reply(json.dumps(verdict(answer={"reason": "?", "correct": None})))


def test_junk_then_a_repaired_reply():
    model = Scripted("I think the answer is fine.", '{"calculator": {"correct": "yes"}}', verdict())
    result = jd.Judge(model).run(case(), COT)
    assert result.verdicts.status == "ok" and result.verdicts.all_right()
    assert result.requests == 3 and len(result.problems) == 2
    assert result.problems[0] == "no JSON object"
    assert '"calculator.correct" must be true, false or null, got "yes"' in result.problems[1]
    assert '"calculator.reason" is missing' in result.problems[1]
    assert '"values" is missing or not an object' in result.problems[1]
    # each repair sends the rejected reply back with what was wrong
    last = model.requests[2]["messages"]
    assert [m["role"] for m in last] == ["system", "user", "assistant", "user", "assistant", "user"]
    assert last[2]["content"] == "I think the answer is fine."
    assert last[3]["content"] == jd.REPAIR.format(problem="no JSON object")
    assert '"errors" is missing or not a list' in last[5]["content"]


def test_a_reply_cut_at_the_length_limit_is_repaired():
    model = Scripted(('{"calculator": {"reason": "the formula is', "length"), verdict())
    result = jd.Judge(model).run(case(), COT)
    assert result.verdicts.status == "ok" and result.problems == (jd.REPAIR_CUT,)


def test_junk_every_time_is_a_judge_error_never_a_verdict():
    model = Scripted("```json\n{not json}\n```")
    result = jd.Judge(model, max_retries=2).run(case(), COT)
    v = result.verdicts
    assert v.status == "judge_error" and v.steps == dict.fromkeys(STEPS)
    assert not v.all_right() and v.first_error() is None  # neither right nor wrong
    assert len(model.requests) == 3 and result.requests == 3 and len(result.replies) == 3
    assert result.failure == "unusable_reply"
    assert result.error.startswith("no usable reply in 3 tries; last problem: invalid JSON")
    assert len(jd.Judge(Scripted("junk"), max_retries=0).run(case(), COT).replies) == 1


def test_a_failed_request_is_a_judge_error_with_its_message():
    model = Scripted(ModelError("embedded: the prompt does not fit the context window"))
    result = jd.Judge(model).run(case(), COT)
    assert result.verdicts.status == "judge_error" and result.failure == "request_failed"
    assert "the prompt does not fit the context window" in result.error
    assert result.requests == 1 and len(model.requests) == 1  # the client already retried


def test_labels_outside_the_taxonomy_are_dropped_and_recorded():
    reply = verdict(values={"reason": "creatinine unit", "correct": False},
                    errors=["unit_conversion", "hallucination", "unit_conversion", 7, "rounding"])
    result = jd.Judge(Scripted(reply)).run(case(), COT)
    assert result.verdicts.errors == ("unit_conversion", "rounding")  # taxonomy order, once each
    assert result.dropped_errors == ("hallucination", "7")
    assert result.requests == 1  # not a reason to ask again
    assert result.to_dict()["judge"]["dropped_errors"] == ["hallucination", "7"]


def test_a_case_without_relevant_entities_says_so():
    model = Scripted(verdict())
    result = jd.Judge(model).run(case(entities={}), COT)
    assert result.verdicts.status == "ok"
    assert result.reference.startswith("note only")
    assert jd.NO_GOLD in model.requests[0]["messages"][1]["content"]


def test_an_attempt_without_an_answer_is_not_sent_to_the_judge():
    model = Scripted(verdict())
    result = jd.Judge(model).run(case(), Outcome(raw="", answer=None, status="error", error="timeout"))
    assert result.verdicts.status == "no_answer" and result.requests == 0 and not model.requests
    assert "status is error" in result.error


def test_a_long_attempt_keeps_its_head_and_tail():
    raw = "start " + "x" * 20000 + " final answer 24.7"
    text, cut = jd.attempt_text(Outcome(raw=raw, answer=24.7, status="ok"))
    assert cut == len(raw) - jd.TEXT_MAX and text.startswith("start ")
    assert text.endswith("final answer 24.7") and f"{cut} characters left out" in text


def test_reasons_are_kept_short():
    long = verdict(values={"reason": "word " * 200, "correct": True})
    v = jd.Judge(Scripted(long)).judge(case(), COT)
    assert len(v.reasons["values"]) == jd.REASON_MAX and v.reasons["values"].endswith("…")


def test_bounds_on_retries():
    with pytest.raises(ValueError, match="max_retries"):
        jd.Judge(Scripted(verdict()), max_retries=9)
    with pytest.raises(ValueError, match="model name"):
        jd.JudgeEvaluator(Scripted(verdict()), " ")


def test_response_format_forms():
    for kind, sent in (("json_object", {"type": "json_object", "schema": jd.JUDGE_SCHEMA}),
                       ("none", None), ("json_schema", jd.RESPONSE_FORMAT)):
        model = Scripted(verdict())
        assert jd.Judge(model, response_format=kind).judge(case(), COT).status == "ok"
        assert model.requests[0]["response_format"] == sent
    with pytest.raises(ValueError, match="response_format must be one of"):
        jd.Judge(Scripted(verdict()), response_format="grammar")


def test_schema_lists_the_taxonomy_and_the_steps():
    assert jd.JUDGE_SCHEMA["required"] == [*STEPS, "errors"]
    assert jd.JUDGE_SCHEMA["properties"]["errors"]["items"]["enum"] == list(ERROR_TYPES)
    assert set(jd.ERROR_TYPE_WORDS) == set(ERROR_TYPES)


def test_prompt_text_is_pinned_to_its_version():
    # Edit a prompt sentence or the schema, then bump JUDGE_PROMPT_VERSION and update this pin.
    assert (jd.JUDGE_PROMPT_VERSION, jd.prompt_fingerprint()[:12]) == ("1", "34cd4778a31e")


# ---------------------------------------------------------------- as an evaluator


CASES = [case(cid="1"), case(cid="2"), case(cid="3")]


class Flaky(Scripted):
    """Judges case 1, answers junk for case 2, fails the request for case 3 (until `up`)."""

    up = False

    def reply(self, n, messages, response_format, gen):
        text = messages[1]["content"]
        if "24.1" in text:
            return verdict(answer={"reason": "in range", "correct": True})
        if "99" in text:
            return "no idea"
        if self.up:
            return verdict()
        return ModelError("judge endpoint down")


def test_judge_evaluator_in_the_evaluations_table(tmp_path):
    with Store(tmp_path / "run", create=True) as store:
        runner.run(store, CASES, get_strategy("direct"),
                   Scripted('{"answer": 24.1}', '{"answer": 99}', '{"answer": 25}'),
                   runner.RunSettings(model="scripted", strategy="direct"))
        judge = Flaky(name="judge-model")
        evaluator = jd.JudgeEvaluator(judge, "openai-api/local/judge-model", max_retries=1)
        assert isinstance(evaluator, Evaluator)
        assert (evaluator.name, evaluator.version) == ("judge:openai-api/local/judge-model", jd.JUDGE_PROMPT_VERSION)
        made = {store.attempts()[i].case_id: e for i, e in enumerate(evaluate(store, evaluator))}
        assert made["1"].status == "ok" and made["1"].payload["status"] == "ok"
        # junk: a stored verdict whose status is judge_error
        assert made["2"].status == "ok" and made["2"].payload["status"] == "judge_error"
        assert made["2"].payload["judge"]["failure"] == "unusable_reply"
        # a failed request: an evaluator error, retried later
        assert made["3"].status == "error" and "judge endpoint down" in made["3"].payload["error"]
        assert evaluate(store, evaluator) == []  # resumable: nothing left to do
        judge.up = True
        again = evaluate(store, evaluator, retry_errors=True)
        assert len(again) == 1 and again[0].status == "ok" and again[0].payload["status"] == "ok"
        stored = store.evaluations("judge:openai-api/local/judge-model")
        assert sorted(e.payload["status"] for e in stored) == ["judge_error", "ok", "ok"]
        assert StepVerdicts.from_dict(stored[0].payload).source == "judge"


# ---------------------------------------------------------------- the embedded model


@pytest.mark.embedded
def test_embedded_model_judges_a_scripted_attempt(embedded_model):
    # one short case and a scripted chain-of-thought attempt with an arithmetic slip
    slip = Outcome(raw='{"step_by_step_thinking": "BMI = weight / height^2 = 80 / 1.8 = 44.4", '
                       '"answer": 44.4}', answer=44.4, status="ok")
    result = jd.Judge(embedded_model, gen={"max_tokens": 400}).run(case(), slip)
    assert result.requests >= 1 and result.model == "embedded"
    v = result.verdicts
    assert v.source == "judge" and v.status in ("ok", "judge_error")
    if v.status == "ok":  # the schema holds the reply to the shape
        assert set(v.steps) == set(STEPS) and isinstance(v.steps["answer"], bool)
        assert set(v.errors) <= set(ERROR_TYPES) and all(v.reasons[s] for s in STEPS)
    else:
        assert result.error and result.failure
    print(json.dumps(result.to_dict(), indent=1))
