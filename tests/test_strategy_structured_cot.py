"""`structured_cot`: the model's own working as {calculator, values, calculation, answer}, checked
by our calculators. Scripted replies for the checks, the statuses and the output types; the
names a model writes read as calculators and inputs (`bench.name_matching`); the embedded model
end to end on one real MedCalc-Bench case."""

from __future__ import annotations

import datetime as dt
import json
from types import SimpleNamespace

import pytest
from click.testing import CliRunner

from medreckon.bench.answers import answer_source
from medreckon.bench.calculation import asked_inputs
from medreckon.bench.name_matching import (
    input_for_name,
    match_calculator,
    match_values,
    written_value,
)
from medreckon.bench.runs.store import outcome_from_json, outcome_to_json
from medreckon.bench.strategies import STRATEGIES, get_strategy
from medreckon.bench.strategies import structured_cot as scot
from medreckon.bench.strategies.structured_cot import StructuredCoT
from medreckon.bench.trace import CalcTrace
from medreckon.bench.types import STATUSES, Case, ModelError
from medreckon.calculators.describe import describe_inputs
from medreckon.calculators.registry import all_calculators, get
from scripted import GEN, Scripted

NOTE = "A 60-year-old man, 170 cm tall, weighs 70 kg. Serum creatinine 106 umol/L."



def answer_check(answer, result, output_type, decimals):
    return answer_source(answer, result.value, result.rounded, output_type, decimals)

def make_case(calculator_id=2, name="Creatinine Clearance (Cockcroft-Gault Equation)", output_type="decimal",
              note=NOTE, question="What is the patient's creatinine clearance (Cockcroft-Gault) in mL/min?",
              ground_truth=61.1, dataset="medcalc-bench") -> Case:
    return Case(id="t1", calculator_id=calculator_id, calculator_name=name, note=note, question=question,
                ground_truth=ground_truth, lower=None, upper=None, output_type=output_type, category="lab",
                entities={}, dataset=dataset, dataset_version="v1.0")


def value(name, v, unit=None):
    return {"name": name, "value": v, "unit": unit}


CG_VALUES = [value("Age", 60, "years"), value("Sex", "male"), value("Weight", 70, "kg"),
             value("Height", 170, "cm"), value("Serum creatinine", 106, "µmol/L")]
CG_VALUE = 61.100035762856386  # the calculator on CG_VALUES (weight rule: BMI-adjusted, as the dataset)


def reply(calculator="Creatinine clearance (Cockcroft-Gault)", values=CG_VALUES, answer=61.1,
          calculation="CrCl = (140 - 60) x 65.9 / (72 x 1.2) = 61.1 mL/min"):
    return {"calculator": calculator, "values": values, "calculation": calculation, "answer": answer}


def run(*replies, case=None, gen=GEN):
    model = Scripted(*replies)
    return StructuredCoT().run(case or make_case(), model, gen), model


# ---------------------------------------------------------------- the strategy and its request


def test_it_is_registered_with_a_version_and_cot_budget():
    assert "structured_cot" in STRATEGIES
    s = get_strategy("structured_cot")
    assert isinstance(s, StructuredCoT)
    assert s.version == f"1+s{scot.STRUCTURED_COT_PROMPT_VERSION}"
    assert s.default_gen == {"temperature": 0.0, "max_tokens": 1024}


def test_the_cli_lists_it():
    from medreckon.cli import main

    r = CliRunner().invoke(main, ["bench", "strategies"])
    assert r.exit_code == 0 and "structured_cot" in r.output


