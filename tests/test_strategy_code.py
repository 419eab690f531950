"""`code` (program of thought) and `rag_code` (MedRaC): the repair loop with scripted model
replies, the sandbox on hostile programs, answers typed by output type, loop bounds; and both
strategies end to end with the embedded model on real MedCalc-Bench cases."""

from __future__ import annotations

import datetime as dt

import pytest

from medreckon.bench.strategies import code as program
from medreckon.bench.strategies import get_strategy
from medreckon.bench.strategies.code import Code, RagCode, code_of
from medreckon.bench.types import Case, Completion, ModelError, Usage
from scripted import GEN, Scripted

pytest.importorskip("pydantic_monty", reason="the sandbox extra (pydantic-monty) is not installed")


def case(output_type="decimal", note="Patient has a height of 196 cm and their target BMI is "
         "19.2 kg/m^2.", calculator_id=61) -> Case:
    return Case(id="t1", calculator_id=calculator_id, calculator_name="Target weight", note=note,
                question="Based on the patient's height and target BMI, what is the patient's "
                         "target weight in kg?",
                ground_truth=73.759, lower=70.0, upper=77.4, output_type=output_type,
                category="physical", entities={}, dataset="test", dataset_version="0")


def fenced(code: str) -> str:
    return f"Here is the program:\n```python\n{code}\n```\n"


# ---------------------------------------------------------------- reading the program


def test_code_of_reads_fenced_blocks():
    assert code_of(fenced("answer = 1")) == "answer = 1"
    assert code_of("```py\nx = 2\n```\ntext\n```python\nanswer = x\n```") == "x = 2\n\nanswer = x"
    assert code_of("```\nanswer = 3\n```") == "answer = 3"  # untagged fence
    assert code_of("```python\nanswer = 4\n") == "answer = 4"  # never closed (cut off)
    # tagged blocks win over untagged ones (an untagged block is often printed output)
    assert code_of("```python\nanswer = 5\n```\n```\n5\n```") == "answer = 5"


def test_code_of_takes_bare_code_only_when_it_parses():
    assert code_of("answer = 70 * 1.2") == "answer = 70 * 1.2"
    assert code_of("The answer is 73.8 kg.") is None
    assert code_of("height = 1.96") is None  # no `answer`: not a program for us
    assert code_of("") is None and code_of("```json\n{}\n```") is None


# ---------------------------------------------------------------- the loop


def test_a_program_that_sets_answer_is_read_in_one_turn():
    model = Scripted(fenced("h = 196 / 100  # 196 cm\nbmi = 19.2\nanswer = bmi * h ** 2"))
    out = Code().run(case(), model, GEN)
    assert out.status == "ok" and out.answer == pytest.approx(73.75872)
    assert out.model_calls == 1 and out.usage == Usage(100, 20) and out.latency_s == 0.5
    turn = out.trace["turns"][0]
    assert turn["sandbox"]["ok"] and turn["sandbox"]["value"] == pytest.approx(73.75872)
    assert out.trace["stop_reason"] == "answer" and out.explanation == turn["code"]
    system, user = model.requests[0]["messages"]
    assert "sandboxed Python interpreter" in user["content"] and "196 cm" in user["content"]
    assert "a number (an int or a float)" in user["content"]


def test_an_error_goes_back_to_the_model_as_one_line_and_the_repair_counts():
    model = Scripted(fenced("w = 10\nanswer = w / 0"), fenced("answer = 73.8"))
    out = Code().run(case(), model, GEN)
    assert out.status == "ok" and out.answer == 73.8
    assert out.model_calls == 2 and out.usage == Usage(200, 40) and out.latency_s == 1.0
    feedback = model.requests[1]["messages"][-1]
    assert feedback["role"] == "user"
    assert "ZeroDivisionError" in feedback["content"] and "line 2" in feedback["content"]
    assert model.requests[1]["messages"][-2]["role"] == "assistant"
    kinds = [t.get("kind") for t in out.trace["turns"]]
    assert kinds == ["error", None]


