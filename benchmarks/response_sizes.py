"""The largest response body each HTTP surface gives, to hostile requests and for its fixed
documents (issue 29: an unknown tool name of 4.18 MB came back as 12.5 MB over MCP).

    python benchmarks/response_sizes.py [--json sizes.json]

Starts `medreckon serve`, `medreckon mcp --transport http` (per-calculator tools and --compact)
and `medreckon view` on free loopback ports, sends each a fixed list of hostile requests (bodies
and names up to the body limit, unknown keys by the thousand, deep nesting, lone surrogates,
integers of 5,000 digits, search queries past the limit, foreign Host headers, oversized
bodies) and asks for every catalogue document (OpenAPI, the calculator listing, every
calculator's description, MCP's tools/list). Prints, per surface, the largest answer to a
hostile request (target: <= 64 KB) and, apart, the size of each catalogue document: those are
the same bytes for every client whatever it sends (they grow with the registry, not with the
request). Exits 1 if an answer to a hostile request is over 64 KB. Correctness, not load: the
figures do not depend on the machine.
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import subprocess
import sys
import time
from typing import Any

import httpx

LIMIT = 64 * 1024
MCP_HEADERS = {"content-type": "application/json", "accept": "application/json, text/event-stream",
               "mcp-protocol-version": "2025-06-18"}


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _start(*args: str, ready: str) -> tuple[subprocess.Popen, str]:
    port = _free_port()
    env = {k: v for k, v in os.environ.items() if k != "MEDRECKON_API_TOKEN"}
    proc = subprocess.Popen([sys.executable, "-m", "medreckon.cli", *args, "--port", str(port)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        try:
            httpx.get(url + ready, timeout=5)
            return proc, url
        except httpx.TransportError:
            time.sleep(0.3)
    proc.kill()
    raise SystemExit(f"{args[0]} did not start")


def hostile_bodies() -> list[tuple[str, bytes]]:
    big = 60_000
    return [
        ("a 60 KB string value", json.dumps({"weight": "7" * big, "height": 175}).encode()),
        ("4,000 unknown keys", json.dumps({f"unknown_key_{i}": i for i in range(4000)}).encode()[:big].rsplit(b",", 1)[0] + b"}"),
        ("unknown keys, null values", json.dumps({f"k{i}": None for i in range(5000)}).encode()[:big].rsplit(b",", 1)[0] + b"}"),
        ("nesting 20,000 deep", b'{"weight": ' + b"[" * 20000 + b"70" + b"]" * 20000 + b"}"),
        ("lone surrogates", b'{"weight": "\\ud800\\udfff", "height": "\\udc00"}'),
        ("an integer of 5,000 digits", b'{"weight": ' + b"9" * 5000 + b', "height": 175}'),
        ("a 60 KB key", json.dumps({"x" * big: 1}).encode()),
        ("a 60 KB unit", json.dumps({"weight": {"value": 70, "unit": "k" * big}, "height": 175}).encode()),
        ("not JSON", b"{" * big),
    ]


def rest_hostile(client: httpx.Client, prefix: str = "") -> list[tuple[str, int]]:
    out = []
    for what, body in hostile_bodies():
        for calc in ("bmi", "morphine-milligram-equivalents", "apache-ii"):
            r = client.post(f"{prefix}/calculators/{calc}", content=body, headers={"content-type": "application/json"})
            out.append((f"POST {calc}: {what} -> {r.status_code}", len(r.content)))
    for what, path in (("a 65 KB calculator name", "/calculators/" + "x" * 65_000),
                       ("a query of 4,000 characters", "/calculators?q=" + "kidney " * 600),
                       ("a 60 KB specialty", "/calculators?specialty=" + "y" * 60_000),
                       ("a 60 KB kind", "/calculators?kind=" + "z" * 60_000),
                       ("a 60 KB unknown path", "/" + "p" * 60_000)):
        r = client.get(prefix + path)
        out.append((f"GET {what} -> {r.status_code}", len(r.content)))
    r = client.post(f"{prefix}/calculators/bmi", content=b" " * (LIMIT + 10), headers={"content-type": "application/json"})
    out.append((f"POST a body over the limit -> {r.status_code}", len(r.content)))
    r = client.get(f"{prefix}/calculators", headers={"host": "evil.example" + "e" * 8000})
    out.append((f"GET with an 8 KB foreign Host -> {r.status_code}", len(r.content)))
    return out


def rest_catalogue(client: httpx.Client, prefix: str = "") -> list[tuple[str, int]]:
    from medreckon.calculators import all_calculators

    out = [("GET /openapi.json", len(client.get(prefix + "/openapi.json").content)),
           ("GET /calculators (the listing)", len(client.get(prefix + "/calculators").content))]
    described = [(len(client.get(f"{prefix}/calculators/{c.id}").content), c.id) for c in all_calculators()]
    size, calc = max(described)
    out.append((f"GET /calculators/{{id}}, the largest ({calc})", size))
    return out


def _rpc(client: httpx.Client, url: str, method: str, params: Any = None, session: str | None = None) -> httpx.Response:
    body = {"jsonrpc": "2.0", "id": 1, "method": method, **({"params": params} if params is not None else {})}
    return client.post(url + "/mcp", headers={**MCP_HEADERS, **({"mcp-session-id": session} if session else {})},
                       content=json.dumps(body))


def mcp_sizes(url: str, compact: bool) -> tuple[list[tuple[str, int]], list[tuple[str, int]]]:
    with httpx.Client(timeout=60) as c:
        r = _rpc(c, url, "initialize", {"protocolVersion": "2025-06-18", "capabilities": {},
                                         "clientInfo": {"name": "sizes", "version": "1"}})
        session = r.headers["mcp-session-id"]
        c.post(url + "/mcp", headers={**MCP_HEADERS, "mcp-session-id": session},
               json={"jsonrpc": "2.0", "method": "notifications/initialized"})
        hostile = []
        calls = [("an unknown tool of 60 KB", {"name": "x" * 60_000, "arguments": {}}),
                 ("an unknown tool of 4 MB", {"name": "x" * 4_000_000, "arguments": {}}),
                 ("a 60 KB argument", {"name": "calculate" if compact else "bmi",
                                       "arguments": ({"calculator": "bmi", "inputs": {"weight": "7" * 60_000}}
                                                     if compact else {"weight": "7" * 60_000})}),
                 ("3,000 unknown keys", {"name": "calculate" if compact else "apache_ii",
                                         "arguments": ({"calculator": "apache-ii", "inputs": {f"k{i}": i for i in range(3000)}}
                                                       if compact else {f"k{i}": i for i in range(3000)})}),
                 ("lone surrogates", {"name": "calculate" if compact else "bmi",
                                      "arguments": ({"calculator": "\ud800", "inputs": {}} if compact else {"weight": "\udfff"})})]
        if compact:
            calls += [("a search query of 30 KB", {"name": "search_calculators", "arguments": {"query": "kidney " * 5000}}),
                      ("a search query of 500 characters", {"name": "search_calculators",
                                                            "arguments": {"query": ("creatinine clearance " * 30)[:500], "limit": 20}}),
                      ("describe a 60 KB name", {"name": "describe_calculator", "arguments": {"calculator": "y" * 60_000}}),
                      ("a specialty of another type", {"name": "search_calculators",
                                                       "arguments": {"query": "kidney", "specialty": ["a"] * 5000}})]
        for what, params in calls:
            try:
                r = _rpc(c, url, "tools/call", params, session)
            except UnicodeEncodeError:  # httpx will not send a lone surrogate; JSON escapes it
                body = json.dumps({"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": params}).encode()
                r = c.post(url + "/mcp", headers={**MCP_HEADERS, "mcp-session-id": session}, content=body)
            hostile.append((f"tools/call {what} -> {r.status_code}", len(r.content)))
        r = _rpc(c, url, "tools/call", [1] * 10_000, session)
        hostile.append((f"tools/call with params of another shape -> {r.status_code}", len(r.content)))
        r = _rpc(c, url, "y" * 60_000, {}, session)
        hostile.append((f"a 60 KB method name -> {r.status_code}", len(r.content)))
        listed = _rpc(c, url, "tools/list", None, session)
        return hostile, [("tools/list", len(listed.content))]


def viewer_sizes(url: str) -> tuple[list[tuple[str, int]], list[tuple[str, int]]]:
    with httpx.Client(base_url=url, timeout=60) as c:
        hostile = rest_hostile(c, "/api")
        for what, path in (("a 60 KB page path", "/" + "q" * 60_000), ("a 60 KB run path", "/runs/" + "9" * 60_000)):
            r = c.get(path)
            hostile.append((f"GET {what} -> {r.status_code}", len(r.content)))
        catalogue = rest_catalogue(c, "/api") + [("GET /index.html", len(c.get("/index.html").content))]
        return hostile, catalogue


def report(name: str, hostile: list[tuple[str, int]], catalogue: list[tuple[str, int]]) -> dict[str, Any]:
    what, size = max(hostile, key=lambda x: x[1])
    print(f"\n{name}: largest answer to a hostile request {size:,} bytes ({what}) "
          f"{'<= 64 KB' if size <= LIMIT else 'OVER 64 KB'}; {len(hostile)} requests")
    for doc, n in catalogue:
        print(f"  catalogue: {doc}: {n:,} bytes")
    return {"largest_hostile": size, "request": what, "hostile": hostile, "catalogue": catalogue}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--json", default=None)
    args = ap.parse_args()
    out: dict[str, Any] = {}
    procs = []
    try:
        proc, url = _start("serve", "--no-access-log", ready="/health")
        procs.append(proc)
        with httpx.Client(base_url=url, timeout=60) as c:
            out["REST"] = report("REST (medreckon serve)", rest_hostile(c), rest_catalogue(c))
        for compact in (False, True):
            proc, url = _start("mcp", "--transport", "http", "--no-access-log", *(["--compact"] if compact else []),
                               ready="/mcp")
            procs.append(proc)
            name = f"MCP over HTTP{' (--compact)' if compact else ''}"
            out[name] = report(name, *mcp_sizes(url, compact))
        proc, url = _start("view", ready="/index.html")
        procs.append(proc)
        out["viewer"] = report("viewer and its /api (medreckon view)", *viewer_sizes(url))
    finally:
        for p in procs:
            p.terminate()
            p.wait(10)
    if args.json:
        with open(args.json, "w") as f:
            json.dump(out, f, indent=1)
    sys.exit(1 if any(v["largest_hostile"] > LIMIT for v in out.values()) else 0)


if __name__ == "__main__":
    main()
