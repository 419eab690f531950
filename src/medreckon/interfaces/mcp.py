"""The calculators as an MCP server, over stdio or streamable HTTP.

This is the only module that imports the official `mcp` SDK (the `mcp` extra, pinned to 2.x:
the SDK renamed `mcp.server.fastmcp` to `mcp.server.mcpserver` and moved the low-level server
to constructor-registered handlers in 2.0, so an SDK change touches this file alone). We use the
low-level `Server`, because the tools are not Python functions to introspect: their names,
descriptions and input schemas come from `medreckon.interfaces.tools`, which reads them from the
calculator declarations, and a call goes through the same `call_tool` as every other surface.

Three tool sets:
- default: one tool per calculator (`cockcroft_gault`, `curb_65`, ...);
- `compact=True`: `search_calculators`, `describe_calculator` and `calculate`, for agents whose
  context cannot hold 55 tool schemas;
- `record=DB` (an SQLite record or a `postgresql://` DSN): the scenario agent's tools over that
  patient record (`medreckon.scenarios.tools`: query_record, the compact trio, run_python), so any
  MCP client can be evaluated on the same scenarios.
The calculator sets also offer `calculate_from_note` (`tool_reading`): a note read for a
calculator's inputs, with the evidence and confidence of each, and the result (the review flow).

Bad arguments never raise: the call returns a tool result with `isError: true` whose content is
the structured error of `tools.error_object` (field path, value given, expected type, unit and
range, allowed values, "did you mean"), as JSON text and as `structuredContent`.

Over HTTP the server binds to loopback by default. A non-loopback host is refused unless an API
token is set (`MEDRECKON_API_TOKEN` or `--api-token-file`); every request must then carry
`Authorization: Bearer`. It runs behind the guard every HTTP surface has (`http_guard.Guard`:
Host/Origin, JSON POSTs, a 64 KiB body limit, the token, an access log) on the same server
(`http_server`: read timeout, connection cap, logging that never blocks). A session idle for
`--session-timeout` seconds (120) is closed and its memory reclaimed; at most `--max-sessions`
(4096) are open. A tool call runs in a worker thread, off the event loop, so one slow call never
holds up another client's `tools/list`; its inputs are bounded (the body limit, and a search
query of at most 500 characters, as the schema says).
"""

from __future__ import annotations

import json
import logging
import os
import sys
from collections.abc import Mapping
from typing import Any, Literal

from . import tool_reading, tools
from .http_guard import log_failure
from .serving import TOKEN_ENV, is_loopback

SERVER_NAME = "medreckon"
DEFAULT_PORT = 8765
PATH = "/mcp"
Transport = Literal["stdio", "http"]

_INSTRUCTIONS = {
    False: "Validated clinical calculators, one tool per calculator. Quantities take a number in the "
    "unit the schema names or a string with its unit (\"106 umol/L\"). A result carries the value, "
    "the rounded value, the working and warnings; an error names each bad argument and what was "
    "expected, so correct those arguments and call again.",
    True: "Validated clinical calculators behind three tools: search_calculators to find one, "
    "describe_calculator for its inputs and units, calculate to run it. An error names each bad "
    "input and what was expected, so correct those inputs and call again.",
}


_RECORD_INSTRUCTIONS = (
    "A patient record and validated clinical calculators: query_record runs one read-only SQL SELECT over the "
    "record (its description lists the tables), search_calculators / describe_calculator / calculate run the "
    "calculators, run_python computes what no calculator covers. Read every value from the record.")


class MCPUnavailable(RuntimeError):
    """The `mcp` extra is not installed (or is a major version this adapter does not speak)."""


# ---------------------------------------------------------------- SDK-free parts


def tool_definitions(compact: bool = False) -> list[dict[str, Any]]:
    """The MCP tool list (name, description, inputSchema), read from `tools`."""
    schemas = [*(tools.compact_tool_schemas() if compact else tools.tool_schemas()), tool_reading.schema()]
    return [
        {"name": f["name"], "description": f["description"], "inputSchema": f["parameters"]}
        for f in (s["function"] for s in schemas)
    ]


