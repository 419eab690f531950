"""What the REST server writes: the documented shapes of its answers (OpenAPI reads them), the
JSON encoding (orjson when installed) and the error objects every layer answers with."""

from __future__ import annotations

import difflib
from typing import Any, Literal

from fastapi.exceptions import RequestValidationError
from fastapi.responses import Response
from pydantic import BaseModel, Field

from ..jsonable import jsonable
from .json_wire import dumps

# ---------------------------------------------------------------- documented shapes


class Issue(BaseModel):
    field: str
    path: list[str | int] = []
    kind: str
    value: Any = None
    expected: str
    suggestion: str | None = None
    type: str | None = None
    unit: str | None = None
    units: list[str] | None = None
    range: str | None = None
    allowed: list[Any] | None = None
    did_you_mean: Any = None
    default: Any = None


class ErrorBody(BaseModel):
    """Every error response: an `error` code, a one-paragraph message and, for bad input, issues."""

    error: str = Field(description="invalid_input | unknown_calculator | not_found | method_not_allowed | "
                                   "unauthorized | request_too_large | internal_error")
    calculator: str | None = None
    message: str
    issues: list[Issue] = []
    hint: str | None = None


class Health(BaseModel):
    status: Literal["ok"]
    calculators: int
    version: str


class _CalculatorFacts(BaseModel):  # what a listing and a description both say of a calculator
    id: str
    tool: str
    name: str
    kind: str
    specialty: str
    description: str
    output_unit: str | None


class CalculatorSummary(_CalculatorFacts):
    score: float | None = None


class CalculatorList(BaseModel):
    count: int
    calculators: list[CalculatorSummary]


class CalculatorDescription(_CalculatorFacts):
    aliases: list[str]
    version: str
    medcalc_bench_id: int | None
    formula: str
    output: dict[str, Any]
    parameters: dict[str, Any] = Field(description="The LLM tool schema of the inputs (OpenAI function calling).")
    request_schema: dict[str, Any] = Field(description="JSON schema of the POST body (the inputs model).")
    inputs: list[dict[str, Any]]
    references: list[dict[str, Any]]


# ---------------------------------------------------------------- responses and errors


def json_response(obj: Any, status: int = 200, headers: dict[str, str] | None = None) -> Response:
    return Response(dumps(obj), status_code=status, media_type="application/json", headers=headers)


def error_response(status: int, code: str, message: str, *, issues: list[dict[str, Any]] | None = None,
           headers: dict[str, str] | None = None) -> Response:
    return json_response({"error": code, "calculator": None, "message": message, "issues": issues or [], "hint": None},
                 status, headers)


ERROR_CODES = {401: "unauthorized", 403: "forbidden_origin", 404: "not_found", 405: "method_not_allowed",
                413: "request_too_large", 415: "unsupported_media_type", 421: "misdirected_request"}


def validation_issues(exc: RequestValidationError) -> list[dict[str, Any]]:
    issues = []
    for err in exc.errors():
        loc = [str(p) for p in err.get("loc", ())]
        where, field = (loc[0], ".".join(loc[1:])) if len(loc) > 1 else ("request", ".".join(loc))
        issue: dict[str, Any] = {
            "field": field or where, "path": loc, "kind": "choice" if err["type"] == "literal_error" else "type",
            "value": jsonable(err.get("input"), convert=False), "expected": err.get("msg", "a valid value"),
        }
        ctx = err.get("ctx") or {}
        if err["type"] == "literal_error" and isinstance(err.get("input"), str):
            allowed = literal_values(ctx.get("expected", ""))
            issue["allowed"] = allowed
            close = difflib.get_close_matches(err["input"][:100].lower(), allowed, n=1, cutoff=0.5)
            if close:
                issue["did_you_mean"] = close[0]
        issues.append(issue)
    return issues


def literal_values(expected: str) -> list[str]:
    return [p.strip().strip("'") for p in expected.replace(" or ", ", ").split(",") if p.strip()]


# ---------------------------------------------------------------- a request that succeeds


def request_example(calc: Any) -> dict[str, Any] | None:
    """A body the calculator's request schema allows and the calculator computes: its worked
    example (`docs.example_inputs`) in canonical values, which the schema's number forms take
    ("5 ft 9 in" as 175.26; a percentage of 1 or less with its unit). OpenAPI carries it, so a
    fuzzer's examples phase reaches every operation's success path, including those whose rules
    between values random bodies rarely meet (vancomycin-auc's dosing times). None if none.
    (tests/test_rest.py validates each against its schema.)"""
    from ..calculators.quantity_schema import is_percent_or_fraction
    from ..errors import CalculatorInputError
    from .docs import example_inputs
    from .tool_schemas import _quantity

    example = example_inputs(calc)
    if example is None:
        return None
    try:
        parsed = calc.parse(example, [])
    except CalculatorInputError:
        return None
    body: dict[str, Any] = {}
    for name in example:
        value, q = getattr(parsed, name), _quantity(calc, name)
        if q is not None and is_percent_or_fraction(q) and 0 < value <= 1:
            value = {"value": value, "unit": q.unit}
        body[name] = jsonable(value)
    return body
