"""`extract`: the named calculator's inputs as schema-constrained JSON, computed by the
calculator. Scripted model replies for the schema, repair turns and statuses; the embedded model
end to end on real MedCalc-Bench cases."""

from __future__ import annotations

import datetime as dt
import json

import pytest

from medreckon.bench.analysis.scoring import is_correct
from medreckon.bench.answers import typed_answer
from medreckon.bench.calculation import calculator_for_case, input_schema
from medreckon.bench.strategies import STRATEGIES, get_strategy
from medreckon.bench.strategies.extract import Extract
from medreckon.bench.types import Case, Completion, ModelError, Usage
from medreckon.reading import prompts
from medreckon.reading.quotes import QUOTE_MAX, evidence_schema, inputs_from_evidence, quote_in_note
from medreckon.reading.request import head_text, repair_message
from scripted import GEN, Scripted


def make_case(calculator_id=6, name="Body Mass Index (BMI)", output_type="decimal",
              note="A 40-year-old man, 180 cm tall, weighs 81 kg.",
              question="What is the patient's BMI in kg/m²?", ground_truth=25.0, lower=23.75,
              upper=26.25, dataset="medcalc-bench", category="physical") -> Case:
    return Case(id="t1", calculator_id=calculator_id, calculator_name=name, note=note,
                question=question, ground_truth=ground_truth, lower=lower, upper=upper,
                output_type=output_type, category=category, entities={}, dataset=dataset,
                dataset_version="v1.0")


def v(value, unit):
    return {"value": value, "unit": unit}


def q(quote, value, unit=None):
    d = {"quote": quote, "value": value}
    if unit is not None:
        d["unit"] = unit
    return d


BMI_OK = {"weight": v(81, "kg"), "height": v(180, "cm")}


# ---------------------------------------------------------------- the calculator and schema


def test_the_case_names_its_calculator():
    assert calculator_for_case(make_case()).id == "bmi"
    assert calculator_for_case(make_case(calculator_id=2, name="x")).id == "cockcroft-gault"
    other = make_case(calculator_id=None, name="Cockcroft-Gault", dataset="synthetic")
    assert calculator_for_case(other).id == "cockcroft-gault"
    with pytest.raises(ValueError, match="no calculator"):
        Extract(configuration="plain").check([make_case(calculator_id=999, name="nothing like it")])


def test_required_inputs_are_not_nullable_and_findings_are():
    schema = input_schema(calculator_for_case(make_case(calculator_id=2)))
    props = schema["properties"]
    assert schema["required"] == list(props) and "weight_rule" not in props  # options are not asked
    assert props["creatinine"]["type"] == "object"  # {value, unit}: not nullable
    assert props["creatinine"]["properties"]["unit"]["enum"] == ["mg/dL", "umol/L"]
    assert {"type": "null"} in props["height"]["anyOf"]  # optional: nullable
    cha = input_schema(calculator_for_case(make_case(calculator_id=4)))["properties"]
    assert cha["hypertension"]["type"] == ["boolean", "null"]
    assert cha["sex"]["enum"] == ["male", "female"]


def test_evidence_schema_asks_a_quote_before_each_value():
    props = evidence_schema(calculator_for_case(make_case(calculator_id=2)))["properties"]
    assert list(props["creatinine"]["properties"]) == ["quote", "value", "unit"]
    assert props["creatinine"]["properties"]["value"]["type"] == "number"
    assert props["height"]["properties"]["value"]["type"] == ["number", "null"]
    assert props["sex"]["properties"]["value"]["enum"] == ["male", "female"]
    assert props["age"]["properties"]["quote"]["maxLength"] == QUOTE_MAX


@pytest.mark.parametrize("evidence", [True, False])
def test_every_schema_compiles_to_a_llama_grammar(evidence):
    llama_grammar = pytest.importorskip("llama_cpp.llama_grammar", reason="llama-cpp-python is not installed")
    from medreckon.calculators.registry import all_calculators

    for calc in all_calculators():
        schema = evidence_schema(calc) if evidence else input_schema(calc)
        assert "root ::=" in llama_grammar.json_schema_to_gbnf(json.dumps(schema)), calc.id


