"""`CalcTrace` (`bench.trace`): its exact round trip through a dict and JSON, what `extract` and
`tools` record in `Outcome.calc`, the store's codec, and run directories written before it
existed (tests/data/legacy_runs), read into the same record the strategies make today."""

from __future__ import annotations

import json

import pytest

from medreckon.bench.runs.store import Store, outcome_from_json, outcome_to_json
from medreckon.bench.strategies.extract import Extract
from medreckon.bench.strategies.tools import FINAL, Tools
from medreckon.bench.trace import (
    CALC_TRACE_VERSION,
    CalcResult,
    CalcTrace,
    Repairs,
)
from medreckon.bench.types import Case, Outcome
from medreckon.calculators.fields import InputWarning
from medreckon.calculators.spec import Step
from scripted import GEN, Scripted


def make_case(calculator_id=6, name="Body Mass Index (BMI)",
              note="A 40-year-old man, 180 cm tall, weighs 81 kg.") -> Case:
    return Case(id="t1", calculator_id=calculator_id, calculator_name=name, note=note,
                question="What is the patient's BMI in kg/m²?", ground_truth=25.0, lower=23.75,
                upper=26.25, output_type="decimal", category="physical", entities={},
                dataset="medcalc-bench", dataset_version="v1.0")


def v(value, unit):
    return {"value": value, "unit": unit}


def call(name, **arguments):
    return {"name": name, "arguments": arguments}


BMI_OK = {"weight": v(81, "kg"), "height": v(180, "cm")}
BMI_CALL = call("bmi", **BMI_OK)

FULL = CalcTrace(
    calculator="pregnancy-due-date", calculator_version="1.0.0", chosen_by="model",
    written_inputs={"lmp": "2021-03-05", "cycle_length": v(28, "days")},
    inputs={"lmp": "2021-03-05", "cycle_length": 28},
    result=CalcResult(value="2021-12-10", rounded="2021-12-10", unit=None, interpretation=None,
                      steps=(Step("due date", "LMP + 280 d", "2021-12-10"),
                             Step("weeks", "280 / 7", 40.0, "weeks")),
                      warnings=(InputWarning("cycle_length", "28 days?", "implausible"),
                                InputWarning(None, "a default applied", "assumed_default"))),
    answer=[40, 0], answer_matches=False,
    repairs=Repairs(2, ("first", "second"), ("x: 1 a read as 1 b",)))


# ---------------------------------------------------------------- the record


def test_to_dict_and_from_dict_round_trip_exactly():
    d = FULL.to_dict()
    assert d["version"] == CALC_TRACE_VERSION == 1
    assert CalcTrace.from_dict(d) == FULL
    assert CalcTrace.from_dict(json.loads(json.dumps(d))) == FULL
    assert CalcTrace.from_dict(json.loads(json.dumps(d))).to_dict() == d
    bare = CalcTrace(calculator=None, calculator_version=None, chosen_by="model")
    assert CalcTrace.from_dict(json.loads(json.dumps(bare.to_dict()))) == bare


def test_an_unknown_version_is_refused():
    with pytest.raises(ValueError, match="version 2"):
        CalcTrace.from_dict(FULL.to_dict() | {"version": 2})


def test_the_store_codec_keeps_the_record():
    o = Outcome(raw="x", answer=25.0, status="ok", trace={"turns": []}, calc=FULL)
    stored = json.loads(outcome_to_json(o))
    assert stored["calc"] == FULL.to_dict()
    assert outcome_from_json(outcome_to_json(o)).calc == FULL
    none = outcome_from_json(outcome_to_json(Outcome(raw="x", answer=25.0, status="ok")))
    assert none.calc is None


# ---------------------------------------------------------------- what the strategies record


def test_extract_records_its_calculation():
    out = Extract(configuration="plain").run(make_case(), Scripted(BMI_OK), GEN)
    c = out.calc
    assert (c.calculator, c.chosen_by, c.answer, c.answer_matches) == ("bmi", "case", 25.0, True)
    assert c.written_inputs == BMI_OK and c.inputs == {"weight": 81.0, "height": 180.0, "target_bmi": None}
    assert c.result.value == c.result.rounded == 25.0 and c.result.unit == "kg/m²"
    assert [s.what for s in c.result.steps] == ["BSA (Mosteller)", "height in metres", "BMI"]  # BSA: a further output
    assert c.repairs == Repairs() and c.calculator_version == out.trace["calculator_version"]


def test_extract_records_repairs_and_unit_fixes():
    # a parse failure repaired, then platelets in the wrong unit fixed without asking
    case = make_case(calculator_id=None, name="FIB-4",
                     note="A 50-year-old man: AST 40 U/L, ALT 30 U/L, platelets 138000/uL.")
    reply = {"age": 50, "ast": 40, "alt": 30, "platelets": v(138000, "10^9/L")}
    out = Extract(configuration="plain").run(case, Scripted("not json", reply), GEN)
    c = out.calc
    assert out.model_calls == 3 and c.repairs.turns == 2 and len(c.repairs.messages) == 2
    assert "could not be read" in c.repairs.messages[0] and "platelets" in c.repairs.messages[1]
    assert c.repairs.unit_fixes == ("platelets: 138000 10^9/L read as 138000 /uL",)
    assert c.written_inputs["platelets"] == v(138000, "10^9/L")  # as the model wrote it
    assert c.inputs["platelets"] == pytest.approx(138.0)


