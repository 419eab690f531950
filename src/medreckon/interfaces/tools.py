"""LLM tools generated from the calculator declarations.

For every calculator: an OpenAI function-calling schema (`tool_schema`), in a full form (units,
bounds, enums, defaults, descriptions) and a strict-mode form (`strict=True`: every field
required, `null` for "not given", no numeric bounds, `additionalProperties: false`, only the
keywords strict decoders accept). Validation stays in the calculator's pydantic model either
way: the schema guides the model, it does not replace the checks.

Quantities are offered in one of two shapes (`quantities=`):
- "text" (default): a number in the canonical unit, or a string with its unit ("106 umol/L").
  The fewest tokens, and how clinical notes write values.
- "object": `{"value": <number>, "unit": <unit>}`, one alternative per offered unit (the unit a
  constant), so a constrained decoder cannot misspell it.
In the full form each is bounded in its unit as the server checks it (see `tool_schemas`). Both
are accepted whichever schema the model was shown.

`call_tool(name, arguments)` turns a tool call (arguments as a JSON string or a mapping) into a
calculator call and returns the Result dict, or an error object the model can repair from (see
`error_object`). `compact_tool_schemas()` and `call_compact_tool()` are the low-token trio
`search_calculators` / `describe_calculator` / `calculate` for agents that cannot hold 55 tool
schemas in their context.
"""

from __future__ import annotations

import difflib
import json
from collections.abc import Mapping
from functools import cache
from typing import Any

from ..calculators.describe import InputSpec, describe_inputs, unwrap
from ..calculators.registry import all_calculators, get
from ..calculators.spec import Calculator
from ..errors import MAX_ISSUES, TEXT_LIMIT, CalculatorInputError, InputIssue
from ..jsonable import clip_text, echo, echo_repr, jsonable
from .tool_schemas import (  # the tools API: schemas here, calls below
    QuantityStyle,
    calculator_for_tool,
    parameters_schema,
    tool_description,
    tool_name,
    tool_schema,
    tool_schemas,
)
from .tool_search import (
    MAX_QUERY,
    MAX_RESULTS,
    Retriever,
    describe_calculator,
    search_calculators,
    summary,
    token_overlap_retriever,
)

__all__ = [
    "MAX_ERROR_BYTES", "MAX_QUERY", "MAX_RESULTS", "QuantityStyle", "Retriever", "bounded", "calculator_for_tool", "call_compact_tool",
    "call_tool", "compact_tool_schemas", "describe_calculator", "error_object", "is_error", "parameters_schema",
    "parse_arguments", "search_calculators", "summary", "token_overlap_retriever", "tool_description", "tool_name",
    "tool_schema", "tool_schemas", "unknown_calculator_error",
]

MAX_ERROR_BYTES = 32 * 1024  # the largest error object any input can produce

_REPAIR_HINT = "Correct the arguments named in `issues` and call the tool again."


# ---------------------------------------------------------------- calls and errors


def parse_arguments(calc: Calculator, arguments: str | Mapping[str, Any] | None) -> dict[str, Any]:
    """Tool-call arguments as a dict of inputs: decodes JSON, and drops the `null`s of known inputs
    (strict mode's "not given") so the declared defaults apply; an unknown key is an error whatever
    its value, `null` included. Raises CalculatorInputError."""
    arguments = _decode(arguments, calc.id, "a JSON object of input names to values")
    fields = calc.inputs.model_fields
    keep = _required_nullable(calc)
    out = {k: v for k, v in arguments.items() if v is not None or k in keep or k not in fields}
    bad = [k for k, v in out.items() if k in fields and not _unit_is_text(v)]
    if bad:
        raise CalculatorInputError(calc.id, [InputIssue(
            k, out[k], 'a unit written as text, e.g. {"value": 106, "unit": "umol/L"}', None, "unit") for k in bad])
    return out


@cache
def _required_nullable(calc: Calculator) -> frozenset[str]:
    """Required inputs whose `null` is a value (kept, not read as "not given")."""
    return frozenset(n for n, f in calc.inputs.model_fields.items() if f.is_required() and unwrap(f.annotation)[2])


