"""LLM tool schemas, tool calls and their structured errors, and the compact tool trio."""

import json
import subprocess
import sys

import jsonschema
import pytest
from click.testing import CliRunner

import medreckon
from medreckon.calculators import all_calculators
from medreckon.calculators.describe import describe_inputs
from medreckon.cli import main
from medreckon.interfaces import tools

IDS = [c.id for c in all_calculators()]
STRICT_KEYWORDS = {"type", "properties", "required", "additionalProperties", "enum", "anyOf",
                   "description", "items"}


def _walk(schema, path="$"):
    yield path, schema
    for key, sub in schema.get("properties", {}).items():
        yield from _walk(sub, f"{path}.{key}")
    for i, sub in enumerate(schema.get("anyOf", [])):
        yield from _walk(sub, f"{path}|{i}")


def _example_arguments(calc, strict):
    """Plausible arguments for every required input; null (strict) or nothing for the rest."""
    args = {}
    for s in describe_inputs(calc):
        if not s.required:
            if strict:
                args[s.name] = None
            continue
        if s.kind == "quantity":
            lo, hi = s.plausible or (1.0, 1.0)
            args[s.name] = round((lo + hi) / 2, 3)
        elif s.kind == "choice":
            args[s.name] = s.choices[0]
        elif s.kind == "boolean":
            args[s.name] = False
        elif s.kind == "date":
            args[s.name] = "2024-03-01"
        elif s.kind == "integer":
            args[s.name] = 10
        else:
            args[s.name] = 1
    return args


@pytest.mark.parametrize("cid", IDS)
def test_full_schema_is_valid_json_schema_and_generated_from_the_model(cid):
    calc = medreckon.calculators.get(cid)
    tool = tools.tool_schema(calc)
    assert tool["type"] == "function"
    fn = tool["function"]
    assert fn["name"] == cid.replace("-", "_") and len(fn["name"]) <= 64
    params = fn["parameters"]
    jsonschema.Draft202012Validator.check_schema(params)
    assert params["additionalProperties"] is False
    assert list(params["properties"]) == list(calc.inputs.model_fields)
    assert params["required"] == [n for n, f in calc.inputs.model_fields.items() if f.is_required()]
    for name, prop in params["properties"].items():
        assert prop["description"], name


@pytest.mark.parametrize("cid", IDS)
@pytest.mark.parametrize("quantities", ["text", "object"])
def test_strict_schema_follows_strict_mode_rules(cid, quantities):
    tool = tools.tool_schema(cid, strict=True, quantities=quantities)
    assert tool["function"]["strict"] is True
    params = tool["function"]["parameters"]
    jsonschema.Draft202012Validator.check_schema(params)
    for path, node in _walk(params):
        assert set(node) <= STRICT_KEYWORDS, (path, set(node) - STRICT_KEYWORDS)
        if node.get("type") == "object" or "properties" in node:
            assert node["additionalProperties"] is False, path
            assert node["required"] == list(node["properties"]), path


@pytest.mark.parametrize("cid", IDS)
def test_arguments_that_fit_the_strict_schema_run_or_return_a_structured_error(cid):
    calc = medreckon.calculators.get(cid)
    args = _example_arguments(calc, strict=True)
    jsonschema.validate(args, tools.parameters_schema(calc, strict=True))
    out = tools.call_tool(tools.tool_name(calc), json.dumps(args))
    if tools.is_error(out):  # a combination the formula rejects: still repairable
        assert out["error"] == "invalid_input" and out["issues"]
    else:
        assert out["calculator"] == cid and "rounded" in out and "steps" in out


def test_tool_call_matches_a_direct_calculation():
    args = {"age": 60, "sex": "female", "weight": "154 lb", "height": "5 ft 5 in", "creatinine": "88 umol/L"}
    direct = medreckon.calculate("cockcroft-gault", args).to_dict()
    assert tools.call_tool("cockcroft_gault", json.dumps(args)) == direct
    assert tools.call_tool("crcl", args) == direct


def test_nulls_mean_not_given_so_defaults_apply_with_a_warning():
    out = tools.call_tool("curb_65", {"confusion": None, "bun": 25, "respiratory_rate": 31,
                                      "systolic_bp": 120, "diastolic_bp": 80, "age": 70})
    assert out["rounded"] == 3
    assert any(w["code"] == "assumed_default" and w["field"] == "confusion" for w in out["warnings"])


def test_object_quantities_are_accepted():
    out = tools.call_tool("bmi", {"weight": {"value": 154, "unit": "lb"}, "height": {"value": 1.75, "unit": "m"}})
    assert out["inputs"]["weight"] == pytest.approx(69.85, abs=0.01)
    assert out["inputs"]["height"] == pytest.approx(175)


