"""The commands that serve the calculators over HTTP or stdio (`serve`, `mcp`), and the options
every HTTP surface shares (`view` uses them too): the token from the environment or a file only,
the read timeout, keep-alive and connection cap of `http_server`, the log level."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from typing import Any

import click

from .serving import TOKEN_ENV


def fail(message: str) -> None:
    click.echo(f"error: {message}", err=True)
    sys.exit(2)


def http_options(command: Callable[..., Any]) -> Callable[..., Any]:
    """The options of every HTTP surface; the command receives `token` (from MEDRECKON_API_TOKEN
    or --api-token-file, never argv) and `settings` (an `http_server.ServerSettings`)."""
    options = [
        click.option("--api-token-file", type=click.Path(dir_okay=False), default=None,
                     help="Require 'Authorization: Bearer TOKEN', the token read from this file's first line. "
                          f"Or set {TOKEN_ENV}. Never on the command line: other users see it in `ps`."),
        click.option("--api-token", "argv_token", default=None, hidden=True),
        click.option("--read-timeout", default=5.0, show_default=True, type=click.FloatRange(0.1, 300),
                     help="Seconds a client has to send a whole request; slower connections are dropped."),
        click.option("--keep-alive", default=5, show_default=True, type=click.IntRange(1, 300),
                     help="Seconds an idle keep-alive connection stays open."),
        click.option("--max-connections", default=256, show_default=True, type=click.IntRange(1, 100000),
                     help="Open connections per worker; at the cap the longest-idle one is closed for a new "
                          "one, and a 503 answers only when all are mid-request."),
    ]

    def wrapped(*, api_token_file: str | None, argv_token: str | None, read_timeout: float, keep_alive: int,
                max_connections: int, **kwargs: Any) -> Any:
        from .http_server import ServerSettings

        if argv_token is not None:
            fail(f"--api-token is not accepted: a token on the command line shows in `ps` to every user of the "
                 f"machine; set {TOKEN_ENV} or write it to a file and pass --api-token-file")
        token = os.environ.get(TOKEN_ENV) or None
        if api_token_file:
            from .http_guard import TokenError, read_token_file

            try:
                token = read_token_file(api_token_file)
            except TokenError as exc:
                fail(str(exc))
        settings = ServerSettings(read_timeout=read_timeout, keep_alive=keep_alive, max_connections=max_connections,
                                  log_level=kwargs.pop("log_level", "warning"))
        return command(token=token, settings=settings, **kwargs)

    wrapped.__name__, wrapped.__doc__ = command.__name__, command.__doc__
    for option in reversed(options):
        wrapped = option(wrapped)
    return wrapped


@click.command("serve")
@click.option("--host", default="127.0.0.1", show_default=True,
              help="A non-loopback host is refused unless an API token is configured.")
@click.option("--port", default=8000, show_default=True, type=int)
@click.option("--max-body", default=64 * 1024, show_default=True, type=click.IntRange(1),
              help="Largest request body in bytes (413 beyond).")
@click.option("--cors-origin", "cors_origins", multiple=True,
              help="Allow browser calls from this origin; repeatable. No CORS when not given.")
@click.option("--workers", default=1, show_default=True, type=click.IntRange(1, 64))
@click.option("--no-access-log", is_flag=True, help="Do not write a JSON line per request to stderr.")
@click.option("--log-level", default="info", show_default=True,
              type=click.Choice(["critical", "error", "warning", "info", "debug"]))
@http_options
def serve_command(host: str, port: int, token: str | None, settings: Any, max_body: int,
                  cors_origins: tuple[str, ...], workers: int, no_access_log: bool) -> None:
    """Serve the calculators over HTTP (REST, OpenAPI at /openapi.json; needs the `serve` extra)."""
    try:
        from . import rest
    except ImportError as exc:
        fail(f"the REST server needs the serve extra: pip install 'medreckon[serve]' ({exc})")
    try:
        rest.serve(host, port, api_token=token, max_body=max_body, cors_origins=cors_origins,
                   access_log=not no_access_log, workers=workers, settings=settings)
    except rest.UnsafeBindError as exc:
        fail(str(exc))
    except KeyboardInterrupt:
        pass


@click.command("mcp")
@click.option("--transport", type=click.Choice(["stdio", "http"]), default="stdio", show_default=True)
@click.option("--compact", is_flag=True,
              help="Three tools (search_calculators, describe_calculator, calculate) instead of one per calculator.")
@click.option("--host", default="127.0.0.1", show_default=True,
              help="HTTP only. A non-loopback host needs an API token.")
@click.option("--port", default=8765, show_default=True, type=int, help="HTTP only.")
@click.option("--session-timeout", default=120.0, show_default=True, type=click.FloatRange(1, 86400),
              help="HTTP only: seconds a session may stay idle (no request in flight) before it is closed "
                   "and its memory reclaimed.")
@click.option("--max-sessions", default=4096, show_default=True, type=click.IntRange(1, 1_000_000),
              help="HTTP only: open sessions at most; a new one beyond is answered 503.")
@click.option("--no-access-log", is_flag=True, help="HTTP only: no JSON line per request on stderr.")
@click.option("--record", default=None,
              help="Serve the scenario tools over this patient record instead (an SQLite file or a postgresql:// "
                   "DSN of a read-only role): query_record, search_calculators, describe_calculator, calculate, "
                   "run_python.")
@http_options
def mcp_command(transport: str, compact: bool, host: str, port: int, token: str | None, settings: Any,
                session_timeout: float, max_sessions: int, no_access_log: bool, record: str | None) -> None:
    """Serve the calculators over the Model Context Protocol (needs the `mcp` extra)."""
    from . import mcp as server

    try:
        server.serve(transport, compact=compact, host=host, port=port, token=token, settings=settings,  # type: ignore[arg-type]
                     session_timeout=session_timeout, max_sessions=max_sessions, access_log=not no_access_log,
                     record=record)
    except (server.MCPUnavailable, ValueError) as exc:
        fail(str(exc))
    except KeyboardInterrupt:
        pass
