"""The one guard in front of every HTTP surface (REST, MCP over HTTP, the viewer and its /api),
beside auth and size limits. How the servers run (read timeout, connection cap, logging that
never blocks) is `http_server`.

- **Host and Origin** (on a loopback bind, as the MCP SDK does for MCP): a request whose `Host`
  is not a loopback name is answered 421, so a DNS-rebinding page cannot read results; one whose
  `Origin` is neither loopback nor a configured CORS origin is answered 403.
- **JSON only**: a POST must say `Content-Type: application/json` (415 otherwise). A web page can
  send a `text/plain` POST to any address without asking; it cannot send JSON without a CORS
  preflight, which the server does not grant unless origins are configured.
- **Bodies** are limited (413 beyond), counted as they stream.
- **The token** comes from the environment or a file, never from argv (`ps` shows argv).
- **Docs offline**: `/docs` (Swagger UI) and `/redoc` load their scripts from the server, from
  the assets the `fastapi-offline` package ships, never from a CDN.
"""

from __future__ import annotations

import hmac
import time
from collections.abc import Awaitable, Callable, Iterable, Mapping, MutableMapping
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from ..jsonable import clip_text
from .json_wire import dumps, error_bytes
from .serving import is_loopback

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]



# ---------------------------------------------------------------- Host, Origin, Content-Type


def _hostname(value: str) -> str:
    """The host of a `Host` header or an origin's netloc, without its port."""
    value = value.strip()
    if value.startswith("["):
        return value[: value.find("]") + 1] if "]" in value else value
    return value.rsplit(":", 1)[0] if value.count(":") == 1 else value


_LOOPBACK_HOSTS: dict[bytes, bool] = {}  # Host header -> loopback name? (a handful of values in practice)


def _loopback_host(host: bytes | None) -> bool:
    known = _LOOPBACK_HOSTS.get(host) if host is not None else False
    if known is None:
        known = is_loopback(_hostname(host.decode("latin-1")))  # type: ignore[union-attr]
        if len(_LOOPBACK_HOSTS) >= 256:  # a client inventing Host names cannot grow it
            _LOOPBACK_HOSTS.clear()
        _LOOPBACK_HOSTS[host] = known  # type: ignore[index]
    return known


def _allowed_origin(origin: bytes, origins: frozenset[str]) -> bool:
    text = origin.decode("latin-1").strip()
    parts = urlsplit(text)
    return text in origins or (parts.scheme in ("http", "https") and is_loopback(_hostname(parts.netloc)))


def _json_media(content_type: bytes | None) -> bool:
    if content_type is None:
        return False
    if content_type == b"application/json":  # what nearly every client sends
        return True
    media = content_type.split(b";", 1)[0].strip().lower()
    return media == b"application/json" or (media.startswith(b"application/") and media.endswith(b"+json"))


def refusal(method: str, path: str, host: bytes | None, origin: bytes | None, content_type: bytes | None, *,
            loopback: bool, origins: frozenset[str],
            json_posts: tuple[str, ...] = ("/calculators/",)) -> tuple[int, str, str] | None:
    """(status, error code, message) for a request the server must refuse, or None.

    `loopback`: the server is bound to a loopback address, so Host and Origin must be loopback
    too (or an origin in `origins`, the configured CORS origins). `json_posts`: the path
    prefixes a POST is served at, where its body must be JSON (elsewhere the app answers 405)."""
    if loopback:
        if not _loopback_host(host):
            return 421, "misdirected_request", ("this server answers only requests addressed to a loopback "
                                                "host (localhost, 127.0.0.1, [::1])")
        if origin is not None and not _allowed_origin(origin, origins):
            return 403, "forbidden_origin", ("requests from web pages of other origins are refused; "
                                             "start the server with --cors-origin to allow one")
    if method == "POST" and path.startswith(json_posts) and not _json_media(content_type):
        return 415, "unsupported_media_type", "send the body as JSON with 'Content-Type: application/json'"
    return None


# ---------------------------------------------------------------- the guard: screen, auth, size, access log


class AccessLog:
    """One JSON line per request to stderr, through `http_server.log_pipe()` (a writer thread: a
    stderr nobody reads cannot block a request). Set MEDRECKON_SERVE_ACCESS_LOG=0 or
    --no-access-log to turn it off."""

    def write(self, record: dict[str, Any]) -> None:
        from .http_server import log_pipe

        log_pipe().put(dumps(record) + b"\n")


_JSON = (b"content-type", b"application/json")
_BEARER_HEADERS = [(b"www-authenticate", b"Bearer")]
_CLOSE_HEADERS = [(b"connection", b"close")]


