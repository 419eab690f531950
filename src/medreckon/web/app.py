"""The viewer's ASGI app and how it is run: pages from `Site`, the REST API mounted at /api (the
calculator forms and the review page call it), the review page's endpoints (`review`), static files; a token gate with the rule of `medreckon serve`
(loopback needs none; any other host needs MEDRECKON_API_TOKEN); and the static export.

Browsers cannot add an Authorization header to a link, so besides `Authorization: Bearer` the
gate accepts the token once as `?token=...`, answers with a redirect that sets it as an
HttpOnly, SameSite=Strict cookie, and accepts the cookie from then on.
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

from ..interfaces.rest import check_bind, create_app
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
            response: Response = RedirectResponse(scope["path"] + (f"?{rest}" if rest else ""), 303)
            response.set_cookie(COOKIE, self.token.decode(), httponly=True, samesite="strict")
        else:
            response = PlainTextResponse(
                "401: this viewer needs its token: open the address `medreckon view` printed "
                "(it ends in ?token=...) or send 'Authorization: Bearer <token>'.", 401,
                headers={"WWW-Authenticate": "Bearer"})
        await response(scope, receive, send)


def create_viewer(site: Site, *, token: str | None = None) -> Any:
    """The ASGI app serving `site`; every page, the API and the static files behind the gate."""

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
    return TokenGate(app, token)


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
          log_level: str = "warning") -> None:
    import uvicorn

    check_bind(host, token)
    uvicorn.run(create_viewer(site, token=token), host=host, port=port, log_level=log_level,
                access_log=False, server_header=False, proxy_headers=False)
