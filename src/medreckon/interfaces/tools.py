"""LLM tools generated from the calculator declarations.

For every calculator: an OpenAI function-calling schema (`tool_schema`), in a full form (units,
bounds, enums, defaults, descriptions) and a strict-mode form (`strict=True`: every field
required, `null` for "not given", no numeric bounds, `additionalProperties: false`, only the
keywords strict decoders accept). Validation stays in the calculator's pydantic model either
way: the schema guides the model, it does not replace the checks.

Quantities are offered in one of two shapes (`quantities=`):
- "text" (default): a number in the canonical unit, or a string with its unit ("106 umol/L").
  The fewest tokens, and how clinical notes write values.
- "object": `{"value": <number>, "unit": <one of the offered units>}`; the unit is an enum, so
  a constrained decoder cannot misspell it.
Both are accepted whichever schema the model was shown.

`call_tool(name, arguments)` turns a tool call (arguments as a JSON string or a mapping) into a
calculator call and returns the Result dict, or an error object the model can repair from (see
`error_object`). `compact_tool_schemas()` and `call_compact_tool()` are the low-token trio
`search_calculators` / `describe_calculator` / `calculate` for agents that cannot hold 55 tool
schemas in their context.
"""

from __future__ import annotations

import difflib
import json
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Literal

from ..calculators.describe import InputSpec, describe_inputs, unwrap
from ..calculators.registry import all_calculators, get
from ..calculators.spec import Calculator
from ..errors import MAX_ISSUES, TEXT_LIMIT, CalculatorInputError, InputIssue
from ..jsonable import clip_text, jsonable

QuantityStyle = Literal["text", "object"]

#: a pluggable retriever: (query, limit) -> [(calculator or id, score)], best first
Retriever = Callable[[str, int], Sequence[tuple["Calculator | str", float]]]

MAX_ERROR_BYTES = 32 * 1024  # the largest error object any input can produce

_REPAIR_HINT = "Correct the arguments named in `issues` and call the tool again."


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


