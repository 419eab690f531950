"""The REST server (FastAPI + uvicorn), generated from the calculator declarations.

    GET  /health                  liveness, calculator count, version
    GET  /calculators             search by text (`q`), filter by `specialty` / `kind`
    GET  /calculators/{id}        inputs (units, bounds, choices), formula, output, references
    POST /calculators/{id}        inputs as JSON -> Result (value, rounded, steps, warnings, inputs)
    POST /calculators/{id}/from-note  a note read for the inputs (evidence, confidence) -> the result
    GET  /openapi.json            one request schema per calculator, read from its inputs model

Secure by default: binds loopback; a non-loopback host needs an API token, and with a token every
request except /health needs `Authorization: Bearer <token>` (compared in constant time).
Request bodies are limited (64 KiB by default, 413 beyond), there is no CORS unless origins are
given, and every request is logged as one JSON line. Errors are JSON objects with an `error`
code; bad inputs are 422 with the same issues the LLM tools return (field, value, expected,
allowed values, did you mean). Never a traceback.

The hot path avoids FastAPI's per-request body validation and response serialisation: the
calculator's own pydantic model validates the body (it is the schema OpenAPI documents), and
orjson writes the response.
"""

from __future__ import annotations

import copy
import difflib
import gc
import logging
import os
from collections.abc import Awaitable, Callable, Iterable, MutableMapping
from functools import cache
from typing import Any, Literal

from fastapi import FastAPI, Query, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import Response
from fastapi.routing import APIRoute
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.routing import Route

from ..calculators.registry import all_calculators, get
from ..calculators.spec import Calculator, Result
from ..errors import CalculatorInputError, InputIssue
from . import tools
from .http_guard import Guard, add_local_docs, log_failure
from .http_server import ServerSettings
from .json_wire import dumps, loads
from .rest_reading import add_from_note
from .rest_shapes import (
    ERROR_CODES,
    CalculatorDescription,
    CalculatorList,
    ErrorBody,
    Health,
    error_response,
    json_response,
    request_example,
    validation_issues,
)
from .serving import TOKEN_ENV, is_loopback

DEFAULT_MAX_BODY = 64 * 1024

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


def _unknown_calculator(name: str) -> Response:
    body = tools.unknown_calculator_error(name)
    body["hint"] = "GET /calculators lists them."
    return json_response(body, 404)


# ---------------------------------------------------------------- the app


@cache
def _description_bytes(calc_id: str) -> bytes:
    calc = get(calc_id)
    d = tools.describe_calculator(calc)
    d["request_schema"] = calc.inputs.model_json_schema()
    return dumps(d)


def _schema_name(calc: Calculator) -> str:
    return calc.inputs.__name__


def compute_payload(calc: Calculator, body: bytes) -> tuple[int, bytes]:
    """(status, JSON bytes) of a POST body sent to a calculator: 200 and the Result, or 422 and
    the structured error. The one implementation behind both the fast path and the FastAPI route."""
    try:
        if not body.strip():
            raise ValueError("the body is empty; send {} to take every default")
        data = loads(body)
    except ValueError as exc:
        issue = InputIssue("body", tools._clip(body), "a JSON object of input names to values",
                           f"the JSON does not parse: {exc}", "type")
        return 422, dumps(tools.error_object(CalculatorInputError(calc.id, [issue]), calc))
    if not isinstance(data, dict):
        issue = InputIssue("body", data, "a JSON object of input names to values", None, "type")
        return 422, dumps(tools.error_object(CalculatorInputError(calc.id, [issue]), calc))
    try:
        result: Result = calc.calculate(tools.parse_arguments(calc, data))
    except CalculatorInputError as exc:
        return 422, dumps(tools.error_object(exc, calc))
    return 200, dumps(result.to_dict())


async def _compute(calc: Calculator, request: Request) -> Response:
    status, payload = compute_payload(calc, await request.body())
    return Response(payload, status_code=status, media_type="application/json")


_JSON_HEADERS = [(b"content-type", b"application/json")]