def call(name: str, arguments: Mapping[str, Any] | None, compact: bool = False) -> tuple[dict[str, Any], bool]:
    """(outcome, is_error) of one tool call; never raises for bad input."""
    try:
        if name == tool_reading.NAME:
            outcome = tool_reading.call(arguments)
        elif compact:
            outcome = tools.call_compact_tool(name, arguments)
        else:
            outcome = tools.call_tool(name, arguments)
    except Exception as exc:  # a bug, not bad input: still an error result, never a traceback
        log_failure(logging.getLogger(__name__), f"tool {str(name)[:60]!r} failed", exc)  # no input values
        outcome = {"error": "internal_error", "calculator": None, "issues": [],
                   "message": f"the tool failed unexpectedly ({type(exc).__name__}); please report it"}
    return outcome, (tool_reading.is_error if name == tool_reading.NAME else tools.is_error)(outcome)


# ---------------------------------------------------------------- the SDK adapter


def _sdk() -> tuple[Any, Any]:
    """(mcp_types module, low-level Server class) of the installed SDK 2.x."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        major = version("mcp").split(".")[0]
        from mcp import types
        from mcp.server.lowlevel import Server
    except (ModuleNotFoundError, PackageNotFoundError) as exc:
        raise MCPUnavailable("the MCP server needs the official SDK: pip install 'medreckon[mcp]'") from exc
    if major != "2":  # 2.0 moved the low-level server to constructor-registered handlers
        raise MCPUnavailable(f"medreckon's MCP server needs mcp 2.x, found {version('mcp')}: "
                             "pip install 'medreckon[mcp]'")
    return types, Server


def record_tools(record: str) -> tuple[list[dict[str, Any]], Any]:
    """(tool list, call) of the scenario agent's tools over a patient record."""
    from ..scenarios.record import open_record
    from ..scenarios.tools import ScenarioTools

    tools_ = ScenarioTools(open_record(record))
    definitions = [{"name": f["name"], "description": f["description"], "inputSchema": f["parameters"]}
                   for f in (s["function"] for s in tools_.schemas())]

    def run(name: str, arguments: Mapping[str, Any] | None) -> tuple[dict[str, Any], bool]:
        shown, _ = tools_.call(name, dict(arguments or {}))
        return shown, isinstance(shown, dict) and "error" in shown

    return definitions, run


def build_server(compact: bool = False, record: str | None = None) -> Any:
    """A low-level `mcp` Server offering the calculators (one tool each, or the compact trio), or
    with `record` the scenario tools over that patient record."""
    types, Server = _sdk()
    from .. import __version__

    hints = types.ToolAnnotations(read_only_hint=True, destructive_hint=False, idempotent_hint=True,
                                  open_world_hint=False)
    if record is not None:
        definitions, run = record_tools(record)
    else:
        definitions, run = tool_definitions(compact), lambda n, a: call(n, a, compact)
    listed = types.ListToolsResult(tools=[
        types.Tool(name=t["name"], description=t["description"], input_schema=t["inputSchema"],
                   annotations=hints)
        for t in definitions
    ])
    schemas = {t["name"]: t["inputSchema"] for t in definitions}

    async def on_list_tools(ctx: Any, params: Any) -> Any:
        return listed

    async def on_call_tool(ctx: Any, params: Any) -> Any:
        import anyio.to_thread

        # off the event loop: the calculation (or the record query) is CPU and disk work
        outcome, failed = await anyio.to_thread.run_sync(run, params.name, params.arguments)
        text = json.dumps(outcome, ensure_ascii=False, separators=(",", ":"))
        return types.CallToolResult(
            content=[types.TextContent(type="text", text=text)],
            structured_content=outcome,
            is_error=failed,
        )

    return Server(
        SERVER_NAME,
        version=__version__,
        instructions=_RECORD_INSTRUCTIONS if record is not None else _INSTRUCTIONS[compact],
        # a dict lookup, so the HTTP transport's per-call header check need not list every tool
        get_tool_input_schema=schemas.get,
        on_list_tools=on_list_tools,
        on_call_tool=on_call_tool,
    )


async def serve_stdio(compact: bool = False, record: str | None = None) -> None:
    from mcp.server.stdio import stdio_server

    server = build_server(compact, record)
    async with stdio_server() as (read, write):
        await server.run(read, write, server.create_initialization_options())


MAX_BODY = 64 * 1024  # bytes of one JSON-RPC message; a tool call's arguments are far smaller
_ERROR_ECHO = 2048  # a JSON-RPC error answer longer than this has its message and data clipped


