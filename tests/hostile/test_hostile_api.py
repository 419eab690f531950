"""The Python API against any input whatever (issue 29): only `CalculatorInputError`, or a
`TypeError` naming the argument for a call of the wrong shape; tool calls answer error objects
that stay small and encode as JSON; search costs the same whatever the query's length."""

from __future__ import annotations

import json
import time

import orjson
import pytest

import medreckon
from medreckon import CalculatorInputError
from medreckon.interfaces import tools

LIMIT = 64 * 1024


def _encodes(obj) -> int:
    orjson.dumps(obj)  # what the servers write: refuses lone surrogates and numpy scalars
    return len(json.dumps(obj, ensure_ascii=False, allow_nan=False).encode("utf-8"))


@pytest.mark.parametrize("value", ["\ud800", "70 \udcff", {"value": 70, "unit": "k\ud800g"}, ["\udfff", "kg"]])
def test_a_lone_surrogate_is_an_input_error_that_encodes(value):
    out = tools.call_tool("bmi", {"weight": value, "height": 175})
    assert out["error"] == "invalid_input" and out["issues"][0]["field"] == "weight"
    assert _encodes(out) < 4096
    with pytest.raises(CalculatorInputError) as info:
        medreckon.calculate("bmi", weight=value, height=175)
    str(info.value).encode("utf-8")


HUGE = pytest.param(10**5000, id="10**5000")


@pytest.mark.parametrize("calculator_id", ["abc", "", "²", "999", HUGE, -1])
def test_from_medcalc_bench_with_an_unknown_id_is_an_input_error(calculator_id):
    with pytest.raises(CalculatorInputError) as info:
        medreckon.from_medcalc_bench(calculator_id, {})
    assert info.value.issues[0].field == "calculator"


@pytest.mark.parametrize("calculator_id", [None, 2.0, [2], True])
def test_from_medcalc_bench_with_an_id_of_another_type_is_a_type_error_naming_it(calculator_id):
    with pytest.raises(TypeError, match="^argument 'calculator_id' takes"):
        medreckon.from_medcalc_bench(calculator_id, {})


def test_a_medcalc_bench_id_as_text_is_read():
    assert medreckon.from_medcalc_bench(" 6 ", {"weight": [70, "kg"], "height": [175, "cm"]}).rounded == 22.9


def test_an_entity_the_adapter_needs_is_named_when_missing():
    with pytest.raises(CalculatorInputError) as info:
        medreckon.from_medcalc_bench(24, {})
    assert info.value.issues[0].field == "input steroid" and info.value.issues[0].kind == "missing"
    with pytest.raises(CalculatorInputError, match="could not read them"):
        medreckon.from_medcalc_bench(24, {"input steroid": 5, "target steroid": "Prednisone PO"})


@pytest.mark.parametrize("literal", ["-" * 10000 + "1", "~" * 10000 + "1", "[" * 10000, "1" + "+1" * 5000,
                                     "{[1]: 2}", "x" * 200_000])
def test_a_hostile_entities_literal_is_an_input_error(literal):
    with pytest.raises(CalculatorInputError) as info:
        medreckon.from_medcalc_bench(2, literal)
    assert info.value.issues[0].field == "entities" and len(str(info.value)) < 2000


def test_entities_of_another_type_are_a_type_error():
    with pytest.raises(TypeError, match="^argument 'entities'"):
        medreckon.from_medcalc_bench(2, [("age", 60)])


@pytest.mark.parametrize("name", [HUGE, 10**20, -5])
def test_an_integer_no_calculator_has_is_an_input_error(name):
    with pytest.raises(CalculatorInputError) as info:
        medreckon.calculate(name, {})
    assert len(str(info.value)) < 500


@pytest.mark.parametrize("name", [None, 2.5, ["bmi"], b"bmi", True])
def test_a_calculator_of_another_type_is_a_type_error_naming_the_argument(name):
    with pytest.raises(TypeError, match="^argument 'calculator' takes"):
        medreckon.calculate(name, {})


def test_wrong_call_shapes_name_their_argument():
    with pytest.raises(TypeError, match="^argument 'inputs'"):
        medreckon.calculate("bmi", [70, 175], weight=70)
    with pytest.raises(TypeError, match="^argument 'batch'"):
        medreckon.calculate_many("bmi", 5)
    with pytest.raises(TypeError, match="^argument 'batch'"):
        medreckon.calculate_many("bmi", {"weight": 70})
    with pytest.raises(TypeError, match="^argument 'errors'"):
        medreckon.calculate_many("bmi", [], errors="ignore")


def test_numpy_values_echo_as_plain_json_numbers():
    np = pytest.importorskip("numpy")
    out = tools.call_tool("bmi", {"weight": np.float64(-70), "height": 175})
    assert out["issues"][0]["value"] == -70.0 and _encodes(out)


@pytest.mark.parametrize("name", [pytest.param("x" * 4_000_000, id="4 MB"), "\ud800" * 1000, HUGE])
def test_an_unknown_tool_or_calculator_name_is_echoed_bounded(name):
    for out in (tools.call_tool(name, {}), tools.call_compact_tool(name, {}),
                tools.call_compact_tool("calculate", {"calculator": name, "inputs": {}}),
                tools.call_compact_tool("describe_calculator", {"calculator": name})):
        assert out["error"] in ("unknown_calculator", "unknown_tool", "invalid_input"), out
        assert _encodes(out) < 4096


@pytest.mark.parametrize("specialty", [5, ["cardiology"], {"a": 1}, "no-such-specialty"])
def test_a_compact_search_with_a_bad_specialty_is_an_error_object(specialty):
    out = tools.call_compact_tool("search_calculators", {"query": "kidney", "specialty": specialty})
    assert out["error"] == "invalid_input" and out["issues"][0]["field"] == "specialty"


def test_search_arguments_of_another_type_are_type_errors_and_long_queries_input_errors():
    for kwargs in ({"specialty": 5}, {"kind": ["score"]}, {"limit": " "}, {"limit": True}):
        with pytest.raises(TypeError, match="^argument '"):
            tools.search_calculators("kidney", **kwargs)
    with pytest.raises(TypeError, match="^argument 'query'"):
        tools.search_calculators(None)
    with pytest.raises(CalculatorInputError, match="at most 500 characters"):
        tools.search_calculators("kidney " * 100)
    out = tools.call_compact_tool("search_calculators", {"query": "kidney " * 5000})
    assert out["error"] == "invalid_input" and _encodes(out) < 4096
    schema = next(t for t in tools.compact_tool_schemas() if t["function"]["name"] == "search_calculators")
    assert schema["function"]["parameters"]["properties"]["query"]["maxLength"] == 500


def test_search_cost_does_not_grow_with_the_query():
    """Each distinct word costs a lookup and a bisection; repeated words are counted, not rescanned.
    (Issue 29: a 33 KB query took 14.5 s, ~1.3 ms a word.)"""
    tools.search_calculators("warm up")
    short = "creatinine clearance"
    long = " ".join(f"zq{i}x creatinine clearance" for i in range(60))[:500]
    for query in (short, long):
        start = time.perf_counter()
        for _ in range(20):
            tools.search_calculators(query, limit=20)
        elapsed = (time.perf_counter() - start) / 20
        assert elapsed < 0.05, (len(query), elapsed)
    assert tools.search_calculators(long)[0]["id"] in ("creatinine-clearance-24h-urine", "cockcroft-gault")