class FastPath:
    """Behind a CORS layer (the guard serves these POSTs itself otherwise): serves
    `POST /calculators/{id}` without FastAPI's per-request routing and dependency
    solving (about two thirds of the server's time per request); everything else, and any id
    it does not know, goes on to the FastAPI app, which documents this route and behaves the same."""

    def __init__(self, app: ASGIApp):
        self.app = app
        self.calculators: dict[str, Calculator] = {}
        for calc in all_calculators():
            self.calculators[calc.id] = calc

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        path = scope["path"] if scope["type"] == "http" else ""
        if scope.get("method") == "POST" and path.startswith("/calculators/"):
            calc = self.calculators.get(path[13:])
            if calc is not None:
                body = b""
                while True:
                    message = await receive()
                    if message["type"] != "http.request":
                        return
                    body += message.get("body", b"")
                    if not message.get("more_body", False):
                        break
                status, payload = compute_payload(calc, body)
                await send({"type": "http.response.start", "status": status,
                            "headers": [*_JSON_HEADERS, (b"content-length", str(len(payload)).encode())]})
                await send({"type": "http.response.body", "body": payload})
                return
        await self.app(scope, receive, send)


def create_app(*, api_token: str | None = None, max_body: int = DEFAULT_MAX_BODY,
               cors_origins: Iterable[str] = (), access_log: bool = True, host: str | None = None) -> ASGIApp:
    """The ASGI application. Use `serve()` (or `medreckon serve`) to run it with uvicorn.

    `host`: the address the server is bound to; a loopback one makes the app refuse requests
    whose Host or Origin is not loopback (see `http_guard`). None (in-process use): no such check."""
    from .. import __version__

    calcs = all_calculators()
    specialties = tuple(sorted({c.specialty for c in calcs}))
    error_responses: dict[int | str, dict[str, Any]] = {
        code: {"model": ErrorBody, "description": text}
        for code, text in ((401, "Missing or wrong bearer token (only when a token is configured)"),
                           (403, "The request's Origin is not allowed (loopback binds only)"),
                           (413, "Request body too large"),
                           (415, "The body is not sent as application/json"),
                           (421, "The Host header is not a loopback name (loopback binds only)"),
                           (422, "Invalid input: each issue names the field, the value, what was expected "
                                 "and, where known, the allowed values and a did-you-mean"))
    }
    app = FastAPI(
        title="medreckon",
        version=__version__,
        description="Validated clinical calculators. Each calculator's POST body is generated from its "
        "inputs model: quantities take a number in the canonical unit, a string with a unit "
        "(\"106 umol/L\") or {\"value\", \"unit\"}.",
        docs_url=None, redoc_url=None,  # served from local assets below, never a CDN
        responses=error_responses,
    )

    @app.exception_handler(CalculatorInputError)
    async def _input_error(request: Request, exc: CalculatorInputError) -> Response:
        return json_response(tools.error_object(exc), 422)

    @app.exception_handler(RequestValidationError)
    async def _request_error(request: Request, exc: RequestValidationError) -> Response:
        issues = validation_issues(exc)
        message = "; ".join(f"{i['field']}: got {i['value']!r}, expected {i['expected']}" for i in issues)
        return json_response({"error": "invalid_input", "calculator": None, "message": message, "issues": issues,
                      "hint": "Correct the named parameters and send the request again."}, 422)

    @app.exception_handler(StarletteHTTPException)
    async def _http_error(request: Request, exc: StarletteHTTPException) -> Response:
        code = ERROR_CODES.get(exc.status_code, "http_error")
        return error_response(exc.status_code, code, str(exc.detail), headers=getattr(exc, "headers", None))

    @app.exception_handler(Exception)
    async def _internal_error(request: Request, exc: Exception) -> Response:
        log_failure(logging.getLogger("medreckon.rest"), f"unhandled error on {request.method} {request.url.path}",
                    exc)
        return error_response(500, "internal_error", "the server failed on this request; it has been logged")

    @app.get("/health", response_model=Health, tags=["meta"])
    async def health() -> Response:
        """Liveness: status, number of calculators, version."""
        return json_response({"status": "ok", "calculators": len(calcs), "version": __version__})

    @app.get("/calculators", response_model=CalculatorList, tags=["calculators"],
             )
    async def list_calculators(
        q: str = Query("", max_length=tools.MAX_QUERY, description="Words to search for in ids, names and descriptions."),
        specialty: str = Query(None, description="Only this specialty.",  # type: ignore[assignment]
                               json_schema_extra={"enum": list(specialties)}),
        kind: Literal["equation", "score"] = Query(None,  # type: ignore[assignment]
                                                   description="Only equations or only scores."),
        limit: int = Query(tools.MAX_RESULTS, ge=1, le=tools.MAX_RESULTS,
                           description="At most this many results (all by default)."),
    ) -> Response:
        """Calculators, best match first when `q` is given."""
        if specialty is not None and specialty not in specialties:
            issue = InputIssue("specialty", specialty, f"one of {', '.join(specialties)}", None, "choice")
            body = tools.error_object(CalculatorInputError(None, [issue]))
            body["issues"][0]["allowed"] = list(specialties)
            close = difflib.get_close_matches(specialty[:100].lower(), specialties, n=1, cutoff=0.4)
            if close:
                body["issues"][0]["did_you_mean"] = close[0]
            body["hint"] = "Correct the named parameters and send the request again."
            return json_response(body, 422)
        found = tools.search_calculators(q, specialty=specialty, kind=kind, limit=limit)
        return json_response({"count": len(found), "calculators": found})

    # Serving: two templated routes resolve the id (or alias) with one dict lookup. Documenting:
    # one GET and one POST operation per calculator, generated from its declaration (below).
    @app.get("/calculators/{calculator}", include_in_schema=False)
    async def describe(calculator: str) -> Response:
        try:
            calc = get(calculator)
        except CalculatorInputError:
            return _unknown_calculator(calculator)
        return Response(_description_bytes(calc.id), media_type="application/json")

    @app.post("/calculators/{calculator}", include_in_schema=False)
    async def compute(calculator: str, request: Request) -> Response:
        try:
            calc = get(calculator)
        except CalculatorInputError:
            return _unknown_calculator(calculator)
        return await _compute(calc, request)

    add_from_note(app, [c.id for c in calcs], {**error_responses, 404: {
        "model": ErrorBody, "description": "No calculator has this id or alias"}})

    @app.exception_handler(405)
    async def _method_not_allowed(request: Request, exc: Exception) -> Response:
        allowed = sorted({m for r in app.router.routes if isinstance(r, APIRoute | Route)
                          and r.path_regex.match(request.url.path) for m in (r.methods or ()) if m != "HEAD"})
        return error_response(405, "method_not_allowed", f"{request.method} is not allowed here",
                      headers={"Allow": ", ".join(allowed)})

    def openapi() -> dict[str, Any]:
        if app.openapi_schema is None:
            from fastapi.openapi.utils import get_openapi

            documented = [*app.routes, *_documented_routes(calcs[:1], error_responses)]
            spec = get_openapi(title=app.title, version=app.version, description=app.description,
                               routes=documented, tags=[{"name": "calculators"}, {"name": "compute"},
                                                        {"name": "reading"}])
            _document_each(spec, calcs)
            components = spec.setdefault("components", {}).setdefault("schemas", {})
            for calc in calcs:
                schema, subs = _inputs_schema(calc)
                for sub, sub_schema in subs.items():
                    components.setdefault(sub, sub_schema)
                components[_schema_name(calc)] = schema
            if api_token:
                components_root = spec["components"]
                components_root["securitySchemes"] = {"bearer": {"type": "http", "scheme": "bearer"}}
                spec["security"] = [{"bearer": []}]
            app.openapi_schema = spec
        return app.openapi_schema

    app.openapi = openapi  # type: ignore[method-assign]
    add_local_docs(app)

    origins = [o for o in cors_origins if o]
    asgi: ASGIApp = app
    served: dict[str, Calculator] | None = {c.id: c for c in calcs}
    if origins:  # the CORS layer must see each answer: the calculator POSTs are served behind it
        from starlette.middleware.cors import CORSMiddleware

        asgi = CORSMiddleware(FastPath(app), allow_origins=origins, allow_methods=["GET", "POST"],
                              allow_headers=["Authorization", "Content-Type"])
        served = None
    guard = Guard(asgi, token=api_token, max_body=max_body, access_log=access_log,
                  loopback=host is not None and is_loopback(host), origins=origins,
                  calculators=served, compute=compute_payload)
    guard.fastapi = app  # for callers that add routes or read the OpenAPI document
    return guard