def test_the_request_is_one_schema_constrained_json_object():
    out, model = run(reply())
    (request,) = model.requests
    system, user = request["messages"]
    assert system["content"] == scot.STRUCTURED_SYSTEM
    assert NOTE in user["content"] and "Question: What is the patient's creatinine clearance" in user["content"]
    assert '"calculator"' in user["content"] and "the result, a number without units" in user["content"]
    assert request["gen"] == GEN
    fmt = request["response_format"]
    assert fmt["type"] == "json_schema" and fmt["json_schema"]["strict"] is True
    schema = fmt["json_schema"]["schema"]
    assert list(schema["properties"]) == schema["required"] == ["calculator", "values", "calculation", "answer"]
    assert schema["properties"]["answer"] == {"type": "number"}
    item = schema["properties"]["values"]["items"]
    assert item["required"] == ["name", "value", "unit"] and item["additionalProperties"] is False
    assert out.trace["messages"] == request["messages"] and out.model_calls == 1


@pytest.mark.parametrize("output_type, answer", [
    ("integer", {"type": "integer"}), ("date", {"type": "string"}),
    ("gestational_age", {"type": "object", "properties": {"weeks": {"type": "integer"}, "days": {"type": "integer"}},
                         "required": ["weeks", "days"], "additionalProperties": False})])
def test_the_answer_schema_follows_the_output_type(output_type, answer):
    assert scot.reply_schema(output_type)["properties"]["answer"] == answer
    assert scot.ANSWER_FORMATS[output_type] in scot.messages_for(make_case(output_type=output_type))[1]["content"]


def test_the_prompt_text_is_pinned_to_its_version():
    # Changed a prompt sentence? Bump STRUCTURED_COT_PROMPT_VERSION and update this fingerprint.
    assert (scot.STRUCTURED_COT_PROMPT_VERSION, scot.texts_fingerprint()[:16]) == ("1", "1570ae02fde1fb7b")


# ---------------------------------------------------------------- checked working


def test_a_right_answer_from_right_values_is_checked_step_by_step():
    out, _ = run(reply())
    assert (out.status, out.answer, out.error) == ("ok", 61.1, None)
    assert out.explanation.startswith("CrCl = (140 - 60)")
    calc = out.calc
    assert (calc.calculator, calc.chosen_by, calc.computed_by) == ("cockcroft-gault", "model", "model")
    assert calc.calculator_version == get("cockcroft-gault").version
    # as written (the dataset's weight rule put over them), and as the calculator read them
    assert calc.written_inputs == {"age": {"value": 60, "unit": "years"}, "sex": "male",
                                   "weight": {"value": 70, "unit": "kg"}, "height": {"value": 170, "unit": "cm"},
                                   "creatinine": {"value": 106, "unit": "µmol/L"}, "weight_rule": "bmi_adjusted"}
    assert calc.inputs["creatinine"] == pytest.approx(106 / 88.4, rel=1e-3)
    assert calc.result.value == pytest.approx(CG_VALUE) and calc.result.rounded == 61.1
    assert (calc.answer, calc.answer_matches) == (61.1, True)
    assert out.trace["calculator_match"] == {"name": "Creatinine clearance (Cockcroft-Gault)",
                                             "calculator": "cockcroft-gault", "matched_by": "registry",
                                             "candidates": []}
    assert [(v["name"], v["input"], v["matched_by"]) for v in out.trace["values"]] == [
        ("Age", "age", "name"), ("Sex", "sex", "name"), ("Weight", "weight", "name"),
        ("Height", "height", "name"), ("Serum creatinine", "creatinine", "description")]
    assert out.trace["unmatched_values"] == [] and out.trace["options"] == {"weight_rule": "bmi_adjusted"}
    assert out.trace["answer_check"] in ("value", "rounded")


def test_wrong_arithmetic_keeps_the_models_answer_and_says_it_does_not_match():
    out, _ = run(reply(answer=75.4))
    assert (out.status, out.answer) == ("ok", 75.4)  # the model's answer, not the calculator's
    assert out.calc.result.value == pytest.approx(CG_VALUE)
    assert out.calc.answer == 75.4 and out.calc.answer_matches is False
    assert out.trace["answer_check"] is None