def test_printed_output_is_not_an_answer_but_is_shown_back():
    model = Scripted(fenced("print(19.2 * 1.96 ** 2)"), fenced("answer = 19.2 * 1.96 ** 2"))
    out = Code().run(case(), model, GEN)
    assert out.status == "ok" and out.model_calls == 2
    feedback = model.requests[1]["messages"][-1]["content"]
    assert "did not set `answer`" in feedback and "73.7587" in feedback


def test_a_model_that_never_answers_stops_after_the_repair_turns():
    model = Scripted("I think the target weight is about 74 kg.")
    out = Code(retries=2).run(case(), model, GEN)
    assert out.status == "unparsed" and out.answer is None  # never a number from the prose
    assert out.model_calls == 3 and len(model.requests) == 3
    assert out.trace["stop_reason"] == "max_turns"
    assert [t["kind"] for t in out.trace["turns"]] == ["no_code"] * 3
    assert Code(retries=0).run(case(), Scripted("no code"), GEN).model_calls == 1


def test_a_reply_cut_off_is_truncated_and_not_run():
    cut = Completion(text="```python\nh = 1.96\nanswer = 19.2 * h", finish_reason="length",
                     usage=Usage(100, 256))
    out = Code(retries=1).run(case(), Scripted(cut), GEN)
    assert out.status == "truncated" and out.answer is None and out.model_calls == 2
    assert all("sandbox" not in t for t in out.trace["turns"])


def test_a_refusal_without_code_is_refused():
    out = Code(retries=0).run(case(), Scripted("I cannot calculate this from the note."), GEN)
    assert out.status == "refused"


def test_an_answer_of_the_wrong_type_is_sent_back():
    model = Scripted(fenced('answer = "normal weight"'), fenced("answer = float('nan')"),
                     fenced("answer = [73.8]"))
    out = Code(retries=2).run(case(), model, GEN)
    assert out.status == "ok" and out.answer == 73.8  # a one-element list reads as its element
    assert "= 'normal weight', but `answer` must be a number" in model.requests[1]["messages"][-1]["content"]
    assert "= nan, but `answer` must be a number" in model.requests[2]["messages"][-1]["content"]


def test_answers_are_typed_by_the_output_type():
    date_case = case("date", note="LMP 01/10/2021.")
    out = Code().run(date_case, Scripted(fenced(
        "import datetime\nanswer = datetime.date(2021, 1, 10) + datetime.timedelta(days=280)")), GEN)
    assert out.status == "ok" and out.answer == dt.date(2021, 10, 17)
    out = Code().run(date_case, Scripted(fenced('answer = "10/17/2021"')), GEN)
    assert out.answer == dt.date(2021, 10, 17)
    ga = Code().run(case("gestational_age"), Scripted(fenced("d = 62\nanswer = (d // 7, d % 7)")), GEN)
    assert ga.status == "ok" and ga.answer == (8, 6)
    score = Code().run(case("integer"), Scripted(fenced("answer = 1 + 1 + 2")), GEN)
    assert score.answer == 4 and isinstance(score.answer, int)


def test_a_model_error_is_status_error_and_keeps_the_trace():
    model = Scripted(fenced("answer = 1 / 0"), ModelError("embedded: generation stopped"))
    out = Code().run(case(), model, GEN)
    assert out.status == "error" and "generation stopped" in out.error
    assert out.model_calls == 2 and out.usage == Usage(100, 20)
    assert out.trace["stop_reason"] == "model_error" and len(out.trace["turns"]) == 1


def test_the_time_budget_stops_the_loop():
    out = Code(retries=5, time_limit_s=1e-9).run(case(), Scripted("no code here"), GEN)
    assert out.model_calls == 1 and out.trace["stop_reason"] == "time_limit"
    assert out.status == "unparsed"


# ---------------------------------------------------------------- hostile programs


@pytest.mark.parametrize("code, expect", [
    ("answer = open('/etc/passwd').read()", "Error"),
    ("import socket\nanswer = socket.socket()", "ModuleNotFoundError"),
    ("import os\nanswer = os.fork()", "Error"),
    ("x = 'x' * (10 ** 10)\nanswer = 1", "MemoryError"),
])
def test_hostile_programs_come_back_as_errors(code, expect):
    model = Scripted(fenced(code), fenced("answer = 73.8"))
    out = Code(retries=1).run(case(), model, GEN)
    assert out.status == "ok" and out.answer == 73.8
    first = out.trace["turns"][0]
    assert not first["sandbox"]["ok"] and expect in first["sandbox"]["error"]
    assert "root:" not in str(out.trace)


