"""The viewer's ASGI app and how it is run: pages from `Site`, the REST API mounted at /api (the
calculator forms and the review page call it), the review page's endpoints (`review`), static
files; a token gate with the rule of `medreckon serve` (loopback needs none; any other host needs a
token, from MEDRECKON_API_TOKEN or --api-token-file); and the static export.

Everything sits behind the guard every HTTP surface has (`interfaces.http_guard.Guard`: a
loopback bind answers only loopback Host names and origins, a POST must be JSON, bodies are
bounded) and runs on the same server (`interfaces.http_server`: read timeout, connection cap,
logging that never blocks).

Browsers cannot add an Authorization header to a link, so besides `Authorization: Bearer` the
gate accepts the token once as `?token=...`, answers with a redirect to the same path on this
server (never another site: `//evil.example` is `/evil.example`) that sets it as an HttpOnly,
SameSite=Strict cookie, and accepts the cookie from then on.
"""

from __future__ import annotations

import hmac
import shutil
from http.cookies import SimpleCookie
from importlib import resources
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl, urlencode

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, PlainTextResponse, RedirectResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from ..interfaces.http_guard import Guard
from ..interfaces.rest import DEFAULT_MAX_BODY, check_bind, create_app
from ..interfaces.serving import is_loopback
from . import review
from .site import Site

COOKIE = "medreckon_view_token"
STATIC = resources.files("medreckon.web") / "static"
# Scripts only from the viewer itself: a note that smuggled markup past the escaping could still
# run nothing. Inline styles stay allowed (the report tables shade cells with them).
HEADERS = {
    "Content-Security-Policy": "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
                               "img-src 'self' data:; object-src 'none'; base-uri 'none'; "
                               "frame-ancestors 'none'; form-action 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
}


def same_site_path(path: str) -> str:
    """`path` as a redirect target on this server: one leading slash, so "//evil.example" (which a
    browser reads as another host) or "/\\evil.example" cannot leave the site."""
    return "/" + path.lstrip("/\\")


class TokenGate:
    """Pure ASGI: pass a request with the token (header, cookie, or ?token= once), refuse others."""

    def __init__(self, app: Any, token: str | None):
        self.app = app
        self.token = token.encode() if token else None

    def _ok(self, given: str | bytes | None) -> bool:
        if not given or self.token is None:
            return False
        if isinstance(given, str):
            given = given.encode()
        return hmac.compare_digest(given, self.token)

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http" or self.token is None:
            await self.app(scope, receive, send)
            return
        headers = dict(scope["headers"])
        scheme, _, credential = headers.get(b"authorization", b"").partition(b" ")
        cookie = SimpleCookie(headers.get(b"cookie", b"").decode("latin-1"))
        if (scheme.lower() == b"bearer" and self._ok(credential.strip())) or \
                (COOKIE in cookie and self._ok(cookie[COOKIE].value)):
            await self.app(scope, receive, send)
            return
        query = parse_qsl(scope.get("query_string", b"").decode("latin-1"))
        if any(k == "token" and self._ok(v) for k, v in query):
            rest = urlencode([(k, v) for k, v in query if k != "token"])
            response: Response = RedirectResponse(same_site_path(scope["path"]) + (f"?{rest}" if rest else ""), 303)
            response.set_cookie(COOKIE, self.token.decode(), httponly=True, samesite="strict")
        else:
            response = PlainTextResponse(
                "401: this viewer needs its token: open the address `medreckon view` printed "
                "(it ends in ?token=...) or send 'Authorization: Bearer <token>'.", 401,
                headers={"WWW-Authenticate": "Bearer"})
        await response(scope, receive, send)


def create_viewer(site: Site, *, token: str | None = None, host: str = "127.0.0.1") -> Any:
    """The ASGI app serving `site`; every page, the API and the static files behind the guard and
    the gate. `host`: the address it is served on (a loopback one: only loopback Host names)."""

    async def page(request: Request) -> Response:
        path = request.path_params.get("path") or "index.html"
        text = site.page(path)
        if text is None:
            return HTMLResponse("<!DOCTYPE html><title>Not found</title><p>No such page. "
                                '<a href="/index.html">All runs</a></p>', 404, headers=HEADERS)
        return HTMLResponse(text, headers=HEADERS)

    async def root(request: Request) -> Response:
        return RedirectResponse("/index.html", 307)

    api = create_app(access_log=False)  # the gate in front of everything checks the token
    app = Starlette(routes=[
        Route("/", root),
        Mount("/api", app=api),
        *review.routes(site.examples_dir),
        Mount("/static", app=StaticFiles(directory=str(STATIC)), name="static"),
        Route("/{path:path}", page),
    ])
    guard = Guard(TokenGate(app, token), token=None, max_body=DEFAULT_MAX_BODY, access_log=False, open_paths=(),
                  loopback=is_loopback(host), json_posts=("/api/calculators/",))
    guard.fastapi = api.fastapi  # the API's app: its OpenAPI document
    return guard


def export_static(site: Site, out: str | Path) -> int:
    """Every page and the static files under `out`; returns the number of pages. The calculator
    forms need the server for their live check and say so."""
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    n = 0
    for path in site.paths():
        text = site.render(path)
        assert text is not None, path
        target = out / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
        n += 1
    (out / "static").mkdir(exist_ok=True)
    for item in STATIC.iterdir():
        if item.is_file():
            with resources.as_file(item) as src:
                shutil.copyfile(src, out / "static" / item.name)
    return n


def serve(site: Site, host: str = "127.0.0.1", port: int = 8080, *, token: str | None = None,
          settings: Any = None) -> None:
    from ..interfaces.http_server import ServerSettings, run

    check_bind(host, token)
    app = create_viewer(site, token=token, host=host)
    app.fastapi.openapi()  # built before serving (seconds of CPU): no request waits for /api/openapi.json
    run(app, host, port, settings or ServerSettings())