def test_the_answer_may_be_the_value_rounded_to_the_decimals_the_model_wrote():
    result = SimpleNamespace(value=63.4259, rounded=63.4)
    assert answer_check(63.43, result, "decimal", 2) == "answer_decimals"
    assert answer_check(63.4259, result, "decimal", 4) == "value"
    assert answer_check(63.4, result, "decimal", 1) == "rounded"
    assert answer_check(63.42, result, "decimal", 2) is None
    assert answer_check(None, result, "decimal", None) is None


def test_unit_strings_are_converted_by_the_calculator():
    values = [value("Age", "60 years"), value("Sex", "Male"), value("Weight", "154 lb", None),
              value("Height", "5 ft 7 in"), value("Creatinine", "1.2", "mg/dL")]
    out, _ = run(reply(values=values, answer=61.2))
    inputs = out.calc.inputs
    assert inputs["weight"] == pytest.approx(69.85, abs=0.01) and inputs["height"] == pytest.approx(170.18)
    assert inputs["creatinine"] == 1.2 and inputs["sex"] == "male"
    assert out.calc.written_inputs["creatinine"] == "1.2 mg/dL"  # a number as text joined to its unit
    assert out.calc.answer_matches is True

    case = make_case(calculator_id=None, name="SIRS", dataset="synthetic", output_type="integer",
                     question="How many SIRS criteria does the patient meet?")
    values = [value("Temperature", 101.3, "°F"), value("Heart rate", 95, "beats per minute"),
              value("Respiratory rate", 18, "breaths/min"), value("WBC", 12000, "cells/µL")]
    out, _ = run(reply(calculator="SIRS criteria", values=values, answer=2), case=case)
    assert out.calc.inputs["temperature"] == pytest.approx(38.5) and out.calc.inputs["wbc"] == 12.0
    assert out.calc.result.value == 2 and out.calc.answer_matches is True
    assert out.trace["options"] == {}  # not a MedCalc-Bench case: the declared defaults apply


@pytest.mark.parametrize("written, how", [
    ("Cockcroft Gault creatinine clearance", "words"), ("Cokcroft-Gault", "close"), ("CrCl", "registry"),
    ("Creatinine Clearance (Cockcroft-Gault Equation)", "registry")])
def test_a_calculator_named_in_other_words_is_found_and_how_is_recorded(written, how):
    out, _ = run(reply(calculator=written))
    assert out.calc.calculator == "cockcroft-gault" and out.calc.answer_matches is True
    assert out.trace["calculator_match"]["matched_by"] == how


def test_an_unknown_calculator_gives_a_trace_without_one():
    out, _ = run(reply(calculator="Smith renal reserve index", answer=61.1))
    assert (out.status, out.answer) == ("ok", 61.1)
    assert out.calc == CalcTrace(None, None, "model", answer=61.1, computed_by="model")
    assert out.trace["calculator_match"]["matched_by"] == "none"
    assert out.trace["unmatched_values"] == ["Age", "Sex", "Weight", "Height", "Serum creatinine"]
    assert {v["matched_by"] for v in out.trace["values"]} == {"no_calculator"}

    out, _ = run(reply(calculator="Wells score"))  # two calculators fit as well: neither is guessed
    assert out.calc.calculator is None
    assert {"wells-dvt", "wells-pe"} <= set(out.trace["calculator_match"]["candidates"])


def test_values_that_map_to_no_input_are_recorded_and_the_rest_computed():
    values = [*CG_VALUES, value("BMI", 24.2, "kg/m2"), value("Blood pressure", "120/80", "mmHg"),
              {"name": "", "value": 3}, "creatinine 1.2", value("Body weight", 90, "kg")]
    out, _ = run(reply(values=values))
    assert out.trace["unmatched_values"] == ["BMI", "Blood pressure", "Body weight"]
    by_name = {v["name"]: v for v in out.trace["values"] if v.get("name")}
    assert by_name["BMI"]["note"] == "no input of this name"
    assert by_name["Body weight"]["matched_by"] == "taken"  # "Weight" gave the weight by its own name
    assert sum(v.get("matched_by") == "malformed" for v in out.trace["values"]) == 2
    assert out.calc.written_inputs["weight"] == {"value": 70, "unit": "kg"}
    assert out.calc.answer_matches is True


