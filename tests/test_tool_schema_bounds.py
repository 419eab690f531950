"""The LLM tool schemas (full form) say what the server accepts: every quantity in the shape the
model is shown, bounded in each offered unit, and the rules between inputs. Checked on a sample
around every bound of every quantity of every calculator, in every unit: the tool schema accepts a
value exactly when the calculator's validation does."""

from __future__ import annotations

import math

import jsonschema
import pytest

import medreckon
from medreckon.calculators import all_calculators
from medreckon.calculators.describe import describe_inputs
from medreckon.calculators.quantity_schema import unit_limits
from medreckon.errors import CalculatorInputError
from medreckon.interfaces import mcp, tools
from medreckon.interfaces.docs import example_inputs
from medreckon.interfaces.tool_schemas import _quantity


def _around(lo: float, hi: float) -> list[float]:
    """Values at, just inside and just outside each bound, and one in between."""
    out = []
    for b in (lo, hi):
        if math.isfinite(b):
            out += [b, math.nextafter(b, math.inf), math.nextafter(b, -math.inf), b * (1 + 1e-6), b * (1 - 1e-6)]
    if math.isfinite(lo) and math.isfinite(hi):
        out.append((lo + hi) / 2)
    return out


def _field_accepted(calc, args: dict, name: str) -> bool:
    """The calculator takes the value of `name` (other inputs are valid): its validation reads
    it, and it lies in the quantity's scope (which `compute` checks, with its reason)."""
    try:
        x = calc.parse(args, [])
    except CalculatorInputError as exc:
        return not any(i.field == name or i.field.startswith(name + ".") for i in exc.issues)
    scope = _quantity(calc, name).scope
    if scope:
        start, below = scope
        value = getattr(x, name)
        return (start is None or value >= start) and (below is None or value < below)
    return True


def _inward_margin(calc, name: str, value) -> bool:
    """A value within a part in 1e8 of a bound converted to another unit: the schema moves such
    bounds inward by a part in 1e9 (calculators/quantity_schema.py), so it may be stricter there."""
    if not isinstance(value, dict):
        return False
    q = _quantity(calc, name)
    if value["unit"] == q.unit:
        return False
    lo, _, hi, _ = unit_limits(q, value["unit"], scoped=True)
    return any(math.isclose(value["value"], b, rel_tol=1e-8) for b in (lo, hi))


def _samples(calc, spec, quantities):
    q = _quantity(calc, spec.name)
    for unit in dict.fromkeys((q.unit, *q.units)):
        lo, _, hi, _ = unit_limits(q, unit, scoped=True)
        for v in _around(lo, hi):
            if quantities == "object":
                yield {"value": v, "unit": unit}
            elif unit == q.unit:
                yield v
            if quantities == "text" and abs(v) < 1e6 and v == round(v, 3):  # plain decimals the pattern spells
                yield f"{v:g} {unit}"


CALCS = [c for c in all_calculators() if example_inputs(c) is not None]


@pytest.mark.parametrize("quantities", ["text", "object"])
def test_tool_schema_accepts_exactly_what_the_calculator_accepts(quantities):
    checked = 0
    report = []
    for calc in CALCS:
        params = tools.parameters_schema(calc, quantities=quantities)
        base = example_inputs(calc)
        for spec in describe_inputs(calc):
            if spec.kind != "quantity" or _quantity(calc, spec.name) is None:
                continue
            validator = jsonschema.Draft202012Validator(params["properties"][spec.name])
            for value in _samples(calc, spec, quantities):
                in_schema = validator.is_valid(value)
                accepted = _field_accepted(calc, {**base, spec.name: value}, spec.name)
                checked += 1
                # strings: the pattern spells the common, exact forms inside the bounds (it cannot
                # reach a bound's last decimals), so for them the schema may only be stricter
                stricter = accepted and (isinstance(value, str) or _inward_margin(calc, spec.name, value))
                if in_schema != accepted and not stricter:
                    report.append((calc.id, spec.name, value, in_schema, accepted))
    assert checked > 2000
    assert not report, report[:10]


def test_scoped_quantities_are_bounded_in_the_tool_schema_as_in_the_request_schema():
    calc = medreckon.calculators.get("canadian-ct-head")
    age = tools.parameters_schema(calc)["properties"]["age"]["anyOf"][0]
    assert age["minimum"] == 16  # the rule's scope, as OpenAPI states it
    assert tools.call_tool("canadian_ct_head", {**example_inputs(calc), "age": 15})["error"] == "invalid_input"


@pytest.mark.parametrize("calc_id", ["sofa", "saps-ii", "ranson", "caprini", "cam-icu", "cockcroft-gault", "mme"])
def test_tool_schemas_carry_the_rules_between_inputs(calc_id):
    """The full tool schema (and MCP's inputSchema) holds the rules JSON Schema can state; every
    form says them in words in the description (strict decoders take no allOf)."""
    calc = medreckon.calculators.get(calc_id)
    full = tools.tool_schema(calc)["function"]
    stated = [s for r in calc.inputs.rules if (s := r.json_schema(calc.inputs)) is not None]  # not the Relations
    assert full["parameters"]["allOf"] == stated
    assert full["parameters"]["allOf"] == calc.inputs.model_json_schema()["allOf"]
    strict = tools.tool_schema(calc, strict=True)["function"]
    assert "allOf" not in strict["parameters"]
    for fn in (full, strict):
        assert "Rules between inputs:" in fn["description"]
    definition = next(d for d in mcp.tool_definitions() if d["name"] == tools.tool_name(calc))
    assert definition["inputSchema"]["allOf"] == full["parameters"]["allOf"]


def test_a_body_breaking_a_rule_is_schema_invalid_and_refused():
    """SOFA without creatinine or urine output: the tool schema rejects it, and so does the call."""
    calc = medreckon.calculators.get("sofa")
    args = {k: v for k, v in example_inputs(calc).items() if k not in ("creatinine", "urine_output")}
    validator = jsonschema.Draft202012Validator(tools.parameters_schema(calc))
    assert not validator.is_valid(args)
    assert validator.is_valid({**args, "urine_output": 500})
    out = tools.call_tool("sofa", args)
    assert out["error"] == "invalid_input" and out["issues"][0]["field"] == "creatinine"