def _quantity_bounds(calc: Calculator, name: str) -> dict[str, float]:
    from ..calculators.fields import Quantity

    f = calc.inputs.model_fields[name]
    _, meta, _ = unwrap(f.annotation)
    qty = next((m for m in [*meta, *f.metadata] if isinstance(m, Quantity)), None)
    out: dict[str, float] = {}
    if qty is not None:
        for key, word in (("gt", "exclusiveMinimum"), ("ge", "minimum"), ("lt", "exclusiveMaximum"), ("le", "maximum")):
            v = getattr(qty, key)
            if v is not None:
                out[word] = v
    return out


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
        if quantities == "object":
            schema = {
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
            number: dict[str, Any] = {"type": "number"}
            if not strict:
                number |= _quantity_bounds(calc, spec.name)
            schema = {"anyOf": [number, {"type": "string"}]}
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
    return {"type": "object", "properties": props, "required": required, "additionalProperties": False}


def tool_description(calc: Calculator) -> str:
    out = calc.output
    returns = {"decimal": "a number", "integer": "an integer", "date": "a date",
               "gestational_age": "(weeks, days)"}[out.type]
    unit = f" in {out.unit}" if out.unit and out.unit != "1" else ""
    text = f"{calc.name}. {_sentence(calc.description)}" if calc.description else f"{calc.name}."
    return f"{text} Returns {returns}{unit} with the working shown."


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


# ---------------------------------------------------------------- calls and errors


def parse_arguments(calc: Calculator, arguments: str | Mapping[str, Any] | None) -> dict[str, Any]:
    """Tool-call arguments as a dict of inputs: decodes JSON, and drops `null`s (strict mode's
    "not given") so the declared defaults apply. Raises CalculatorInputError."""
    arguments = _decode(arguments, calc.id, "a JSON object of input names to values")
    fields = calc.inputs.model_fields
    keep = {n for n, f in fields.items() if f.is_required() and unwrap(f.annotation)[2]}
    out = {k: v for k, v in arguments.items() if v is not None or k in keep}
    bad = [k for k, v in out.items() if k in fields and not _unit_is_text(v)]
    if bad:
        raise CalculatorInputError(calc.id, [InputIssue(
            k, out[k], 'a unit written as text, e.g. {"value": 106, "unit": "umol/L"}', None, "unit") for k in bad])
    return out


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
    text = text.decode("utf-8", "replace") if isinstance(text, bytes) else text
    return text if len(text) <= limit else text[:limit] + "…"


def call_tool(name: str | Calculator, arguments: str | Mapping[str, Any] | None) -> dict[str, Any]:
    """Run a tool call. Returns the Result dict, or an error object (it has the key "error")."""
    try:
        calc = calculator_for_tool(name) if not isinstance(name, Calculator) else name
    except CalculatorInputError as exc:
        return unknown_calculator_error(name if isinstance(name, str) else str(name), exc)
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
    size = len(json.dumps(error, ensure_ascii=False).encode())
    if size <= limit:
        return error
    out = dict(error, issues=list(error.get("issues") or ()))
    while out["issues"] and size > limit:
        dropped = out["issues"].pop()
        out["issues_omitted"] = out.get("issues_omitted", 0) + 1
        size -= len(json.dumps(dropped, ensure_ascii=False).encode())
    if size > limit:
        out["message"] = clip_text(str(out.get("message", "")), limit // 4)
    out["truncated"] = True
    return out


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


def unknown_calculator_error(name: str, exc: CalculatorInputError | None = None) -> dict[str, Any]:
    names = [tool_name(c) for c in all_calculators()]
    close = difflib.get_close_matches(str(name).replace("-", "_").lower(), names, n=3, cutoff=0.5)
    issue: dict[str, Any] = {
        "field": "calculator", "path": ["calculator"], "kind": "unknown_calculator", "value": name,
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
        "message": str(exc) if exc else f"no calculator named {name!r}",
        "issues": [issue],
        "hint": "Call an existing calculator; search_calculators lists them.",
    }


# ---------------------------------------------------------------- search and describe

_WORD = re.compile(r"[a-z0-9]+")
_STOP = frozenset("a an and the of for in on to with by or is are from as at be this that what which "
                  "patient patients score calculator calculate".split())


def _tokens(text: str) -> list[str]:
    out = []
    for t in _WORD.findall(text.lower()):
        if t in _STOP:
            continue
        if len(t) > 4 and t.endswith("s") and not t.endswith("ss"):
            t = t[:-1]
        out.append(t)
    return out


def _token_index() -> list[tuple[Calculator, dict[str, float]]]:
    global _INDEX
    if _INDEX is None:
        rows = []
        for c in all_calculators():
            weights: dict[str, float] = {}
            strong = " ".join([c.id, *c.aliases, c.name])
            for t in _tokens(c.description + " " + c.specialty):
                weights[t] = max(weights.get(t, 0.0), 1.0)
            for t in _tokens(strong):
                weights[t] = 3.0
            rows.append((c, weights))
        _INDEX = rows
    return _INDEX


_INDEX: list[tuple[Calculator, dict[str, float]]] | None = None


def token_overlap_retriever(query: str, limit: int) -> list[tuple[Calculator, float]]:
    """Ranks calculators by weighted token overlap with the query (id, aliases and name weigh 3,
    description and specialty 1); an exact id/alias/name match ranks first."""
    q = _tokens(query)
    exact = None
    try:
        exact = get(query) if query.strip() else None
    except CalculatorInputError:
        pass
    scored = []
    for c, weights in _token_index():
        s = 0.0
        for t in q:
            if t in weights:
                s += weights[t]
            elif len(t) >= 4:
                s += 0.5 * max((w for k, w in weights.items() if k.startswith(t) or t.startswith(k) and len(k) >= 4),
                               default=0.0)
        if c is exact:
            s += 100.0
        if s > 0:
            scored.append((c, s))
    scored.sort(key=lambda cs: (-cs[1], cs[0].id))
    return scored[:limit]


MAX_RESULTS = 1000  # above the registry's size: a listing is never cut short


def search_calculators(
    query: str = "", *, specialty: str | None = None, kind: str | None = None, limit: int = 10,
    retriever: Retriever | None = None,
) -> list[dict[str, Any]]:
    """Calculators matching a text query (all if empty), optionally of one specialty or kind.

    `retriever` replaces the token-overlap ranking (e.g. BM25 or dense retrieval)."""
    limit = max(1, min(int(limit), MAX_RESULTS))
    pool = [c for c in all_calculators()
            if (specialty is None or c.specialty.lower() == specialty.strip().lower())
            and (kind is None or c.kind == kind)]
    if query.strip():
        rank = retriever or token_overlap_retriever
        allowed = {c.id for c in pool}
        hits = [(get(c) if isinstance(c, str) else c, s) for c, s in rank(query, len(all_calculators()))]
        ranked = [(c, s) for c, s in hits if c.id in allowed][:limit]
    else:
        ranked = [(c, None) for c in pool[:limit]]
    return [summary(c) | ({"score": round(s, 3)} if s is not None else {}) for c, s in ranked]


def summary(calc: Calculator) -> dict[str, Any]:
    return {
        "id": calc.id,
        "tool": tool_name(calc),
        "name": calc.name,
        "kind": calc.kind,
        "specialty": calc.specialty,
        "description": calc.description,
        "output_unit": calc.output.unit,
    }


def describe_calculator(
    calc: Calculator | str, *, strict: bool = False, quantities: QuantityStyle = "text",
    compact: bool = False,
) -> dict[str, Any]:
    """Everything a caller needs to use a calculator: the arguments schema, the inputs with units
    and bounds, the output, the formula and references. `compact` leaves out what the schema says
    already (for the low-token tools)."""
    calc = get(calc)
    out = calc.output
    d: dict[str, Any] = summary(calc) | {
        "aliases": list(calc.aliases),
        "version": calc.version,
        "medcalc_bench_id": calc.medcalc_bench.id if calc.medcalc_bench else None,
        "formula": calc.formula,
        "output": {"unit": out.unit, "type": out.type,
                   "decimals": out.decimals if out.type == "decimal" else None,
                   "range": list(out.range) if out.range else None},
        "parameters": parameters_schema(calc, strict=strict, quantities=quantities),
        "references": [{"citation": r.citation, "url": r.url} for r in calc.references],
    }
    if not compact:
        d["inputs"] = [_input_dict(s) for s in describe_inputs(calc)]
    else:
        for key in ("aliases", "version", "medcalc_bench_id", "references"):
            d.pop(key)
    return d


def _input_dict(s: InputSpec) -> dict[str, Any]:
    d: dict[str, Any] = {"name": s.name, "kind": s.kind, "required": s.required, "description": s.description}
    if not s.required:
        d["default"] = s.default
    if s.option:
        d["option"] = True
    if s.kind == "quantity":
        d |= {"unit": s.unit, "units": list(s.units),
              "plausible": list(s.plausible) if s.plausible else None}
    if s.bounds:
        d["bounds"] = s.bounds
    if s.choices:
        d["choices"] = list(s.choices)
    return d


# ---------------------------------------------------------------- the compact trio

def compact_tool_schemas(*, strict: bool = False) -> list[dict[str, Any]]:
    """`search_calculators`, `describe_calculator`, `calculate`: three small tools instead of one
    per calculator. In strict mode `calculate` takes its inputs as a JSON string, since strict
    schemas cannot hold a free-form object."""
    specialties = sorted({c.specialty for c in all_calculators()})

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
           {"query": {"type": "string", "description": "What to compute, e.g. 'creatinine clearance'."},
            "specialty": specialty, "limit": limit},
           ["query"]),
        fn("describe_calculator",
           "The inputs (names, units, allowed values), formula and output of one calculator.",
           {"calculator": {"type": "string", "description": "A calculator id from search_calculators."}},
           ["calculator"]),
        fn("calculate",
           "Run a calculator on the patient's values; returns the value, rounded result, working and "
           "warnings, or errors to correct.",
           {"calculator": {"type": "string", "description": "A calculator id."}, "inputs": inputs},
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
    if name == "search_calculators":
        query = args.get("query")
        if not isinstance(query, str):
            return _bad_argument("query", query, "a text query")
        limit = args.get("limit")
        limit = 5 if limit is None else limit
        if isinstance(limit, bool) or not isinstance(limit, int) or not 1 <= limit <= 20:
            return _bad_argument("limit", limit, "an integer 1-20")
        return {"results": search_calculators(query, specialty=args.get("specialty") or None, limit=limit,
                                              retriever=retriever)}
    if name == "describe_calculator":
        target = args.get("calculator")
        try:
            return describe_calculator(str(target), strict=strict, quantities=quantities, compact=True)
        except CalculatorInputError as exc:
            return unknown_calculator_error(str(target), exc)
    if name == "calculate":
        target = args.get("calculator")
        try:
            calc = get(str(target))
        except CalculatorInputError as exc:
            return unknown_calculator_error(str(target), exc)
        try:
            inputs = args.get("inputs")
            return calc.calculate(parse_arguments(calc, inputs)).to_dict()
        except CalculatorInputError as exc:
            return error_object(exc, calc, prefix="inputs.")
    return {
        "error": "unknown_tool", "calculator": None, "message": f"no tool named {name!r}",
        "issues": [{"field": "name", "path": ["name"], "kind": "unknown_tool", "value": name,
                    "expected": "search_calculators, describe_calculator or calculate",
                    "allowed": ["search_calculators", "describe_calculator", "calculate"]}],
        "hint": "Call one of the three tools.",
    }


def _bad_argument(field: str, value: Any, expected: str) -> dict[str, Any]:
    return error_object(CalculatorInputError(None, [InputIssue(field, value, expected, None, "type")]))


__all__ = [
    "QuantityStyle", "Retriever", "tool_name", "calculator_for_tool", "parameters_schema", "tool_schema",
    "tool_schemas", "tool_description", "parse_arguments", "call_tool", "is_error", "error_object",
    "unknown_calculator_error", "token_overlap_retriever", "search_calculators", "summary",
    "describe_calculator", "compact_tool_schemas", "call_compact_tool",
]
