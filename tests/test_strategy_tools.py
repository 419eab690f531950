"""`tools`: calculator tools in a bounded agent loop. Scripted model replies for both call modes
(constrained JSON calls, native tool_calls and calls written in content), helper tools, errors
and the loop bounds; the embedded model end to end on real MedCalc-Bench cases."""

from __future__ import annotations

import json

import pytest

from medreckon.bench import calculation
from medreckon.bench.analysis.scoring import is_correct
from medreckon.bench.models.capabilities import Capabilities
from medreckon.bench.strategies import STRATEGIES, get_strategy
from medreckon.bench.strategies import tools as agent
from medreckon.bench.strategies.tools import (
    FINAL,
    Tools,
    calls_in_content,
    final_answer_tool,
    union_schema,
)
from medreckon.bench.types import Case, Completion, ModelError, ToolCall, Usage
from scripted import GEN, Scripted


def make_case(output_type="decimal") -> Case:
    return Case(id="t1", calculator_id=6, calculator_name="Body Mass Index (BMI)",
                note="A 40-year-old man, 180 cm tall, weighs 81 kg.",
                question="What is the patient's body mass index (BMI) in kg/m²?", ground_truth=25.0,
                lower=23.75, upper=26.25, output_type=output_type, category="physical", entities={},
                dataset="medcalc-bench", dataset_version="v1.0")


def call(name, **arguments):
    return {"name": name, "arguments": arguments}


BMI_CALL = call("bmi", weight={"value": 81, "unit": "kg"}, height={"value": 180, "unit": "cm"})
RETRIEVED = ["bmi", "body-surface-area", "ideal-body-weight"]


def constrained(**kw) -> Tools:
    return Tools(call_mode="constrained", retrieve=lambda q: RETRIEVED, **kw)


# ---------------------------------------------------------------- constrained calls


def test_choose_call_and_answer():
    model = Scripted(BMI_CALL, call(FINAL, answer=25.0))
    out = constrained().run(make_case(), model, GEN)
    assert out.status == "ok" and out.answer == 25.0 and out.model_calls == 2
    assert out.usage == Usage(200, 40) and out.latency_s == 1.0
    t = out.trace
    assert t["retrieved"] == RETRIEVED and t["call_mode"] == "constrained"
    assert t["expected_calculator"] == "bmi" and t["calculator"] == "bmi"
    assert t["tool_calls"][0]["calculator_result"]["rounded"] == 25.0
    assert t["normalised_inputs"] == {"weight": 81.0, "height": 180.0, "target_bmi": None}
    assert t["answer_matches_calculator"] is True
    assert is_correct(out, make_case())
    # the first request may not answer yet: final_answer joins the union after a result
    first, second = model.requests
    assert FINAL not in first["response_format"]["json_schema"]["schema"].__repr__()
    assert FINAL in json.dumps(second["response_format"]["json_schema"]["schema"])
    names = [t["function"]["name"] for t in first["tools"]]
    assert names == ["bmi", "body_surface_area", "ideal_body_weight", "search_calculators",
                     "describe_calculator", FINAL]
    # the call and its result are in the conversation the model sees next
    msgs = second["messages"]
    assert msgs[-2]["tool_calls"][0]["function"]["name"] == "bmi"
    assert msgs[-1]["role"] == "tool" and json.loads(msgs[-1]["content"])["rounded"] == 25.0


def test_an_error_goes_back_and_the_model_repairs_it():
    bad = call("bmi", weight={"value": 81, "unit": "kg"}, height={"value": -1, "unit": "cm"})
    model = Scripted(bad, BMI_CALL, call(FINAL, answer=25.0))
    out = constrained().run(make_case(), model, GEN)
    assert out.status == "ok" and out.model_calls == 3
    first = out.trace["tool_calls"][0]
    assert first["error"]["error"] == "invalid_input" and first["error"]["issues"][0]["field"] == "height"
    shown = json.loads(model.requests[1]["messages"][-1]["content"])
    assert shown["error"] == "invalid_input" and "path" not in shown["issues"][0]
    # no result yet after the error: still no final_answer in the union
    assert FINAL not in json.dumps(model.requests[1]["response_format"])