def test_values_that_map_to_nothing_compute_nothing():
    out, _ = run(reply(values=[value("BMI", 24.2, "kg/m2"), value("eGFR", 60, "mL/min")]))
    assert out.status == "ok" and out.answer == 61.1
    assert out.calc.calculator == "cockcroft-gault" and out.calc.result is None
    assert out.calc.answer_matches is None and out.calc.inputs is None
    assert out.trace["calculator_error"] == "none of the values the model wrote names an input of cockcroft-gault"


def test_values_the_calculator_rejects_are_a_recorded_error():
    values = [value("Age", 60, "years"), value("Sex", "male"), value("Weight", "heavy"),
              value("Serum creatinine", 1.2, "mg/dL")]
    out, _ = run(reply(values=values))
    assert (out.status, out.answer) == ("ok", 61.1)
    assert out.calc.result is None and out.calc.answer_matches is None
    assert out.calc.written_inputs["weight"] == "heavy"  # kept, so the values step can be checked
    assert "weight" in out.trace["calculator_error"]
    assert any(i["field"] == "weight" for i in out.trace["calculator_error_detail"]["issues"])


def test_the_outcome_survives_the_run_store():
    out, _ = run(reply(answer=75.4))
    back = outcome_from_json(outcome_to_json(out))
    assert back.calc == out.calc and back.calc.computed_by == "model"
    assert back.trace["calculator_match"] == out.trace["calculator_match"]


# ---------------------------------------------------------------- statuses


@pytest.mark.parametrize("text, status", [
    ("Sorry, my working got lost.", "unparsed"),
    ("", "unparsed"),
    ("I'm sorry, I cannot calculate this from the information given.", "refused"),
])
def test_junk_and_refusals_have_their_status_and_no_trace(text, status):
    out, _ = run(text)
    assert (out.status, out.answer, out.calc) == (status, None, None)
    assert "reply_error" in out.trace


def test_a_broken_object_never_gives_a_value_of_the_working_as_the_answer():
    broken = '{"calculator": "CrCl", "values": [{"name": "Age", "value": 60, "unit": "years"}], "calculation": "x'
    out, _ = run(broken)
    assert (out.status, out.answer, out.calc) == ("unparsed", None, None)
    assert out.trace["reply_error"].startswith("invalid JSON")


def test_the_decimals_the_model_wrote_are_kept():
    out, _ = run('{"calculator": "CrCl", "values": [], "calculation": "", "answer": 61.10}')
    assert out.answer == 61.1 and out.trace["answer_decimals"] == 2


def test_a_reply_cut_off_at_the_token_limit_is_truncated():
    cut = json.dumps(reply())[:120]
    out, _ = run((cut, "length"))
    assert (out.status, out.answer, out.calc) == ("truncated", None, None)
    assert out.trace["finish_reason"] == "length"


def test_a_refusal_inside_the_object_is_refused_and_the_working_still_recorded():
    out, _ = run(reply(calculator="", values=[], calculation="",
                       answer="I cannot calculate this without the patient's weight."))
    assert (out.status, out.answer) == ("refused", None)
    assert out.calc == CalcTrace(None, None, "model", answer=None, computed_by="model")


def test_an_answer_that_is_not_a_number_is_unparsed_never_a_default():
    out, _ = run(reply(answer="normal"))
    assert (out.status, out.answer) == ("unparsed", None)
    assert out.calc.result.value == pytest.approx(CG_VALUE) and out.calc.answer_matches is None


