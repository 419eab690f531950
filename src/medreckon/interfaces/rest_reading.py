"""`POST /calculators/{id}/from-note`: a clinical note read for a calculator's inputs (the rule-based
readers; the server runs no model), a person's values for some inputs, and the result computed —
the review flow of `reading.review.from_note`, which the CLI, MCP and the viewer call too."""

from __future__ import annotations

from typing import Any, Literal

from fastapi import FastAPI, Path, Request
from fastapi.concurrency import run_in_threadpool
from fastapi.exceptions import RequestValidationError
from fastapi.responses import Response
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from ..calculators.registry import get
from ..calculators.spec import Calculator, Result
from ..errors import CalculatorInputError
from . import tools
from .json_wire import loads
from .rest_shapes import json_response, validation_issues

MAX_NOTE = 20_000  # reading.review.MAX_NOTE (not imported here: the reading package loads on first use)

EXAMPLE_NOTE = ("A 72-year-old man is brought in with a productive cough and new confusion. BUN 31 mg/dL, "
                "respiratory rate 32/min, blood pressure 85/50 mmHg. Chest x-ray: right lower lobe consolidation.")


class FromNoteRequest(BaseModel):
    """A note, and a person's values for any inputs the reading got wrong or left out."""

    model_config = ConfigDict(extra="forbid", json_schema_extra={
        "examples": [{"note": EXAMPLE_NOTE, "inputs": {"confusion": False}}]})

    note: str = Field(min_length=1, max_length=MAX_NOTE, pattern=r"\S",
                      description="The clinical note, as written.")
    inputs: dict[str, Any] = Field(
        default_factory=dict,
        description="A person's values for some inputs, by name (as `GET /calculators/{id}` lists them): "
        "they replace what was read (source `person`); null leaves an input out, so its declared default "
        "applies. Values as the calculator's POST takes them.")


class SpanShape(BaseModel):
    start: int = Field(description="Character offset into the note.")
    end: int
    text: str = Field(description="note[start:end]")


class InputReadingShape(BaseModel):
    name: str
    kind: str
    value: Any = Field(description="As written: true/false, a choice's option, {value, unit}, a number; "
                                   "null: left out (the declared default applies).")
    source: Literal["rule", "model", "default", "person", "learned"]
    method: str = Field(description="The mechanism that settled it (docs/reading.md).")
    evidence: list[SpanShape]
    confidence: float | None
    matters: bool = Field(description="Whether another value would change the result.")
    detail: dict[str, Any]


class NoteReadingShape(BaseModel):
    calculator: str
    calculator_version: str
    pipeline: str
    version: str
    status: Literal["ok", "abstained", "unparsed", "truncated", "error"]
    inputs: dict[str, InputReadingShape]
    arguments: dict[str, Any]
    options: dict[str, Any]
    result: Result | None
    missing: list[str]
    error: str | None
    confidence: float | None = Field(description="Calibrated probability that the answer is right.")
    drivers: list[str] = Field(description="The inputs that pull the confidence down most, least sure first.")
    threshold: float | None
    needs_review: bool
    fixes: list[str]


def _read(calc: Calculator, body: FromNoteRequest) -> Response:
    from ..reading.review import from_note

    try:
        reading = from_note(calc, body.note, values=body.inputs)
    except CalculatorInputError as exc:
        known = {i.field.split(".")[0] for i in exc.issues} - {"note"}
        return json_response(tools.error_object(exc, calc, prefix="inputs." if known else ""), 422)
    return json_response(reading.to_dict())


def _invalid(issues: list[dict[str, Any]]) -> Response:
    message = "; ".join(f"{i['field']}: got {i['value']!r}, expected {i['expected']}" for i in issues)
    return json_response({"error": "invalid_input", "calculator": None, "message": message, "issues": issues,
                          "hint": "Correct the named parameters and send the request again."}, 422)


def parse_body(raw: bytes) -> FromNoteRequest | Response:
    """The body as a FromNoteRequest, or the 422 that names what is wrong (`body` when it is not
    a JSON object, else the field), as the calculators' POST answers."""
    try:
        if not raw.strip():
            raise ValueError("the body is empty")
        data = loads(raw)
    except ValueError as exc:
        return _invalid([{"field": "body", "path": ["body"], "kind": "type", "value": tools._clip(raw),
                          "expected": f"a JSON object with note and inputs (the JSON does not parse: {exc})"}])
    try:
        return FromNoteRequest.model_validate(data)
    except ValidationError as exc:
        errors = [{**e, "loc": ("body", *e["loc"])} for e in exc.errors()]
        return _invalid(validation_issues(RequestValidationError(errors)))


def add_from_note(app: FastAPI, calculator_ids: list[str], responses: dict[int | str, dict[str, Any]]) -> None:
    """The route, documented as one operation whose `calculator` is any calculator's id. The body
    is parsed here (not by FastAPI, which answers a body that does not parse with a 400)."""

    @app.post(
        "/calculators/{calculator}/from-note", tags=["reading"], operation_id="calculate_from_note",
        summary="Read a note for a calculator's inputs, then calculate",
        response_model=NoteReadingShape, responses=responses,
        openapi_extra={"requestBody": {"required": True, "content": {"application/json": {
            "schema": FromNoteRequest.model_json_schema()}}}},
        description="Reads the note with the rule-based readers (no model): every input with its value, its "
        "source, the words of the note it was read from (character offsets) and a calibrated confidence; "
        "the case's confidence and whether it needs review; the result with its steps. `inputs` replace "
        "what was read (a person's corrections). A required input neither the note nor `inputs` gives is "
        "no error: status `abstained`, named in `missing`. A value the calculator rejects, or an input it "
        "does not have, is a 422 naming `inputs.<name>`.")
    async def calculate_from_note(request: Request, calculator: str = Path(
            description="A calculator id (or alias).", json_schema_extra={"enum": calculator_ids,
                                                                          "example": "curb-65"})) -> Response:
        try:
            calc = get(calculator)
        except CalculatorInputError:
            error = tools.unknown_calculator_error(calculator)
            error["hint"] = "GET /calculators lists them."
            return json_response(error, 404)
        body = parse_body(await request.body())
        if isinstance(body, Response):
            return body
        return await run_in_threadpool(_read, calc, body)  # the readers take a while: off the event loop