def test_describe_adds_a_calculator_and_search_uses_retrieval():
    model = Scripted(call("search_calculators", query="mean arterial pressure"),
                     call("describe_calculator", calculator="mean-arterial-pressure"),
                     call("mean_arterial_pressure", systolic={"value": 120, "unit": "mmHg"},
                          diastolic={"value": 60, "unit": "mmHg"}),
                     call(FINAL, answer=80.0))
    out = constrained().run(make_case(), model, GEN)
    assert out.status == "ok" and out.answer == 80.0 and out.model_calls == 4
    search, describe, calc = out.trace["tool_calls"][:3]
    assert search["result"]["results"][0]["id"] == "mean-arterial-pressure"
    assert describe["added_tool"] == "mean_arterial_pressure" and "parameters" not in describe["result"]
    assert calc["calculator"] == "mean-arterial-pressure"
    assert "mean_arterial_pressure" in model.requests[2]["response_format"].__repr__()
    assert out.trace["expected_calculator"] == "bmi" and out.trace["calculator"] == "mean-arterial-pressure"


def test_a_calculator_not_offered_is_an_error_the_model_sees():
    model = Scripted(call("cockcroft_gault", age=1), BMI_CALL, call(FINAL, answer=25.0))
    out = Tools(call_mode="native", retrieve=lambda q: RETRIEVED).run(make_case(), model, GEN)
    result = out.trace["tool_calls"][0]["result"]
    assert result["error"] == "unknown_tool" and "describe_calculator" in result["hint"]
    assert out.status == "ok"


def test_a_model_that_never_answers_ends_in_error_after_max_turns():
    model = Scripted(call("search_calculators", query="bmi"))
    out = constrained(max_turns=4).run(make_case(), model, GEN)
    assert out.status == "error" and "4 turns" in out.error and out.answer is None
    assert out.model_calls == 4 and len(model.requests) == 4 and len(out.trace["tool_calls"]) == 4


def test_a_model_that_keeps_calling_the_calculator_ends_in_error_too():
    out = constrained(max_turns=3).run(make_case(), Scripted(BMI_CALL), GEN)
    assert out.status == "error" and out.model_calls == 3
    assert out.trace["calculator"] == "bmi"  # its results are still in the trace


def test_the_wall_time_bounds_the_loop():
    model = Scripted(call("search_calculators", query="bmi"), delay_s=0.05)
    out = constrained(max_turns=20, max_wall_s=0.12).run(make_case(), model, GEN)
    assert out.status == "error" and "s (" in out.error and out.model_calls < 20


def test_a_model_error_is_an_error_outcome():
    out = constrained().run(make_case(), Scripted(BMI_CALL, ModelError("gone")), GEN)
    assert out.status == "error" and "gone" in out.error and out.model_calls == 2
    assert out.trace["tool_calls"][0]["calculator"] == "bmi"


def test_constrained_text_that_is_not_a_call():
    cut = Completion(text='{"name": "bmi", "argu', finish_reason="length")
    assert constrained().run(make_case(), Scripted(cut), GEN).status == "truncated"
    assert constrained().run(make_case(), Scripted("hello"), GEN).status == "unparsed"


def test_final_answers_take_the_case_output_type():
    ga = make_case(output_type="gestational_age")
    model = Scripted(BMI_CALL, call(FINAL, answer={"weeks": 14, "days": 1}))
    assert constrained().run(ga, model, GEN).answer == (14, 1)
    schema = final_answer_tool("date")["function"]["parameters"]["properties"]["answer"]
    assert schema["type"] == "string"
    slip = constrained().run(make_case(), Scripted(BMI_CALL, call(FINAL, answer=26.0)), GEN)
    assert slip.status == "ok" and slip.trace["answer_matches_calculator"] is False
    model = Scripted(BMI_CALL, call(FINAL, answer="not a number"))
    out = constrained().run(make_case(), model, GEN)
    assert out.status == "unparsed" and out.answer is None


# ---------------------------------------------------------------- native calls


def native_call(name, args, cid="c1"):
    return Completion(text="", tool_calls=(ToolCall(cid, name, json.dumps(args)),),
                      finish_reason="tool_calls", usage=Usage(10, 5))


def test_native_tool_calls_then_a_text_answer():
    model = Scripted(native_call("bmi", BMI_CALL["arguments"]), '{"answer": 25.0}')
    out = Tools(call_mode="native", retrieve=lambda q: RETRIEVED).run(make_case(), model, GEN)
    assert out.status == "ok" and out.answer == 25.0 and out.trace["answered_without_calculator"] is False
    assert model.requests[0]["gen"]["tool_choice"] == "required"
    assert model.requests[1]["gen"]["tool_choice"] == "auto"
    assert model.requests[1]["messages"][-1]["tool_call_id"] == "c1"