def test_a_failed_request_is_an_error():
    out, model = run(ModelError("connection refused after 3 tries"))
    assert (out.status, out.answer, out.calc) == ("error", None, None)
    assert out.error == "connection refused after 3 tries" and out.model_calls == 1
    assert len(model.requests) == 1


# ---------------------------------------------------------------- dates and gestational ages


def test_a_date_answer_is_checked_against_the_calculator():
    case = make_case(calculator_id=13, name="Estimated Due Date", output_type="date",
                     note="Her last menstrual period began on 03/05/2021; her cycles last 30 days.",
                     question="What is her estimated due date?", ground_truth=dt.date(2021, 12, 12))
    values = [value("Last menstrual period", "03/05/2021"), value("Cycle length", 30, "days")]
    out, _ = run(reply(calculator="Naegele's rule", values=values, answer="12/12/2021"), case=case)
    assert (out.status, out.answer) == ("ok", dt.date(2021, 12, 12))
    assert out.calc.calculator == "estimated-due-date" and out.calc.answer_matches is True
    assert out.calc.answer == "2021-12-12" and out.calc.result.value == "2021-12-12"

    out, _ = run(reply(calculator="Estimated due date", values=values, answer="12/10/2021"), case=case)
    assert out.answer == dt.date(2021, 12, 10) and out.calc.answer_matches is False


def test_a_gestational_age_answer_is_checked_against_the_calculator():
    case = make_case(calculator_id=69, name="Estimated Gestational Age", output_type="gestational_age",
                     note="LMP 03/05/2021. Seen today, 06/10/2021.", question="What is the gestational age?",
                     ground_truth=(13, 6))
    values = [value("LMP", "2021-03-05"), value("Current date", "2021-06-10")]
    out, _ = run(reply(calculator="Gestational age", values=values, answer={"weeks": 13, "days": 6}), case=case)
    assert (out.status, out.answer) == ("ok", (13, 6))
    assert out.calc.calculator == "gestational-age" and out.calc.answer_matches is True
    assert out.calc.answer == [13, 6]

    out, _ = run(reply(calculator="Gestational age", values=values, answer={"weeks": 13, "days": 4}), case=case)
    assert out.answer == (13, 4) and out.calc.answer_matches is False


def test_a_score_from_findings_written_true_and_false():
    case = make_case(calculator_id=4, name="CHA2DS2-VASc Score for Atrial Fibrillation Stroke Risk",
                     output_type="integer", question="What is the patient's CHA2DS2-VASc score?",
                     ground_truth=3)
    values = [value("Age", 70, "years"), value("Sex", "female"), value("History of hypertension", True),
              value("CHF", False), value("Diabetes mellitus", "no"), value("Stroke/TIA/thromboembolism", False)]
    out, _ = run(reply(calculator="CHA₂DS₂-VASc", values=values, answer=3), case=case)
    assert out.calc.calculator == "cha2ds2-vasc" and out.calc.result.value == 3
    assert out.calc.answer_matches is True and out.answer == 3
    assert out.trace["unmatched_values"] == ["Stroke/TIA/thromboembolism"]  # three inputs in one name
    assert out.calc.inputs["hypertension"] is True and out.calc.inputs["diabetes"] is False


# ---------------------------------------------------------------- names read as calculators and inputs


@pytest.mark.parametrize("written, calculator, how", [
    ("CHA₂DS₂-VASc", "cha2ds2-vasc", "registry"), ("Caprini score", "caprini", "registry"),
    ("Anion gap corrected for albumin", "albumin-corrected-anion-gap", "words"),
    ("MELD", "meld", "registry"), ("MELD with sodium", "meld-na", "words"),
    ("Bazett QTc formula", "qtc-bazett", "words"),
    ("GFR", None, "ambiguous"), ("Made-up score", None, "none"), ("2", None, "none"), ("", None, "none"),
])
def test_calculator_names(written, calculator, how):
    m = match_calculator(written)
    assert (m.calculator.id if m.calculator else None, m.matched_by) == (calculator, how)


