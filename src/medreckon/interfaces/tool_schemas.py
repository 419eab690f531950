"""LLM tool schemas generated from the calculator declarations (OpenAI function calling).

For every calculator: a full form (units, bounds, enums, defaults, descriptions) and a strict-mode
form (`strict=True`: every field required, `null` for "not given", no numeric bounds,
`additionalProperties: false`, only the keywords strict decoders accept). Validation stays in the
calculator's pydantic model either way: the schema guides the model, it does not replace the
checks. See `tools` for the shapes quantities are offered in.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any, Literal

from ..calculators.describe import InputSpec, describe_inputs, unwrap
from ..calculators.registry import all_calculators, get
from ..calculators.spec import Calculator

QuantityStyle = Literal["text", "object"]


# ---------------------------------------------------------------- names


def tool_name(calc: Calculator | str) -> str:
    """The function name a model calls: the calculator id with '_' for '-' (`cockcroft_gault`)."""
    return get(calc).id.replace("-", "_")


def calculator_for_tool(name: str) -> Calculator:
    """The calculator behind a tool name, id, alias or name; CalculatorInputError if none."""
    return get(name)


# ---------------------------------------------------------------- schemas


def _plain_bounds(calc: Calculator, name: str) -> dict[str, float]:
    """JSON-schema bounds of a plain int/float field (annotated_types Gt/Ge/Lt/Le)."""
    f = calc.inputs.model_fields[name]
    _, meta, _ = unwrap(f.annotation)
    out: dict[str, float] = {}
    items = [*meta, *f.metadata]
    items += [x for m in items for x in getattr(m, "metadata", ()) or ()]  # Field(ge=...) inside Annotated
    for m in items:
        for key, word in (("gt", "exclusiveMinimum"), ("ge", "minimum"), ("lt", "exclusiveMaximum"), ("le", "maximum")):
            v = getattr(m, key, None)
            if isinstance(v, int | float) and not isinstance(v, bool):
                out[word] = v
    return out


def _quantity(calc: Calculator, name: str) -> Any:
    from ..calculators.fields import Quantity

    f = calc.inputs.model_fields[name]
    _, meta, _ = unwrap(f.annotation)
    return next((m for m in [*meta, *f.metadata] if isinstance(m, Quantity)), None)


def _quantity_forms(calc: Calculator, name: str, quantities: QuantityStyle) -> list[dict[str, Any]] | None:
    """The forms of the request schema (calculators/quantity_schema.py) in the shape the model is
    shown, each bounded in its unit as the server checks it: "text", the number (canonical unit)
    and the `"<number> <unit>"` string; "object", one `{value, unit}` per offered unit with the
    unit required. None where the field is not a declared quantity."""
    from ..calculators.quantity_schema import quantity_json_schema

    q = _quantity(calc, name)
    if q is None:
        return None
    forms = quantity_json_schema(q)["anyOf"]
    if quantities == "text":
        return [f for f in forms if f.get("type") in ("number", "string")]
    objects = []
    for f in forms:
        if f.get("type") == "object":
            unit = f["properties"]["unit"]
            unit = {"const": unit["enum"][0]} if "enum" in unit else unit
            objects.append({**f, "properties": {**f["properties"], "unit": unit}, "required": ["value", "unit"]})
    return objects


def _sentence(text: str) -> str:
    text = text.strip()
    return text if not text or text[-1] in ".?!" else text + "."


def _default_words(spec: InputSpec) -> str:
    d = spec.default
    if d is None:
        return "Omit if unknown or not applicable."
    if d is False:
        return "Taken as absent (false) if omitted."
    if d is True:
        return "Taken as present (true) if omitted."
    return f"Default {json.dumps(d)} if omitted."


def _field_schema(calc: Calculator, spec: InputSpec, strict: bool, quantities: QuantityStyle) -> dict[str, Any]:
    words = [_sentence(spec.description)] if spec.description else []
    schema: dict[str, Any]
    if spec.kind == "quantity":
        units = list(spec.units or (spec.unit,))
        other = next((x for x in units if x != spec.unit), None)
        bounded = None if strict else _quantity_forms(calc, spec.name, quantities)
        if quantities == "object":
            schema = {"anyOf": bounded} if bounded else {
                "type": "object",
                "properties": {
                    "value": {"type": "number"},
                    "unit": {"type": "string", "enum": units},
                },
                "required": ["value", "unit"],
                "additionalProperties": False,
            }
            words.append(f"Value with its unit; canonical unit {spec.unit}.")
        else:
            schema = {"anyOf": bounded or [{"type": "number"}, {"type": "string"}]}
            example = f' such as "<number> {other}"' if other else ""
            words.append(
                f"A number in {spec.unit}, or a string with its unit{example}. Units: {', '.join(units)}."
            )
        if spec.bounds and (strict or quantities == "object"):
            words.append(f"Must be {spec.bounds} {spec.unit}.")
    elif spec.kind == "choice":
        schema = {"type": "string", "enum": list(spec.choices)}
    elif spec.kind == "boolean":
        schema = {"type": "boolean"}
    elif spec.kind == "date":
        schema = {"type": "string"}
        if not strict:
            schema["format"] = "date"
        if "YYYY" not in spec.description:
            words.append("Date as YYYY-MM-DD.")
    elif spec.kind in ("integer", "number"):
        schema = {"type": spec.kind}
        if strict:
            if spec.bounds:
                words.append(f"Must be {spec.bounds}.")
        else:
            schema |= _plain_bounds(calc, spec.name)
    else:
        schema = {"type": "string"}

    if not spec.required:
        if strict:
            words.append(_default_words(spec).replace("if omitted", "if null").replace("Omit", "Null"))
        else:
            words.append(_default_words(spec))
            if spec.default is not None:
                schema["default"] = spec.default
    if strict and (not spec.required or spec.nullable):
        schema = _nullable(schema)
    schema["description"] = " ".join(w for w in words if w)
    return schema


def _nullable(schema: dict[str, Any]) -> dict[str, Any]:
    if "anyOf" in schema:
        return {"anyOf": [*schema["anyOf"], {"type": "null"}]}
    if "enum" in schema:
        return {"anyOf": [schema, {"type": "null"}]}
    if schema.get("type") in ("string", "number", "integer", "boolean"):
        return {**schema, "type": [schema["type"], "null"]}
    return {"anyOf": [schema, {"type": "null"}]}


def parameters_schema(
    calc: Calculator | str, *, strict: bool = False, quantities: QuantityStyle = "text"
) -> dict[str, Any]:
    """The JSON schema of a calculator's tool arguments, generated from its inputs model."""
    calc = get(calc)
    specs = describe_inputs(calc)
    props = {s.name: _field_schema(calc, s, strict, quantities) for s in specs}
    required = list(props) if strict else [s.name for s in specs if s.required]
    out = {"type": "object", "properties": props, "required": required, "additionalProperties": False}
    if not strict:  # the rules between inputs, as the request schema states them (strict decoders take no allOf)
        rules = [r.json_schema(calc.inputs) for r in calc.inputs.rules]
        if any(rules):
            out["allOf"] = [r for r in rules if r is not None]
    return out