def _decode(arguments: str | bytes | Mapping[str, Any] | None, calculator: str | None = None,
            expected: str = "a JSON object") -> dict[str, Any]:
    """Tool-call arguments, a JSON string or a mapping (nothing: no arguments), as a dict.
    Raises CalculatorInputError for JSON that does not parse or is not an object."""
    if arguments is None or arguments == "":
        return {}
    if isinstance(arguments, str | bytes):
        try:
            arguments = json.loads(arguments)
        except RecursionError:  # nested deeper than the parser goes
            raise CalculatorInputError(calculator, [InputIssue(
                "arguments", _clip(arguments), expected, "the JSON is nested too deeply", "type")]) from None
        except ValueError as exc:
            raise CalculatorInputError(calculator, [InputIssue(
                "arguments", _clip(arguments), expected, f"the JSON does not parse: {exc}", "type")]) from None
    if not isinstance(arguments, Mapping):
        raise CalculatorInputError(calculator, [InputIssue("arguments", arguments, expected, None, "type")])
    return dict(arguments)


def _unit_is_text(v: Any) -> bool:
    """False for `{"value": 1, "unit": [..]}` / `[1, {..}]`: a unit that is not a string."""
    if isinstance(v, Mapping):
        unit = v.get("unit")
    elif isinstance(v, list | tuple) and len(v) == 2:
        unit = v[1]
    else:
        return True
    return unit is None or isinstance(unit, str)


def _clip(text: str | bytes, limit: int = 200) -> str:
    return clip_text(text, limit)


def call_tool(name: str | Calculator, arguments: str | Mapping[str, Any] | None) -> dict[str, Any]:
    """Run a tool call. Returns the Result dict, or an error object (it has the key "error")."""
    try:
        calc = calculator_for_tool(name) if not isinstance(name, Calculator) else name
    except CalculatorInputError as exc:
        return unknown_calculator_error(name, exc)
    try:
        return calc.calculate(parse_arguments(calc, arguments)).to_dict()
    except CalculatorInputError as exc:
        return error_object(exc, calc)


def is_error(outcome: Mapping[str, Any]) -> bool:
    return "error" in outcome


def error_object(exc: CalculatorInputError, calc: Calculator | None = None, *, prefix: str = "") -> dict[str, Any]:
    """The structured error an LLM repairs from: per issue the field path, the value given, what
    was expected (type, unit, range), the allowed values and a "did you mean" where we can tell.
    `prefix` is prepended to field paths (e.g. "inputs." for the compact `calculate` tool)."""
    specs = {s.name: s for s in describe_inputs(calc)} if calc is not None else {}
    issues = []
    listed = False  # the allowed inputs go with the first unknown key only: bounded errors
    for issue in exc.issues[:MAX_ISSUES]:
        field = clip_text(issue.field)
        d: dict[str, Any] = {
            "field": prefix + field,
            "path": [*([prefix.rstrip(".")] if prefix else []), *field.split(".")],
            "kind": issue.kind,
            "value": jsonable(issue.value, convert=False),
            "expected": clip_text(issue.expected, TEXT_LIMIT),
        }
        if issue.suggestion:
            d["suggestion"] = clip_text(issue.suggestion, TEXT_LIMIT)
        if issue.suggested:  # the number and unit the suggestion names, for a program to apply
            d["suggested"] = {"value": issue.suggested[0], "unit": issue.suggested[1]}
        spec = specs.get(issue.field.split(".")[0])
        if issue.kind == "unknown_field" and specs:
            if not listed:
                d["allowed"] = list(specs)
                listed = True
            close = difflib.get_close_matches(field, list(specs), n=1, cutoff=0.6)
            if close:
                d["did_you_mean"] = close[0]
        elif spec is not None:
            _describe_expected(d, spec, issue)
        issues.append(d)
    out = {
        "error": "invalid_input",
        "calculator": exc.calculator or (calc.id if calc else None),
        "message": str(exc),
        "issues": issues,
        "hint": _REPAIR_HINT,
    }
    if len(exc.issues) > MAX_ISSUES:
        out["issues_omitted"] = len(exc.issues) - MAX_ISSUES
    return bounded(out)