async def _documented_only() -> None:  # pragma: no cover - never routed
    raise NotImplementedError


def _documented_routes(calcs: Iterable[Calculator], responses: dict[int | str, dict[str, Any]]) -> list[APIRoute]:
    """For OpenAPI only: per calculator a GET (its description) and a POST whose request body is
    the calculator's inputs model. They document what the two templated routes serve."""
    routes = []
    describe = compute = _documented_only
    for calc in calcs:
        text = _post_text(calc)
        routes.append(APIRoute(
            f"/calculators/{calc.id}", describe, methods=["GET"], tags=["calculators"],
            operation_id=f"describe_{calc.id.replace('-', '_')}", summary=f"Describe: {calc.name}",
            description="Inputs (units, bounds, choices, defaults), formula, output and references.",
            response_model=CalculatorDescription, responses=responses,
        ))
        routes.append(APIRoute(
            f"/calculators/{calc.id}", compute, methods=["POST"], tags=["compute"],
            operation_id=f"calculate_{calc.id.replace('-', '_')}", summary=calc.name, description=text,
            response_model=Result, responses=responses,
            openapi_extra={"requestBody": {"required": True, "content": {"application/json": {
                "schema": {"$ref": f"#/components/schemas/{_schema_name(calc)}"},
                **({"example": example} if (example := request_example(calc)) is not None else {})}}}},
        ))
    return routes