class _ClippedErrors:
    """ASGI: the SDK's own JSON-RPC errors echo what the client sent ("Method not found: <the
    method name>", validation details); an error answer over 2 KB has its `message` and `data`
    clipped by the one bounding function every echo goes through (`jsonable.echo`). Answers
    that are not errors pass untouched, chunk by chunk."""

    def __init__(self, app: Any):
        self.app = app

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        start: dict[str, Any] | None = None
        chunks: list[bytes] = []

        async def clipping_send(message: dict[str, Any]) -> None:
            nonlocal start
            if message["type"] == "http.response.start":
                if dict(message.get("headers", [])).get(b"content-type", b"").startswith(b"application/json"):
                    start = message  # held until the body shows whether it is an error
                    return
                await send(message)  # an event stream goes on as it comes
                return
            if message["type"] != "http.response.body" or start is None:
                await send(message)
                return
            chunks.append(message.get("body", b""))
            size = sum(map(len, chunks))
            if message.get("more_body", False) and size <= _ERROR_ECHO:
                return  # an error answer is one JSON object: wait for it whole
            body = b"".join(chunks)
            chunks.clear()
            head, start = start, None
            if head is not None:
                body, headers = _clipped(body, head.get("headers", []))
                await send({**head, "headers": headers})
            await send({"type": "http.response.body", "body": body, "more_body": message.get("more_body", False)})

        await self.app(scope, receive, clipping_send)


def _clipped(body: bytes, headers: list[tuple[bytes, bytes]]) -> tuple[bytes, list[tuple[bytes, bytes]]]:
    if len(body) <= _ERROR_ECHO or b'"error"' not in body[:200]:
        return body, headers
    from ..jsonable import echo

    try:
        answer = json.loads(body)
        error = answer["error"]
        error["message"] = echo(str(error.get("message", "")))
        if "data" in error:
            error["data"] = echo(error["data"])
    except (ValueError, KeyError, TypeError):
        return body, headers
    body = json.dumps(answer, ensure_ascii=False).encode("utf-8", "replace")
    return body, [(k, str(len(body)).encode() if k.lower() == b"content-length" else v) for k, v in headers]
DEFAULT_SESSION_TIMEOUT = 120.0  # seconds a session may be idle before it is closed
DEFAULT_MAX_SESSIONS = 4096


def http_app(compact: bool = False, host: str = "127.0.0.1", token: str | None = None, *,
             session_timeout: float = DEFAULT_SESSION_TIMEOUT, max_sessions: int = DEFAULT_MAX_SESSIONS,
             access_log: bool = True, record: str | None = None) -> Any:
    """The streamable-HTTP ASGI app at `/mcp` behind the guard every HTTP surface has, requiring
    `Authorization: Bearer <token>` if a token is given."""
    from mcp.server.transport_security import TransportSecuritySettings

    from .http_guard import Guard

    server = build_server(compact, record)
    security = None
    if not is_loopback(host):  # the SDK's Host/Origin allow-list only knows loopback names
        security = TransportSecuritySettings(enable_dns_rebinding_protection=False)
    app = server.streamable_http_app(streamable_http_path=PATH, json_response=True, host=host,
                                     transport_security=security, max_request_body_size=MAX_BODY,
                                     session_idle_timeout=session_timeout, max_sessions=max_sessions)
    return Guard(_ClippedErrors(app), token=token, max_body=MAX_BODY, access_log=access_log, open_paths=(),
                 loopback=is_loopback(host), json_posts=(PATH,))


def serve(transport: Transport = "stdio", compact: bool = False, host: str = "127.0.0.1",
          port: int = DEFAULT_PORT, *, token: str | None = None, settings: Any = None,
          session_timeout: float = DEFAULT_SESSION_TIMEOUT, max_sessions: int = DEFAULT_MAX_SESSIONS,
          access_log: bool = True, record: str | None = None) -> None:
    """Run the server until interrupted. Raises ValueError for an unsafe host (and the record's
    RecordError for a record that cannot be opened)."""
    if record is not None:
        from ..scenarios.record import open_record

        open_record(record).close()  # a bad record fails here, before the transport starts
    if transport == "stdio":
        import anyio

        _sdk()
        anyio.run(serve_stdio, compact, record)
        return
    from .http_server import ServerSettings, run

    token = token or os.environ.get(TOKEN_ENV) or None
    if not is_loopback(host) and not token:
        raise ValueError(f"refusing to serve MCP on non-loopback host {host!r} without an API token; "
                         f"set {TOKEN_ENV} or pass --api-token-file (clients then send Authorization: Bearer)")
    app = http_app(compact, host, token, session_timeout=session_timeout, max_sessions=max_sessions,
                   access_log=access_log, record=record)
    print(f"medreckon MCP server: http://{host}:{port}{PATH} "
          f"({len(tool_definitions(compact))} tools{', compact' if compact else ''})", file=sys.stderr)
    run(app, host, port, settings or ServerSettings())