def test_a_name_that_is_not_text_matches_nothing():
    assert match_calculator(None).matched_by == "none" and match_calculator(["bmi"]).calculator is None


@pytest.mark.parametrize("calculator, written, field, how", [
    ("curb-65", "Systolic Blood Pressure", "systolic_bp", "name"),
    ("mean-arterial-pressure", "Systolic Blood Pressure", "systolic", "entity"),
    ("curb-65", "SBP", "systolic_bp", "name"),
    ("curb-65", "Blood pressure", None, "ambiguous"),
    ("fena", "Sodium", "serum_sodium", "entity"),
    ("fena", "Urine Na", "urine_sodium", "name"),
    ("sofa", "Total bilirubin", "bilirubin", "words"),
    ("cockcroft-gault", "Serum creatinine at admission", "creatinine", "words"),
    ("cockcroft-gault", "Creatinine clearance", None, "none"),  # the result's name, not an input
    ("cockcroft-gault", "Creatinin", "creatinine", "close"),
    ("perc", "Haemoptysis", "hemoptysis", "name"),
    ("cha2ds2-vasc", "History of stroke or TIA", None, "ambiguous"),
])
def test_value_names(calculator, written, field, how):
    got, matched_by, _ = input_for_name(get(calculator), written)
    assert (got, matched_by) == (field, how)


def test_every_declared_name_reads_as_its_own_calculator_and_input():
    for calc in all_calculators():
        assert {match_calculator(n).calculator for n in (calc.name, calc.id, *calc.aliases)} == {calc}
        entities = dict(calc.medcalc_bench.entities) if calc.medcalc_bench else {}
        for spec in asked_inputs(calc):
            names = [spec.name, spec.name.replace("_", " "), *(e for e, f in entities.items() if f == spec.name)]
            assert {input_for_name(calc, n)[0] for n in names} == {spec.name}, (calc.id, names)


def test_written_values_take_their_unit_only_where_a_quantity_is_asked():
    specs = {s.name: s for s in describe_inputs(get("cockcroft-gault"))}
    assert written_value(specs["weight"], 70, "kg") == {"value": 70, "unit": "kg"}
    assert written_value(specs["weight"], "70", "kg") == "70 kg"
    assert written_value(specs["weight"], "154 lb", "kg") == "154 lb"  # the value's own unit stays
    assert written_value(specs["weight"], 70, "none") == 70
    assert written_value(specs["sex"], "male", "n/a") == "male"
    match = match_values(get("cockcroft-gault"), [("Weight", 70, "kg"), ("Body weight", 80, "kg")])
    assert match.inputs == {"weight": {"value": 70, "unit": "kg"}} and match.unmatched == ["Body weight"]


# ---------------------------------------------------------------- the embedded model


@pytest.mark.embedded
def test_structured_cot_end_to_end_with_the_embedded_model(embedded_model, medcalc_cases):
    (case,) = medcalc_cases("6")  # BMI: a short note, two values
    out = StructuredCoT().run(case, embedded_model, {**GEN, "max_tokens": 400})
    assert out.status in STATUSES and out.status != "error", out.error
    assert out.model_calls == 1 and out.usage.prompt_tokens > 0
    assert out.calc is not None, out.raw  # the schema makes the reply one JSON object
    assert out.calc.chosen_by == "model" and out.calc.computed_by == "model"
    assert out.trace["calculator_match"]["name"] == json.loads(out.raw)["calculator"]
    if out.calc.result is not None and out.answer is not None:
        assert out.calc.answer_matches is not None
    print(json.dumps({"raw": out.raw, "calc": out.calc.to_dict(), "match": out.trace["calculator_match"],
                      "values": out.trace["values"], "answer": str(out.answer),
                      "truth": str(case.ground_truth)}, indent=1, default=str))