def test_error_object_names_field_value_expectation_and_did_you_mean():
    out = tools.call_tool("cockcroft_gault", {"age": -3, "sex": "femal", "wieght": 70, "creatinine": "88 umol/Lx",
                                              "height": 170})
    assert out["error"] == "invalid_input" and out["calculator"] == "cockcroft-gault"
    assert "hint" in out and out["message"]
    by_field = {i["field"]: i for i in out["issues"]}
    age = by_field["age"]
    assert age["value"] == -3 and ">= 0" in age["expected"] and age["unit"] == "yr" and age["range"]
    sex = by_field["sex"]
    assert sex["kind"] == "choice" and sex["allowed"] == ["male", "female"] and sex["did_you_mean"] == "female"
    typo = by_field["wieght"]
    assert typo["kind"] == "unknown_field" and typo["did_you_mean"] == "weight" and "weight" in typo["allowed"]
    assert by_field["weight"]["kind"] == "missing" and by_field["weight"]["units"] == ["kg", "lb", "g"]
    assert by_field["creatinine"]["value"] == "88 umol/Lx" and "umol/L" in by_field["creatinine"]["units"]
    json.dumps(out)  # JSON-ready


@pytest.mark.parametrize("arguments", ["{not json", "[1, 2]", "42"])
def test_unreadable_arguments_are_a_structured_error(arguments):
    out = tools.call_tool("bmi", arguments)
    assert out["error"] == "invalid_input"
    assert out["issues"][0]["field"] == "arguments"


def test_unknown_calculator_suggests_the_closest_tool():
    out = tools.call_tool("cockroft_gault", {})
    assert out["error"] == "unknown_calculator"
    assert out["issues"][0]["did_you_mean"] == "cockcroft_gault"


def test_search_ranks_by_token_overlap_and_filters():
    hits = tools.search_calculators("creatinine clearance", limit=3)
    assert hits[0]["id"] == "cockcroft-gault"
    assert tools.search_calculators("qtc")[0]["id"] == "qtc-bazett"  # an exact alias ranks first
    assert {h["id"] for h in tools.search_calculators("pneumonia severity")} >= {"curb-65", "psi"}
    cardio = tools.search_calculators("", specialty="cardiology", limit=100)
    assert cardio and all(h["specialty"] == "cardiology" for h in cardio)
    assert tools.search_calculators("zzzz unrelated words") == []


def test_a_retriever_can_be_plugged_in():
    def retriever(query, limit):
        return [("bmi", 0.9), ("curb-65", 0.5)]

    hits = tools.search_calculators("anything", retriever=retriever)
    assert [h["id"] for h in hits] == ["bmi", "curb-65"]
    out = tools.call_compact_tool("search_calculators", {"query": "x"}, retriever=retriever)
    assert out["results"][0]["id"] == "bmi"


def test_describe_has_schema_units_formula_and_references():
    d = tools.describe_calculator("crcl")
    assert d["id"] == "cockcroft-gault" and d["formula"] and d["references"]
    assert d["output"]["unit"] == "mL/min"
    creat = next(i for i in d["inputs"] if i["name"] == "creatinine")
    assert creat["unit"] == "mg/dL" and "umol/L" in creat["units"]
    compact = tools.describe_calculator("crcl", compact=True)
    assert "inputs" not in compact and "parameters" in compact


@pytest.mark.parametrize("strict", [False, True])
def test_compact_trio(strict):
    schemas = tools.compact_tool_schemas(strict=strict)
    assert [t["function"]["name"] for t in schemas] == ["search_calculators", "describe_calculator", "calculate"]
    for t in schemas:
        jsonschema.Draft202012Validator.check_schema(t["function"]["parameters"])
    assert len(json.dumps(schemas)) < 3000  # a few hundred tokens, not 55 schemas
    found = tools.call_compact_tool("search_calculators", {"query": "body mass index", "specialty": None, "limit": None})
    assert found["results"][0]["id"] == "bmi"
    described = tools.call_compact_tool("describe_calculator", json.dumps({"calculator": "bmi"}), strict=strict)
    assert described["parameters"]["properties"]["weight"]
    inputs = {"weight": 70, "height": "1.75 m"}
    args = {"calculator": "bmi", "inputs": json.dumps(inputs) if strict else inputs}
    result = tools.call_compact_tool("calculate", args)
    assert result["rounded"] == 22.9
    bad = tools.call_compact_tool("calculate", {"calculator": "bmi", "inputs": {"weight": 70, "hieght": 175}})
    assert {i["field"] for i in bad["issues"]} == {"inputs.hieght", "inputs.height"}
    assert bad["issues"][0]["path"][0] == "inputs"
    assert tools.call_compact_tool("calculate", {"calculator": "bmx", "inputs": {}})["error"] == "unknown_calculator"
    assert tools.call_compact_tool("search_calculators", {"query": "x", "limit": 0})["error"] == "invalid_input"
    assert tools.call_compact_tool("nope", {})["error"] == "unknown_tool"


def test_cli_prints_the_schema():
    runner = CliRunner()
    full = runner.invoke(main, ["calc", "schema", "crcl"])
    assert full.exit_code == 0
    assert json.loads(full.output) == tools.tool_schema("cockcroft-gault")
    strict = runner.invoke(main, ["calc", "schema", "bmi", "--strict", "--quantities", "object"])
    assert json.loads(strict.output)["function"]["strict"] is True
    bad = runner.invoke(main, ["calc", "schema", "nope"])
    assert bad.exit_code == 2


def test_tools_do_not_import_the_server_stacks():
    code = ("import sys, medreckon, medreckon.interfaces.tools as t; t.tool_schemas(); "
            "print(sorted(m for m in ('fastapi', 'uvicorn', 'starlette', 'mcp') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