class Guard:
    """The one raw-ASGI layer in front of the app: the Host/Origin/content-type screen, bearer
    auth, the body-size limit, a JSON access-log line per request, and (with `calculators`) the
    calculator POSTs themselves.

    The request headers are read once, in one pass; refusals are written as raw ASGI messages.
    A POST to a known calculator id is answered here with `compute(calc, body)` from the body this
    layer has already read (bounded), with no further layer, replayed body or Response object;
    without `calculators` (a CORS layer must see the answer) it goes on to `app` like the rest."""

    def __init__(self, app: ASGIApp, *, token: str | None, max_body: int, access_log: bool,
                 open_paths: Iterable[str] = ("/health",), loopback: bool = False, origins: Iterable[str] = (),
                 json_posts: tuple[str, ...] = ("/calculators/",),
                 calculators: Mapping[str, Any] | None = None,
                 compute: Callable[[Any, bytes], tuple[int, bytes]] | None = None):
        self.app = app
        self.loopback, self.origins = loopback, frozenset(origins)
        self.token = token.encode() if token else None
        self.max_body = max_body
        self.open_paths = frozenset(open_paths)
        self.json_posts = json_posts
        self.log = AccessLog() if access_log else None
        self.calculators = calculators or {}
        self.compute = compute
        self.fastapi: Any = None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        if self.log is None:
            await self._handle(scope, receive, send, None)
            return
        start = time.perf_counter()
        seen = [0, 0]  # status, body bytes sent
        try:
            await self._handle(scope, receive, send, seen)
        finally:
            client = scope.get("client")
            self.log.write({
                "ts": round(time.time(), 3), "client": client[0] if client else None,
                "method": scope["method"], "path": clip_text(scope["path"]), "status": seen[0],
                "bytes": seen[1], "ms": round((time.perf_counter() - start) * 1000, 3),
            })

    async def _handle(self, scope: Scope, receive: Receive, send: Send, seen: list[int] | None) -> None:
        """`seen`: [status, bytes] for the access log (None: no log), filled by whoever answers."""
        host = origin = content_type = authorization = length_text = None
        chunked = False
        for k, v in scope["headers"]:  # one pass over the headers for every check below
            if k == b"host":
                host = v
            elif k == b"content-type":
                content_type = v
            elif k == b"content-length":
                length_text = v
            elif k == b"origin":
                origin = v
            elif k == b"authorization":
                authorization = v
            elif k == b"transfer-encoding":
                chunked = True
        method, path = scope["method"], scope["path"]
        # the usual request (a known loopback Host, no Origin, JSON) passes without a call
        if ((self.loopback and (origin is not None or _LOOPBACK_HOSTS.get(host) is not True))  # type: ignore[arg-type]
                or (content_type != b"application/json" and method == "POST")):
            refused = refusal(method, path, host, origin, content_type, loopback=self.loopback, origins=self.origins,
                              json_posts=self.json_posts)
            if refused is not None:
                await _answer(send, seen, refused[0], error_bytes(refused[1], refused[2]))
                return
        if self.token is not None and path not in self.open_paths:
            scheme, _, credential = (authorization or b"").partition(b" ")
            if scheme.lower() != b"bearer" or not hmac.compare_digest(credential.strip(), self.token):
                await _answer(send, seen, 401, error_bytes(
                    "unauthorized", "a valid 'Authorization: Bearer <token>' header is required"), _BEARER_HEADERS)
                return
        length = None
        if length_text is not None:
            try:
                length = int(length_text)
            except ValueError:
                length = -1
            if length < 0 or length > self.max_body:
                await self._too_large(send, seen)
                return
        calc = self.calculators.get(path[13:]) if method == "POST" and path.startswith("/calculators/") else None
        if calc is None and length is None and not chunked:
            await self.app(scope, receive, send if seen is None else _logged(send, seen))
            return
        # read the body here, bounded
        body = b""
        while True:
            message = await receive()
            if message["type"] != "http.request":
                return  # the client went away
            body += message.get("body", b"")
            if len(body) > self.max_body:
                await self._too_large(send, seen)
                return
            if not message.get("more_body", False):
                break
        if calc is not None and self.compute is not None:
            status, payload = self.compute(calc, body)
            await _answer(send, seen, status, payload)
            return
        replayed = False

        async def replay() -> Message:
            nonlocal replayed
            if not replayed:
                replayed = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay, send if seen is None else _logged(send, seen))

    async def _too_large(self, send: Send, seen: list[int] | None) -> None:
        await _answer(send, seen, 413, error_bytes("request_too_large", f"the request body is limited to {self.max_body} "
                                                                  "bytes"), _CLOSE_HEADERS)