def bounded(error: dict[str, Any], limit: int = MAX_ERROR_BYTES) -> dict[str, Any]:
    """An error object cut to at most `limit` bytes of JSON: issues dropped from the end (counted
    in `issues_omitted`), then the message clipped. Each part is bounded already; this is the cap."""
    size = _json_size(error)
    if size <= limit:
        return error
    out = dict(error, issues=list(error.get("issues") or ()))
    while out["issues"] and size > limit:
        dropped = out["issues"].pop()
        out["issues_omitted"] = out.get("issues_omitted", 0) + 1
        size -= _json_size(dropped)
    if size > limit:
        out["message"] = clip_text(str(out.get("message", "")), limit // 4)
    out["truncated"] = True
    return out


def _json_size(obj: Any) -> int:
    """Bytes of `obj` as JSON (a lone surrogate counted, not raised: echoes are cleaned of them,
    but the cap must hold whatever it is given)."""
    return len(json.dumps(obj, ensure_ascii=False).encode("utf-8", "surrogatepass"))


def _describe_expected(d: dict[str, Any], spec: InputSpec, issue: InputIssue) -> None:
    d["type"] = spec.kind
    if spec.kind == "quantity":
        d["unit"] = spec.unit
        d["units"] = list(spec.units)
        if spec.bounds:
            d["range"] = spec.bounds
    elif spec.kind == "choice":
        d["allowed"] = list(spec.choices)
        if isinstance(issue.value, str):
            lowered = {c.lower(): c for c in spec.choices}
            close = difflib.get_close_matches(issue.value.strip().lower(), list(lowered), n=1, cutoff=0.5)
            if close:
                d["did_you_mean"] = lowered[close[0]]
    elif spec.kind in ("integer", "number") and spec.bounds:
        d["range"] = spec.bounds
    elif spec.kind == "boolean":
        d["allowed"] = [True, False]
    if not spec.required:
        d["default"] = spec.default


def unknown_calculator_error(name: Any, exc: CalculatorInputError | None = None) -> dict[str, Any]:
    """The error for a tool or calculator name that names none; the name is echoed bounded."""
    names = [tool_name(c) for c in all_calculators()]
    text = name if isinstance(name, str) else ""
    close = difflib.get_close_matches(text[:100].replace("-", "_").lower(), names, n=3, cutoff=0.5) if text else []
    issue: dict[str, Any] = {
        "field": "calculator", "path": ["calculator"], "kind": "unknown_calculator", "value": echo(name),
        "expected": "the name of a registered calculator tool",
    }
    if close:
        issue["did_you_mean"] = close[0]
        issue["suggestion"] = f"did you mean {', '.join(close)}?"
    else:
        issue["suggestion"] = "use search_calculators to find one"
    return {
        "error": "unknown_calculator",
        "calculator": None,
        "message": str(exc) if exc else f"no calculator named {echo_repr(name)}",
        "issues": [issue],
        "hint": "Call an existing calculator; search_calculators lists them.",
    }


# ---------------------------------------------------------------- the compact trio

def compact_tool_schemas(*, strict: bool = False) -> list[dict[str, Any]]:
    """`search_calculators`, `describe_calculator`, `calculate`: three small tools instead of one
    per calculator. In strict mode `calculate` takes its inputs as a JSON string, since strict
    schemas cannot hold a free-form object."""
    specialties = list(_specialties())

    def fn(name: str, description: str, props: dict[str, Any], required: list[str]) -> dict[str, Any]:
        if strict:
            required = list(props)
        f: dict[str, Any] = {"name": name, "description": description, "parameters": {
            "type": "object", "properties": props, "required": required, "additionalProperties": False}}
        if strict:
            f["strict"] = True
        return {"type": "function", "function": f}

    specialty: dict[str, Any] = {"type": "string", "enum": specialties,
                                 "description": "Only calculators of this specialty."}
    limit: dict[str, Any] = {"type": "integer", "description": "How many results (default 5)."}
    if strict:
        specialty = {"anyOf": [specialty, {"type": "null"}], "description": specialty["description"]}
        limit = {"type": ["integer", "null"], "description": limit["description"]}
    else:
        limit |= {"minimum": 1, "maximum": 20, "default": 5}
    if strict:
        inputs: dict[str, Any] = {"type": "string", "description": (
            'The inputs as a JSON object string, e.g. "{\\"weight\\": \\"70 kg\\", \\"height\\": 175}"; '
            "names and units as describe_calculator gives them.")}
    else:
        inputs = {"type": "object", "description": (
            "Input name -> value, as describe_calculator gives them. Quantities take a number in "
            "the canonical unit or a string with its unit (\"106 umol/L\").")}
    return [
        fn("search_calculators",
           "Find clinical calculators (scores and equations) by what they compute; returns ids, names "
           "and one-line descriptions.",
           {"query": {"type": "string", "maxLength": MAX_QUERY,
                      "description": "What to compute, e.g. 'creatinine clearance'."},
            "specialty": specialty, "limit": limit},
           ["query"]),
        fn("describe_calculator",
           "The inputs (names, units, allowed values), formula and output of one calculator.",
           {"calculator": {"type": "string", "maxLength": 200,
                           "description": "A calculator id from search_calculators."}},
           ["calculator"]),
        fn("calculate",
           "Run a calculator on the patient's values; returns the value, rounded result, working and "
           "warnings, or errors to correct.",
           {"calculator": {"type": "string", "maxLength": 200, "description": "A calculator id."},
            "inputs": inputs},
           ["calculator", "inputs"]),
    ]


def call_compact_tool(
    name: str, arguments: str | Mapping[str, Any] | None, *, retriever: Retriever | None = None,
    strict: bool = False, quantities: QuantityStyle = "text",
) -> Any:
    """Run one of the compact trio. Never raises for bad arguments: returns an error object."""
    try:
        args = _decode(arguments)
    except CalculatorInputError as exc:
        return error_object(exc)
    if not isinstance(name, str):
        name = echo(name)  # no tool: answered as unknown below, echoed bounded
    if name == "search_calculators":
        return _compact_search(args, retriever)
    if name in ("describe_calculator", "calculate"):
        target = args.get("calculator")
        try:
            if not isinstance(target, str):
                raise CalculatorInputError(None, [InputIssue(
                    "calculator", target, "a calculator id (text) from search_calculators", None, "type")])
            calc = get(target)
        except CalculatorInputError as exc:
            return unknown_calculator_error(target, exc)
    if name == "describe_calculator":
        return describe_calculator(calc, strict=strict, quantities=quantities, compact=True)
    if name == "calculate":
        try:
            inputs = args.get("inputs")
            return calc.calculate(parse_arguments(calc, inputs)).to_dict()
        except CalculatorInputError as exc:
            return error_object(exc, calc, prefix="inputs.")
    return {
        "error": "unknown_tool", "calculator": None, "message": f"no tool named {echo_repr(name)}",
        "issues": [{"field": "name", "path": ["name"], "kind": "unknown_tool", "value": echo(name),
                    "expected": "search_calculators, describe_calculator or calculate",
                    "allowed": ["search_calculators", "describe_calculator", "calculate"]}],
        "hint": "Call one of the three tools.",
    }


def _compact_search(args: Mapping[str, Any], retriever: Retriever | None) -> dict[str, Any]:
    query = args.get("query")
    if not isinstance(query, str) or len(query) > MAX_QUERY:
        return _bad_argument("query", query, f"a text query of at most {MAX_QUERY} characters")
    limit = args.get("limit")
    limit = 5 if limit is None else limit
    if isinstance(limit, bool) or not isinstance(limit, int) or not 1 <= limit <= 20:
        return _bad_argument("limit", limit, "an integer 1-20")
    specialty = args.get("specialty") or None
    if specialty is not None and specialty not in _specialties():
        return _bad_argument("specialty", specialty, f"one of {', '.join(_specialties())}", "choice")
    return {"results": search_calculators(query, specialty=specialty, limit=limit, retriever=retriever)}


def _bad_argument(field: str, value: Any, expected: str, kind: str = "type") -> dict[str, Any]:
    return error_object(CalculatorInputError(None, [InputIssue(field, value, expected, None, kind)]))


@cache
def _specialties() -> tuple[str, ...]:
    return tuple(sorted({c.specialty for c in all_calculators()}))
