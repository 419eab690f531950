"""The review page's two endpoints beside the REST API (which reads the note and computes:
`POST /api/calculators/{id}/from-note`):

    POST /review/suggestions  {note}                         -> {"suggestions": [...]} ranked
    POST /review/examples     {calculator, note, inputs}     -> the example saved, as JSON

A saved example is read again on the server (`reading.review.from_note` with the person's
inputs), never taken from the page, and appended to `<examples dir>/examples.jsonl`; without
an examples directory (`medreckon view --examples-dir`) saving answers 409. Bodies must be JSON
(415 otherwise: a cross-site form cannot post here); bad input is a 422 naming the field, with the
REST server's error objects.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from ..calculators.registry import get
from ..errors import CalculatorInputError, InputIssue
from ..interfaces import tools


def _error(status: int, code: str, message: str) -> Response:
    return JSONResponse({"error": code, "calculator": None, "message": message, "issues": [], "hint": None}, status)


async def _body(request: Request) -> dict[str, Any] | Response:
    if request.headers.get("content-type", "").split(";")[0].strip().lower() != "application/json":
        return _error(415, "unsupported_media_type", "send the body as JSON with 'Content-Type: application/json'")
    try:
        data = await request.json()
    except ValueError as exc:
        data = exc
    if not isinstance(data, Mapping):
        issue = InputIssue("body", None, "a JSON object", None, "type")
        return JSONResponse(tools.error_object(CalculatorInputError(None, [issue])), 422)
    return dict(data)


async def suggestions(request: Request) -> Response:
    from ..reading.review import suggest

    data = await _body(request)
    if isinstance(data, Response):
        return data
    try:
        return JSONResponse({"suggestions": await run_in_threadpool(suggest, data.get("note"))})
    except CalculatorInputError as exc:
        return JSONResponse(tools.error_object(exc), 422)


def _save(folder: Path, data: dict[str, Any]) -> Response:
    from ..reading.review import EXAMPLES_FILE, from_note, save_example

    try:
        calc = get(str(data.get("calculator")))
    except CalculatorInputError as exc:
        return JSONResponse(tools.unknown_calculator_error(str(data.get("calculator")), exc), 422)
    inputs = data.get("inputs") or {}
    try:
        if not isinstance(inputs, Mapping):
            raise CalculatorInputError(None, [InputIssue("inputs", inputs, "an object of input names to values",
                                                         None, "type")])
        reading = from_note(calc, data.get("note"), values=inputs)  # type: ignore[arg-type]
    except CalculatorInputError as exc:
        named = {i.field for i in exc.issues} - {"note", "inputs"}
        return JSONResponse(tools.error_object(exc, calc, prefix="inputs." if named else ""), 422)
    path = folder / EXAMPLES_FILE
    example = save_example(path, reading)
    with path.open(encoding="utf-8") as f:
        count = sum(1 for _ in f)
    return JSONResponse({"file": EXAMPLES_FILE, "examples": count, "example": example})


def routes(examples_dir: Path | None) -> list[Route]:
    """The endpoints, for the viewer's app (saving answers 409 without `examples_dir`)."""

    async def examples(request: Request) -> Response:
        if examples_dir is None:
            return _error(409, "not_configured", "saving examples needs the viewer started with "
                                                 "--examples-dir DIR (the JSONL file is written there)")
        data = await _body(request)
        if isinstance(data, Response):
            return data
        return await run_in_threadpool(_save, examples_dir, data)

    return [Route("/review/suggestions", suggestions, methods=["POST"]),
            Route("/review/examples", examples, methods=["POST"])]