def test_evidence_replies_become_calculator_arguments():
    calc = calculator_for_case(make_case(calculator_id=2))
    args, quotes = inputs_from_evidence(calc, {
        "age": q("78-year-old man", 78, "yr"), "height": q("", None, None), "sex": q("man", "male")})
    assert args == {"age": {"value": 78, "unit": "yr"}, "height": None, "sex": "male"}
    assert quotes == {"age": "78-year-old man", "height": "", "sex": "man"}
    note = "The patient was 160 cm tall, weighed 62.8 kg.\nCreatinine,  0.93 mg/dl."
    assert quote_in_note("160 CM tall", note) and quote_in_note("creatinine, 0.93 mg/dl", note)
    assert quote_in_note("", note)
    assert not quote_in_note("creatinine 1.4 mg/dL", note)


# ---------------------------------------------------------------- runs with scripted replies


def test_the_calculator_computes_the_answer():
    model = Scripted(BMI_OK)
    out = Extract(configuration="plain").run(make_case(), model, GEN)
    assert out.status == "ok" and out.answer == pytest.approx(81 / 1.8 ** 2)
    assert out.model_calls == 1 and out.usage == Usage(100, 20) and out.latency_s == 0.5
    t = out.trace
    assert t["calculator"] == "bmi" and t["calculator_from"] == "medcalc_bench_id"
    assert t["normalised_inputs"] == {"weight": 81.0, "height": 180.0, "target_bmi": None}
    assert t["result"]["rounded"] == 25.0 and t["result"]["steps"]
    assert t["turns"][0]["parsed"] == BMI_OK
    assert is_correct(out, make_case())
    request = model.requests[0]
    assert request["response_format"]["type"] == "json_schema"
    user = request["messages"][1]["content"]
    assert user.index("Patient note:") < user.index("Question:") < user.index("Inputs to fill:")
    assert "- weight ({value, unit}, unit one of kg | lb | g; required)" in user


def test_the_dataset_convention_sets_rule_options():
    case = make_case(calculator_id=26, name="Sodium Correction", question="Corrected sodium?",
                     note="Sodium 130 mEq/L, glucose 500 mg/dL.", category="lab")
    reply = {"sodium": v(130, "mEq/L"), "glucose": v(500, "mg/dL")}
    out = Extract(configuration="plain").run(case, Scripted(reply), GEN)
    assert out.trace["options"] == {"correction": "hillier"}
    assert out.trace["normalised_inputs"]["correction"] == "hillier"
    assert out.answer == pytest.approx(130 + 2.4 * (500 - 100) / 100)


def test_an_invalid_input_goes_back_with_a_targeted_message():
    case = make_case(calculator_id=2, name="CrCl", note="A 78-year-old man, 160 cm, 62.8 kg, creatinine 0.93 mg/dL.")
    bad = {"age": v(78, "yr"), "sex": "male", "weight": v(62.8, "kg"), "creatinine": v(0.93, "mg/dL"),
           "height": None}
    good = dict(bad, height=v(160, "cm"))
    model = Scripted(bad, good)
    out = Extract(configuration="plain").run(case, model, GEN)
    assert out.status == "ok" and out.model_calls == 2 and out.usage == Usage(200, 40)
    first = out.trace["turns"][0]
    assert first["error"]["issues"][0]["field"] == "height"
    assert "height" in first["repair"] and "units: cm, m, in, ft" in first["repair"]
    # the conversation goes on: the bad reply, then the repair message, then the good reply
    second = model.requests[1]["messages"]
    assert second[-2]["role"] == "assistant" and second[-1]["content"] == first["repair"]
    assert out.trace["repairs"] == 1 and out.trace["normalised_inputs"]["height"] == 160.0


def test_an_implausible_value_is_questioned_then_corrected():
    note = "A 40-year-old man, 180 cm tall, weighs 81 kg."
    wrong = {"weight": v(81, "kg"), "height": v(1.8, "cm")}  # 1.8 cm
    model = Scripted(wrong, BMI_OK)
    out = Extract(configuration="plain").run(make_case(note=note), model, GEN)
    first = out.trace["turns"][0]
    assert first["warnings"][0]["code"] == "implausible"
    assert "height = 1.8 cm" in first["repair"] and "did you mean 1.8 m" in first["repair"]
    assert out.status == "ok" and out.answer == pytest.approx(25.0, abs=0.01)


def test_an_implausible_value_the_model_keeps_is_accepted_with_its_warning():
    wrong = {"weight": v(81, "kg"), "height": v(1.8, "cm")}
    out = Extract(max_repairs=1).run(make_case(), Scripted(wrong), GEN)
    assert out.status == "ok" and out.model_calls == 2
    assert any(w["code"] == "implausible" for w in out.trace["result"]["warnings"])