def _post_text(calc: Calculator) -> str:
    return f"{calc.name}. {calc.description}\n\nFormula: {calc.formula}".strip()


def _document_each(spec: dict[str, Any], calcs: tuple[Calculator, ...]) -> None:
    """The first calculator's two operations, documented by FastAPI, copied for every other one
    with its own names, text and request body: FastAPI builds response models anew for each route
    (about 27 ms a route, 10 s for 370 of them), and they are the same for every calculator."""
    paths = spec["paths"]
    template = paths[f"/calculators/{calcs[0].id}"]
    for calc in calcs[1:]:
        item = copy.deepcopy(template)
        name = calc.id.replace("-", "_")
        item["get"].update(operationId=f"describe_{name}", summary=f"Describe: {calc.name}")
        item["post"].update(operationId=f"calculate_{name}", summary=calc.name, description=_post_text(calc))
        body = item["post"]["requestBody"]["content"]["application/json"]
        body["schema"] = {"$ref": f"#/components/schemas/{_schema_name(calc)}"}
        body.pop("example", None)  # the template's example is the first calculator's: each its own
        if (example := request_example(calc)) is not None:
            body["example"] = example
        paths[f"/calculators/{calc.id}"] = item


@cache
def _inputs_schema(calc: Calculator) -> tuple[dict[str, Any], dict[str, Any]]:
    """A calculator's inputs as JSON Schema and the sub-schemas it refers to (built once a process:
    pydantic takes ~15 ms a model). Callers copy what they change."""
    schema = calc.inputs.model_json_schema(ref_template="#/components/schemas/{model}")
    subs = schema.pop("$defs", {})
    return schema, subs


# ---------------------------------------------------------------- running it


class UnsafeBindError(ValueError):
    pass


def check_bind(host: str, api_token: str | None) -> None:
    """Refuse a non-loopback host unless an API token is configured."""
    if not is_loopback(host) and not api_token:
        raise UnsafeBindError(
            f"refusing to listen on {host!r} without an API token: set {TOKEN_ENV} or pass --api-token-file "
            "(clients then send 'Authorization: Bearer <token>'), or bind 127.0.0.1"
        )


def app_from_env() -> ASGIApp:
    """Factory for uvicorn workers: the settings travel in MEDRECKON_SERVE_* variables."""
    app = create_app(
        api_token=os.environ.get(TOKEN_ENV) or None,
        max_body=int(os.environ.get("MEDRECKON_SERVE_MAX_BODY", DEFAULT_MAX_BODY)),
        cors_origins=[o for o in os.environ.get("MEDRECKON_SERVE_CORS", "").split(",") if o],
        access_log=os.environ.get("MEDRECKON_SERVE_ACCESS_LOG", "1") == "1",
        host=os.environ.get("MEDRECKON_SERVE_HOST") or None,
    )
    app.fastapi.openapi()  # built before serving (seconds of CPU): no request waits for it
    # Move everything loaded so far out of the garbage collector's way: full collections then
    # scan only per-request objects, which shortens the pauses that set the p99 latency.
    gc.collect()
    gc.freeze()
    return app


def serve(host: str = "127.0.0.1", port: int = 8000, *, api_token: str | None = None,
          max_body: int = DEFAULT_MAX_BODY, cors_origins: Iterable[str] = (), access_log: bool = True,
          workers: int = 1, settings: ServerSettings | None = None) -> None:
    """Run the server with uvicorn (uvloop and httptools when installed), protected as every
    surface is (`http_server`: read timeout, connection cap, logging that never blocks)."""
    from .http_server import run

    api_token = api_token or os.environ.get(TOKEN_ENV) or None
    check_bind(host, api_token)
    env = {
        "MEDRECKON_SERVE_MAX_BODY": str(max_body),
        "MEDRECKON_SERVE_CORS": ",".join(cors_origins),
        "MEDRECKON_SERVE_ACCESS_LOG": "1" if access_log else "0",
        "MEDRECKON_SERVE_HOST": host,
    }
    if api_token:
        env[TOKEN_ENV] = api_token
    run("medreckon.interfaces.rest:app_from_env", host, port, settings or ServerSettings(log_level="info"),
        factory=True, workers=workers, env=env)
