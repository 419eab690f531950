"""The calculators as an MCP server, over stdio or streamable HTTP.

This is the only module that imports the official `mcp` SDK (the `mcp` extra, pinned to 2.x:
the SDK renamed `mcp.server.fastmcp` to `mcp.server.mcpserver` and moved the low-level server
to constructor-registered handlers in 2.0, so an SDK change touches this file alone). We use the
low-level `Server`, because the tools are not Python functions to introspect: their names,
descriptions and input schemas come from `medreckon.interfaces.tools`, which reads them from the
calculator declarations, and a call goes through the same `call_tool` as every other surface.

Two tool sets:
- default: one tool per calculator (`cockcroft_gault`, `curb_65`, ...);
- `compact=True`: `search_calculators`, `describe_calculator` and `calculate`, for agents whose
  context cannot hold 55 tool schemas;
and in both `calculate_from_note` (`tool_reading`): a note read for a calculator's inputs, with
the evidence and confidence of each, and the result (the review flow).

Bad arguments never raise: the call returns a tool result with `isError: true` whose content is
the structured error of `tools.error_object` (field path, value given, expected type, unit and
range, allowed values, "did you mean"), as JSON text and as `structuredContent`.

Over HTTP the server binds to loopback by default. A non-loopback host is refused unless an API
token is set in `MEDRECKON_API_TOKEN`; every request must then carry `Authorization: Bearer`.
"""

from __future__ import annotations

import hmac
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


def build_server(compact: bool = False) -> Any:
    """A low-level `mcp` Server offering the calculators (one tool each, or the compact trio)."""
    types, Server = _sdk()
    from .. import __version__

    hints = types.ToolAnnotations(read_only_hint=True, destructive_hint=False, idempotent_hint=True,
                                  open_world_hint=False)
    definitions = tool_definitions(compact)
    listed = types.ListToolsResult(tools=[
        types.Tool(name=t["name"], description=t["description"], input_schema=t["inputSchema"],
                   annotations=hints)
        for t in definitions
    ])
    schemas = {t["name"]: t["inputSchema"] for t in definitions}

    async def on_list_tools(ctx: Any, params: Any) -> Any:
        return listed

    async def on_call_tool(ctx: Any, params: Any) -> Any:
        outcome, failed = call(params.name, params.arguments, compact)
        text = json.dumps(outcome, ensure_ascii=False, separators=(",", ":"))
        return types.CallToolResult(
            content=[types.TextContent(type="text", text=text)],
            structured_content=outcome,
            is_error=failed,
        )

    return Server(
        SERVER_NAME,
        version=__version__,
        instructions=_INSTRUCTIONS[compact],
        # a dict lookup, so the HTTP transport's per-call header check need not list every tool
        get_tool_input_schema=schemas.get,
        on_list_tools=on_list_tools,
        on_call_tool=on_call_tool,
    )


async def serve_stdio(compact: bool = False) -> None:
    from mcp.server.stdio import stdio_server

    server = build_server(compact)
    async with stdio_server() as (read, write):
        await server.run(read, write, server.create_initialization_options())


def http_app(compact: bool = False, host: str = "127.0.0.1", token: str | None = None) -> Any:
    """The streamable-HTTP ASGI app at `/mcp`, requiring `Authorization: Bearer <token>` if a
    token is given."""
    from mcp.server.transport_security import TransportSecuritySettings

    server = build_server(compact)
    security = None
    if not is_loopback(host):  # the SDK's Host/Origin allow-list only knows loopback names
        security = TransportSecuritySettings(enable_dns_rebinding_protection=False)
    app = server.streamable_http_app(streamable_http_path=PATH, json_response=True, host=host,
                                     transport_security=security)
    return _BearerAuth(app, token) if token else app


class _BearerAuth:
    """ASGI middleware: 401 unless the request carries the configured bearer token."""

    def __init__(self, app: Any, token: str):
        self.app, self.expected = app, f"Bearer {token}".encode()

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] == "http":
            given = dict(scope.get("headers") or ()).get(b"authorization", b"")
            if not hmac.compare_digest(given, self.expected):
                body = json.dumps({"error": "unauthorized",
                                   "message": "send Authorization: Bearer <token>"}).encode()
                await send({"type": "http.response.start", "status": 401, "headers": [
                    (b"content-type", b"application/json"), (b"www-authenticate", b"Bearer")]})
                await send({"type": "http.response.body", "body": body})
                return
        await self.app(scope, receive, send)


def serve(transport: Transport = "stdio", compact: bool = False, host: str = "127.0.0.1",
          port: int = DEFAULT_PORT) -> None:
    """Run the server until interrupted. Raises ValueError for an unsafe host."""
    if transport == "stdio":
        import anyio

        _sdk()
        anyio.run(serve_stdio, compact)
        return
    token = os.environ.get(TOKEN_ENV) or None
    if not is_loopback(host) and not token:
        raise ValueError(f"refusing to serve MCP on non-loopback host {host!r} without an API token; "
                         f"set {TOKEN_ENV} (clients then send Authorization: Bearer <token>)")
    import uvicorn

    app = http_app(compact, host, token)
    print(f"medreckon MCP server: http://{host}:{port}{PATH} "
          f"({len(tool_definitions(compact))} tools{', compact' if compact else ''})", file=sys.stderr)
    uvicorn.run(app, host=host, port=port, log_level="warning", access_log=False)
