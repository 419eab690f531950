"""Function calls per REST request, in process (no sockets), counted with cProfile.

Counts do not depend on machine load, unlike timings (`serve_load.py`), so they show where a
change to the serving layers (the guard, the fast path, the access log) adds or removes work:

    python benchmarks/serve_calls.py [--requests 2000] [--no-access-log] [--path /calculators/bmi]

Prints the calls per request in total and in the serving layers (medreckon.interfaces, starlette,
ipaddress, urllib), each function of those layers with its count.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import os
import pstats

from medreckon.interfaces import rest

SERVING = ("/interfaces/", "ipaddress", "urllib", "starlette", "fastapi")


def _request(app, path: str, body: bytes, headers: list[tuple[bytes, bytes]]):
    scope = {"type": "http", "method": "POST", "path": path, "client": ("127.0.0.1", 50000), "headers": headers}

    async def one() -> int:
        pending = [{"type": "http.request", "body": body, "more_body": False}]
        sent: list[dict] = []

        async def receive() -> dict:
            return pending.pop() if pending else {"type": "http.disconnect"}

        async def send(message: dict) -> None:
            sent.append(message)

        await app(dict(scope), receive, send)
        return sent[0]["status"]

    return one


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--requests", type=int, default=2000)
    ap.add_argument("--no-access-log", action="store_true")
    ap.add_argument("--path", default="/calculators/bmi")
    ap.add_argument("--body", default='{"weight": 70, "height": 175}')
    args = ap.parse_args()

    app = rest.create_app(access_log=not args.no_access_log, host="127.0.0.1")
    if getattr(app, "log", None) is not None:
        app.log.fd = os.open(os.devnull, os.O_WRONLY)  # count the write, not the terminal
    body = args.body.encode()
    headers = [(b"host", b"127.0.0.1:8000"), (b"user-agent", b"serve_calls"), (b"accept", b"*/*"),
               (b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
    one = _request(app, args.path, body, headers)

    async def many(n: int) -> None:
        for _ in range(n):
            status = await one()
            if status != 200:
                raise SystemExit(f"{args.path} answered {status}")

    asyncio.run(many(50))  # warm caches (schemas, the Host check) before counting
    profile = cProfile.Profile()
    profile.enable()
    asyncio.run(many(args.requests))
    profile.disable()
    stats = pstats.Stats(profile).stats  # type: ignore[attr-defined]
    total = sum(v[1] for v in stats.values())
    serving = sorted(((v[1], f"{fn.rsplit('/', 1)[-1]}:{name}") for (fn, _, name), v in stats.items()
                      if any(m in fn for m in SERVING)), reverse=True)
    print(f"calls per request: {total / args.requests:.1f} in all, "
          f"{sum(c for c, _ in serving) / args.requests:.1f} in the serving layers")
    for count, where in serving:
        print(f"  {count / args.requests:6.1f}  {where}")


if __name__ == "__main__":
    main()