def test_a_unit_the_model_keeps_getting_wrong_is_fixed_when_only_one_unit_fits():
    case = make_case(calculator_id=19, name="FIB-4", question="FIB-4?", category="lab",
                     note="A 50-year-old; AST 40 U/L, ALT 30 U/L, platelets 138,000/µL.")
    reply = {"age": v(50, "yr"), "ast": 40, "alt": 30, "platelets": v(138000, "10^9/L")}
    model = Scripted(reply)
    out = Extract(max_repairs=1).run(case, model, GEN)
    assert out.model_calls == 2 and "platelets" in out.trace["turns"][0]["repair"]
    assert out.trace["unit_fixes"] == ["platelets: 138000 10^9/L read as 138000 /uL"]
    assert out.trace["normalised_inputs"]["platelets"] == pytest.approx(138.0)
    assert out.answer == pytest.approx(50 * 40 / (138 * 30 ** 0.5))
    kept = Extract(max_repairs=1, fix_units=False).run(case, Scripted(reply), GEN)
    assert "unit_fixes" not in kept.trace and kept.answer < 0.01


class ByCriterion(Scripted):
    """Answers each one-criterion question from a table, and the other inputs with `main`."""

    def __init__(self, present: dict[str, str], main: dict):
        super().__init__()
        self.present, self.main = present, main

    def reply(self, n, messages, response_format, gen):
        text = messages[-1]["content"]
        if "One criterion of this score:" in text:
            name = text.split("One criterion of this score: ")[1].split(" — ")[0].replace(" ", "_")
            quote = self.present.get(name)
            reply = {"present": quote is not None}
            if "quote" in json.dumps(response_format):
                reply = {"quote": quote or "", "present": quote is not None}
            return Completion(text=json.dumps(reply), usage=Usage(50, 5))
        return Completion(text=json.dumps(self.main), usage=Usage(80, 10))


CHA_CASE = make_case(calculator_id=4, name="CHA2DS2-VASc", output_type="integer", category="risk",
                     question="What is the patient's CHA2DS2-VASc score?", ground_truth=4, lower=None,
                     upper=None, note="A 70-year-old woman with hypertension and diabetes.")


@pytest.mark.parametrize("quotes", [True, False])
def test_findings_are_asked_one_at_a_time(quotes):
    model = ByCriterion({"hypertension": "hypertension", "diabetes": "diabetes"},
                        {"age": v(70, "yr"), "sex": "female"})
    out = Extract(finding_quotes=quotes).run(CHA_CASE, model, GEN)
    assert out.status == "ok" and out.answer == 4  # age 1, female 1, hypertension 1, diabetes 1
    t = out.trace
    assert t["fields"] == ["age", "sex"] and len(t["split_findings"]) == 7
    assert [f["field"] for f in t["findings"] if f.get("present")] == ["hypertension", "diabetes"]
    assert out.model_calls == 8 == len(model.requests)
    assert out.usage == Usage(7 * 50 + 80, 7 * 5 + 10)
    # every request starts with the same note and question (a prefix cache reads them once)
    head = head_text(CHA_CASE.note, CHA_CASE.question, calculator_for_case(CHA_CASE))
    assert all(r["messages"][1]["content"].startswith(head) for r in model.requests)
    assert all(r["gen"]["max_tokens"] == (64 if quotes else 16) for r in model.requests[:7])


def test_a_finding_claimed_without_words_of_the_note_is_not_taken():
    model = ByCriterion({"hypertension": "hypertension", "diabetes": "on insulin for years",
                         "stroke": ""}, {"age": v(70, "yr"), "sex": "female"})
    out = Extract(configuration="plain").run(CHA_CASE, model, GEN)
    claimed = {f["field"]: f for f in out.trace["findings"] if f.get("claimed")}
    assert set(claimed) == {"diabetes", "stroke"} and claimed["diabetes"]["quote_in_note"] is False
    assert out.answer == 3 and out.trace["normalised_inputs"]["diabetes"] is False


def test_findings_can_be_asked_together():
    whole = Extract(split_findings=False).run(CHA_CASE, Scripted({"age": v(70, "yr"), "sex": "female",
                                                                    "hypertension": True}), GEN)
    assert whole.model_calls == 1 and whole.answer == 3 and whole.trace.get("split_findings", []) == []


def test_no_valid_reply_after_the_repairs_is_unparsed_never_a_default():
    model = Scripted("I think the BMI is normal.")
    out = Extract(max_repairs=2).run(make_case(), model, GEN)
    assert out.status == "unparsed" and out.answer is None
    assert out.model_calls == 3 and len(model.requests) == 3
    assert "could not be read" in out.trace["turns"][0]["repair"]
    assert "repair" not in out.trace["turns"][-1]  # nothing is sent after the last turn