def test_calls_written_in_content_are_run():
    text = 'I will call it.\n<tool_call>\n{"name": "bmi", "arguments": {"weight": 81, "height": 180}}\n</tool_call>'
    model = Scripted(text, call(FINAL, answer=25.0))
    out = Tools(call_mode="native", retrieve=lambda q: RETRIEVED).run(make_case(), model, GEN)
    assert out.status == "ok" and out.trace["tool_calls"][0]["calculator"] == "bmi"
    assert calls_in_content('{"name": "x", "arguments": "{}"}')[0].arguments == "{}"
    assert calls_in_content("The BMI is 25.") == []


def test_an_answer_without_any_calculator_is_marked():
    out = Tools(call_mode="native", retrieve=lambda q: RETRIEVED).run(make_case(), Scripted("The answer is 25."), GEN)
    assert out.status == "ok" and out.trace["answered_without_calculator"] is True


# ---------------------------------------------------------------- pieces


def test_union_schema_and_modes():
    tools = [final_answer_tool("decimal")]
    assert union_schema(tools, [FINAL])["properties"]["name"] == {"const": FINAL}

    class Llama:  # declares what LlamaCppClient declares: no native tool calls
        capabilities = Capabilities(tools=False)

    assert Tools().mode_for(Llama()) == "constrained" and Tools().mode_for(Scripted()) == "native"
    assert Tools(call_mode="native").mode_for(Llama()) == "native"
    with pytest.raises(ValueError):
        Tools(call_mode="sometimes")
    with pytest.raises(ValueError):
        Tools(max_turns=0)


def test_bm25_retrieval_offers_the_named_calculator():
    pytest.importorskip("bm25s", reason="the retrieval extra (bm25s) is not installed")
    assert "bmi" in Tools().retrieve(make_case().question)
    assert len(Tools(k=2).retrieve(make_case().question)) == 2


def test_every_offered_union_compiles_to_a_llama_grammar():
    llama_grammar = pytest.importorskip("llama_cpp.llama_grammar", reason="llama-cpp-python is not installed")
    from medreckon.calculators.registry import all_calculators

    tools = [calculation.calculator_tool(c.id) for c in all_calculators()] + calculation.helper_tools() + [
        final_answer_tool("decimal")]
    names = [t["function"]["name"] for t in tools]
    for i in range(0, len(names) - 3, 3):
        schema = union_schema(tools, [*names[i:i + 3], "search_calculators", FINAL])
        assert "root ::=" in llama_grammar.json_schema_to_gbnf(json.dumps(schema))


def test_registered_and_versioned():
    assert STRATEGIES["tools"] is Tools and get_strategy("tools").name == "tools"
    assert Tools(k=5).version != Tools().version


# ---------------------------------------------------------------- the embedded model


def test_the_prompt_text_is_pinned_to_its_version():
    # Edit a prompt sentence, then bump AGENT_PROMPT_VERSION and update this pin.
    assert (agent.AGENT_PROMPT_VERSION, agent.prompt_fingerprint()[:12]) == ("1", "7723c45907a2")


@pytest.mark.embedded
def test_tools_end_to_end_with_the_embedded_model(embedded_model):
    from medreckon.bench.datasets import load_cases

    pytest.importorskip("bm25s", reason="the retrieval extra (bm25s) is not installed")

    # template notes of one or two sentences: target weight, QTc (Fridericia)
    cases = load_cases("medcalc-bench", subset="medrac_clean_940", calculators=["61", "56"],
                       per_calculator=1, seed=0)
    assert len(cases) == 2
    strategy = Tools(max_turns=4)
    for case in cases:
        out = strategy.run(case, embedded_model, {**GEN, "max_tokens": 160})
        assert out.status in ("ok", "error", "unparsed", "truncated")
        assert out.trace["call_mode"] == "constrained" and out.trace["requests"]
        assert 1 <= out.model_calls <= 4 and out.usage.prompt_tokens > 0
        # the model chose and called a calculator, and the call was recorded with its result
        assert out.trace["tool_calls"], out.trace["requests"]
        assert all("result" in c for c in out.trace["tool_calls"])
        # the answer is the last calculator's result, not the model's own arithmetic
        last = [c for c in out.trace["tool_calls"] if "calculator_result" in c][-1]
        assert out.status == "ok" and out.calc.computed_by == "calculator"
        assert out.answer == last["calculator_result"]["rounded"]
        # correct where the offered tools hold one calculator for the question (target weight);
        # for QTc the 1.5B model may choose the corrected-QT calculator with another formula
        if case.calculator_id == 61:
            assert is_correct(out, case), (out.answer, case.ground_truth, out.trace["tool_calls"])