def tool_description(calc: Calculator) -> str:
    out = calc.output
    returns = {"decimal": "a number", "integer": "an integer", "date": "a date",
               "gestational_age": "(weeks, days)",
               "category": "one of the labels " + "; ".join(f"'{c}'" for c in out.categories)}[out.type]
    unit = f" in {out.unit}" if out.unit and out.unit != "1" else ""
    text = f"{calc.name}. {_sentence(calc.description)}" if calc.description else f"{calc.name}."
    rules = "; ".join(r.words() for r in calc.inputs.rules)
    needs = f" Rules between inputs: {rules}." if rules else ""
    return f"{text}{needs} Returns {returns}{unit} with the working shown."


def tool_schema(
    calc: Calculator | str, *, strict: bool = False, quantities: QuantityStyle = "text"
) -> dict[str, Any]:
    """The OpenAI function-calling tool (`{"type": "function", "function": {...}}`)."""
    calc = get(calc)
    function: dict[str, Any] = {
        "name": tool_name(calc),
        "description": tool_description(calc),
        "parameters": parameters_schema(calc, strict=strict, quantities=quantities),
    }
    if strict:
        function["strict"] = True
    return {"type": "function", "function": function}


def tool_schemas(
    calculators: Iterable[Calculator | str] | None = None, *, strict: bool = False,
    quantities: QuantityStyle = "text",
) -> list[dict[str, Any]]:
    """Tools for the given calculators (all registered ones by default)."""
    calcs = all_calculators() if calculators is None else [get(c) for c in calculators]
    return [tool_schema(c, strict=strict, quantities=quantities) for c in calcs]