def test_a_reply_cut_off_is_truncated():
    cut = Completion(text='{"weight": {"value": 8', finish_reason="length")
    out = Extract(max_repairs=0).run(make_case(), Scripted(cut), GEN)
    assert out.status == "truncated" and out.answer is None


def test_a_model_error_is_an_error_outcome():
    out = Extract(configuration="plain").run(make_case(), Scripted(ModelError("endpoint down")), GEN)
    assert out.status == "error" and "endpoint down" in out.error and out.model_calls == 1


def test_the_evidence_variant_checks_quotes_against_the_note():
    reply = {"weight": q("weighs 81 kg", 81, "kg"), "height": q("180 inches tall", 180, "cm")}
    model = Scripted(reply)
    out = Extract(evidence=True).run(make_case(), model, GEN)
    assert out.status == "ok" and out.answer == pytest.approx(25.0, abs=0.01)
    assert out.trace["turns"][0]["quotes_not_in_note"] == ["height"]
    assert prompts.EVIDENCE_RULE in model.requests[0]["messages"][1]["content"]
    assert Extract(evidence=True).version != Extract(configuration="plain").version


def test_answers_take_the_case_output_type():
    assert typed_answer(3.6, "integer") == 4 and isinstance(typed_answer(3, "decimal"), float)
    assert typed_answer(dt.date(2024, 3, 1), "date") == dt.date(2024, 3, 1)
    assert typed_answer((14, 1), "gestational_age") == (14, 1)
    with pytest.raises(ValueError):
        typed_answer(dt.date(2024, 3, 1), "decimal")
    case = make_case(calculator_id=69, name="Gestational age", output_type="gestational_age",
                     note="Today is 03/01/2024. Last menstrual period 11/23/2023.",
                     question="Gestational age?", ground_truth=(14, 1), lower=None, upper=None,
                     category="date")
    reply = {"current_date": "2024-03-01", "last_menstrual_period": "2023-11-23"}
    out = Extract(configuration="plain").run(case, Scripted(reply), GEN)
    assert out.status == "ok" and out.answer == (14, 1), out.error


def test_repair_messages_name_each_problem():
    text = repair_message(error={"issues": [{"field": "sex", "value": "M", "expected": "one of male, female",
                                             "did_you_mean": "male"}]},
                          implausible=[{"message": "creatinine = 120 mg/dL is outside the plausible range"}])
    assert "sex: got M; expected one of male, female (did you mean: male)" in text
    assert "creatinine = 120 mg/dL" in text and text.endswith(prompts.REPAIR_CLOSE)


def test_registered_and_versioned():
    assert STRATEGIES["extract"] is Extract and get_strategy("extract").name == "extract"
    assert get_strategy("extract").version.startswith("default@")  # derived from its stages
    assert Extract(configuration="plain").version == f"1+e{prompts.LEGACY_PROMPT_VERSION}+r2+splitq+fix"
    with pytest.raises(ValueError):
        Extract(max_repairs=9)


def test_prompt_text_is_pinned_to_its_version():
    # the old configurations' keys say "+e3": their prompts must stay these texts
    assert (prompts.LEGACY_PROMPT_VERSION, prompts.legacy_fingerprint()[:12]) == ("3", "2081a933ab1a")


# ---------------------------------------------------------------- the embedded model


@pytest.mark.embedded
def test_extract_end_to_end_with_the_embedded_model(embedded_model):
    from medreckon.bench.datasets import load_cases

    # template notes of one or two sentences: QTc (Fridericia), target weight, steroid conversion
    cases = load_cases("medcalc-bench", subset="medrac_clean_940", calculators=["56", "61", "24"],
                       per_calculator=1, seed=0)
    assert len(cases) == 3
    strategy = Extract(configuration="plain")
    outcomes = [strategy.run(c, embedded_model, {**GEN, "max_tokens": 200}) for c in cases]
    for case, out in zip(cases, outcomes, strict=True):
        assert out.status in ("ok", "unparsed", "truncated"), out.error
        assert out.model_calls >= 1 and out.usage.prompt_tokens > 0
        assert out.trace["calculator"] == calculator_for_case(case).id and out.trace["turns"]
    assert sum(o.status == "ok" for o in outcomes) >= 2, [o.trace["turns"] for o in outcomes]
    assert sum(is_correct(o, c) for c, o in zip(cases, outcomes, strict=True)) >= 2, \
        [(o.answer, c.ground_truth) for c, o in zip(cases, outcomes, strict=True)]