def test_an_endless_loop_is_stopped_by_the_sandbox_limit():
    model = Scripted(fenced("while True:\n    pass"), fenced("answer = 73.8"))
    out = Code(retries=1, sandbox_timeout_s=0.5).run(case(), model, GEN)
    first = out.trace["turns"][0]["sandbox"]
    assert first["timed_out"] and "TimeoutError" in first["error"]
    assert out.status == "ok" and first["duration_s"] < 5


# ---------------------------------------------------------------- versions, registry, checks


def test_parameters_are_in_the_version_and_validated():
    assert Code().version == f"1+c{program.CODE_PROMPT_VERSION}+retries=2"
    assert Code(retries=0).version != Code().version
    rc = RagCode(k=3, retriever="dense", retries=1)
    assert rc.version.endswith("+retries=1+k=3+retriever=dense")
    for bad in (-1, 1.5, True):
        with pytest.raises(ValueError):
            Code(retries=bad)
    with pytest.raises(ValueError):
        RagCode(k=0)
    with pytest.raises(ValueError, match="unknown retriever"):
        RagCode(retriever="tfidf")


def test_the_prompt_text_is_pinned_to_its_version():
    # Edit a sentence in program.py (or sandbox.ENVIRONMENT) and bump CODE_PROMPT_VERSION.
    assert (program.CODE_PROMPT_VERSION, program.texts_fingerprint()[:16]) == ("1", "28b99e7f8398bc67")


def test_both_strategies_are_registered_and_check_their_sandbox():
    assert isinstance(get_strategy("code"), Code) and isinstance(get_strategy("rag_code"), RagCode)
    Code().check([case()])


def test_rag_code_puts_the_retrieved_cards_before_the_note():
    pytest.importorskip("bm25s", reason="the retrieval extra (bm25s) is not installed")
    model = Scripted(fenced("answer = 19.2 * 1.96 ** 2"))
    out = RagCode(k=2).run(case(), model, GEN)
    assert out.status == "ok" and out.model_calls == 1
    retrieval = out.trace["retrieval"]
    assert retrieval["true_calculator"] == "target-weight" and retrieval["true_calculator_retrieved"]
    assert len(retrieval["retrieved"]) == 2
    user = model.requests[0]["messages"][1]["content"]
    assert user.index("[Card 1]") < user.index("Patient note:") < user.index("```python")
    assert "References:" not in user


# ---------------------------------------------------------------- end to end, embedded model


@pytest.fixture(scope="module")
def real_cases(medcalc_cases):
    return medcalc_cases("61,69")


@pytest.mark.embedded
@pytest.mark.parametrize("strategy", [Code(retries=1), RagCode(k=1, retries=1)],
                         ids=["code", "rag_code"])
def test_end_to_end_with_the_embedded_model(embedded_model, real_cases, strategy):
    """Target weight and gestational age: one-line notes, a few lines of code each."""
    from medreckon.bench.analysis.scoring import score

    strategy.check(real_cases)
    outcomes = [strategy.run(c, embedded_model, {"temperature": 0.0, "max_tokens": 320, "seed": 0})
                for c in real_cases]
    for o in outcomes:
        assert o.status in ("ok", "unparsed", "truncated", "refused"), o.error
        assert 1 <= o.model_calls <= 2 and o.usage.prompt_tokens > 0
        assert o.trace["turns"] and all("code" in t for t in o.trace["turns"])
        if o.status == "ok":
            assert any(t.get("sandbox", {}).get("ok") for t in o.trace["turns"])
    # on these two the model writes a correct program (measured: both right in one or two turns)
    correct = sum(o.status == "ok" and score(o.answer, c)
                  for c, o in zip(real_cases, outcomes, strict=True))
    assert correct >= 1, [o.trace["turns"] for o in outcomes]