def _logged(send: Send, seen: list[int]) -> Send:
    """`send` noting the status and the body bytes of what the app answers, for the access log."""

    async def send_logged(message: Message) -> None:
        if message["type"] == "http.response.body":
            seen[1] += len(message.get("body", b""))
        elif message["type"] == "http.response.start":
            seen[0] = message["status"]
        await send(message)

    return send_logged


async def _answer(send: Send, seen: list[int] | None, status: int, payload: bytes,
                  headers: list[tuple[bytes, bytes]] | None = None) -> None:
    if seen is not None:
        seen[0], seen[1] = status, len(payload)
    await send({"type": "http.response.start", "status": status,
                "headers": [_JSON, (b"content-length", str(len(payload)).encode()), *(headers or ())]})
    await send({"type": "http.response.body", "body": payload})


# ---------------------------------------------------------------- the token


class TokenError(ValueError):
    pass


def read_token_file(path: str | Path) -> str:
    """The API token in a file (its first line, stripped); TokenError if unreadable or empty."""
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise TokenError(f"cannot read the API token file {str(p)!r}: {exc.__class__.__name__}") from None
    token = text.strip().splitlines()[0].strip() if text.strip() else ""
    if not token:
        raise TokenError(f"the API token file {str(p)!r} is empty; write the token on its first line")
    return token


# ---------------------------------------------------------------- docs served locally


def add_local_docs(app: Any) -> str:
    """Routes `/docs` (Swagger UI) and `/redoc` whose scripts and styles come from the server.
    Returns which assets are used: 'fastapi-offline', or 'none' (then `/docs` is a plain page
    pointing at /openapi.json)."""
    from fastapi.openapi.docs import get_redoc_html, get_swagger_ui_html
    from fastapi.responses import FileResponse, HTMLResponse

    try:
        from importlib.resources import files

        static = Path(str(files("fastapi_offline") / "static"))
    except (ModuleNotFoundError, TypeError):
        static = None
    title = f"{app.title} API"
    if static is None or not (static / "swagger-ui-bundle.js").is_file():
        async def plain_docs() -> HTMLResponse:
            return HTMLResponse(f"<!doctype html><title>{title}</title><h1>{title}</h1><p>The interactive docs "
                                "need the <code>fastapi-offline</code> package (in the serve extra). The "
                                "API is described in <a href='/openapi.json'>/openapi.json</a>.</p>")
        app.add_api_route("/docs", plain_docs, include_in_schema=False)
        return "none"
    assets = {name: static / name for name in ("swagger-ui-bundle.js", "swagger-ui.css", "redoc.standalone.js",
                                               "favicon.png")}

    async def asset(name: str) -> Any:
        path = assets.get(name)
        if path is None or not path.is_file():
            from starlette.exceptions import HTTPException

            raise HTTPException(404, f"no docs asset named {name!r}")
        return FileResponse(path, headers={"Cache-Control": "public, max-age=86400"})

    async def swagger() -> HTMLResponse:
        return get_swagger_ui_html(openapi_url="/openapi.json", title=title,
                                   swagger_js_url="/docs/assets/swagger-ui-bundle.js",
                                   swagger_css_url="/docs/assets/swagger-ui.css",
                                   swagger_favicon_url="/docs/assets/favicon.png")

    async def redoc() -> HTMLResponse:
        return get_redoc_html(openapi_url="/openapi.json", title=title,
                              redoc_js_url="/docs/assets/redoc.standalone.js",
                              redoc_favicon_url="/docs/assets/favicon.png", with_google_fonts=False)

    app.add_api_route("/docs", swagger, include_in_schema=False)
    app.add_api_route("/redoc", redoc, include_in_schema=False)
    app.add_api_route("/docs/assets/{name}", asset, include_in_schema=False)
    return "fastapi-offline"


# ---------------------------------------------------------------- logs without patient data


def log_failure(logger: Any, what: str, exc: BaseException) -> None:
    """Log an unexpected failure by its type and where it happened, never its message or the
    traceback text: both can quote the input values (patient data) that caused it."""
    import traceback

    frames = traceback.extract_tb(exc.__traceback__)
    where = " <- ".join(f"{Path(f.filename).name}:{f.lineno} in {f.name}" for f in reversed(frames[-6:]))
    logger.error("%s: %s at %s", what, type(exc).__name__, where or "?")