def test_extract_without_computable_inputs_names_the_calculator_only():
    out = Extract(max_repairs=0).run(make_case(), Scripted("no idea"), GEN)
    assert out.status == "unparsed"
    assert (out.calc.calculator, out.calc.result, out.calc.inputs, out.calc.answer) == ("bmi", None, None, None)
    unknown = Extract(configuration="plain").run(make_case(calculator_id=None, name="no such calculator"), Scripted(BMI_OK), GEN)
    assert unknown.status == "error" and unknown.calc is None


def test_tools_records_the_calculator_the_model_chose_and_its_repairs():
    model = Scripted(call("bmi", weight=v(81, "kg")), BMI_CALL, call(FINAL, answer=26.0))
    out = Tools(call_mode="constrained", retrieve=lambda q: ["bmi"]).run(make_case(), model, GEN)
    c = out.calc
    assert (c.calculator, c.chosen_by, c.answer, c.answer_matches) == ("bmi", "model", 26.0, False)
    assert c.written_inputs == BMI_OK and c.inputs == {"weight": 81.0, "height": 180.0, "target_bmi": None}
    assert c.repairs.turns == 1 and json.loads(c.repairs.messages[0])["issues"][0]["field"] == "height"
    assert c.repairs.messages[0] == model.requests[1]["messages"][-1]["content"]  # as sent
    none = Tools(call_mode="constrained", retrieve=lambda q: ["bmi"]).run(
        make_case(), Scripted(call("search_calculators", query="bmi")), GEN)
    assert none.status == "error" and (none.calc.calculator, none.calc.result) == (None, None)


def test_strategies_without_a_calculator_record_none():
    from medreckon.bench.strategies import get_strategy

    assert get_strategy("direct").run(make_case(), Scripted({"answer": 25.0}), GEN).calc is None


# ---------------------------------------------------------------- runs stored before CalcTrace


def legacy_attempts(run_dir):
    """The attempts of a run directory written by the code before the reorganisation."""
    with Store(run_dir) as store:
        return store.cases(), store.attempts()


class LegacyExtractModel(Scripted):
    """The scripted model tests/data/make_legacy_runs.py ran `extract` with."""

    def reply(self, n, messages, response_format, gen):
        props = (response_format or {}).get("json_schema", {}).get("schema", {}).get("properties", {})
        text = messages[-1]["content"]
        if "present" in props:
            present = "hypertension" in text.lower().split("criterion")[-1][:200]
            return {"quote": "treated hypertension" if present else "", "present": present}
        if "systolic" in props:
            return {"systolic": v(120, "mm Hg"), "diastolic": v(80, "mm Hg")}
        if "weight" in props:
            return BMI_OK
        return {k: (70 if k == "age" else "female" if k == "sex" else None) for k in props}


def test_a_legacy_extract_run_reads_as_todays_extract_records_it(tmp_path, legacy_run):
    cases, attempts = legacy_attempts(legacy_run("extract"))
    assert [a.outcome.calc.calculator for a in attempts] == ["bmi", "mean-arterial-pressure", "cha2ds2-vasc"]
    bmi = attempts[0].outcome.calc
    assert (bmi.chosen_by, bmi.answer, bmi.answer_matches, bmi.repairs) == ("case", 25.0, True, Repairs())
    assert bmi.written_inputs == BMI_OK and bmi.inputs == {"weight": 81.0, "height": 180.0}  # as stored then
    for a in attempts:
        live = Extract(configuration="plain").run(cases[a.case_id], LegacyExtractModel(), GEN)
        assert a.strategy_version == Extract(configuration="plain").version
        _same_reading(a.outcome.calc, live.calc)


def test_a_legacy_tools_run_reads_as_todays_tools_records_it(tmp_path, legacy_run):
    cases, (attempt,) = legacy_attempts(legacy_run("tools"))
    c = attempt.outcome.calc
    assert (c.calculator, c.chosen_by, c.answer, c.answer_matches) == ("bmi", "model", 25.0, True)
    assert c.written_inputs == BMI_OK and c.result.interpretation.startswith("overweight")
    retrieved = attempt.outcome.trace["retrieved"]
    tools = Tools(call_mode="constrained", retrieve=lambda q: retrieved)
    assert attempt.strategy_version == tools.version
    live = tools.run(cases[attempt.case_id], Scripted(BMI_CALL, call(FINAL, answer=25.0)), GEN)
    _same_reading(c, live.calc)


def _same_reading(stored, live):
    """A stored trace reads as today's: the same calculator, inputs as written, answer and repairs.
    The calculator's own result may have grown since (BMI's target_bmi input and BSA output, issue 32),
    so the validated inputs agree where both have them and the value is the same."""
    fields = ("calculator", "chosen_by", "written_inputs", "answer", "answer_matches", "repairs", "computed_by")
    assert [getattr(stored, f) for f in fields] == [getattr(live, f) for f in fields]
    if stored.inputs is not None:
        assert stored.inputs.items() <= live.inputs.items()
        assert stored.result.value == live.result.value


def test_legacy_runs_of_other_strategies_have_no_record(tmp_path, legacy_run):
    _, attempts = legacy_attempts(legacy_run("direct"))
    assert attempts and all(a.outcome.calc is None for a in attempts)
    assert CalcTrace.from_legacy({"turns": [], "stop_reason": "answer"}) is None  # `code`
