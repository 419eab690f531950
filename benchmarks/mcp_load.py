"""MCP server throughput: tool calls/second and latency through the official SDK's client, over
stdio (`python -m medreckon.cli mcp`) and streamable HTTP (a server on a free loopback port).
Loopback only; bounded by --calls per round, --rounds and --max-seconds per transport. Prints
medians over the rounds.

    python benchmarks/mcp_load.py [--calls 300] [--rounds 5] [--concurrency 1 10] [--max-seconds 60]

Hostile clients (issue 29), over HTTP with JSON-RPC requests as any client sends them:

    python benchmarks/mcp_load.py --search-vs-list 30
        one client calls search_calculators with random accepted queries (up to 500 characters,
        the schema's limit; words of calculator names and junk) while another calls tools/list,
        for 30 s: p50/p99 of each (targets: both p99 <= 50 ms) and the largest answer in bytes.
    python benchmarks/mcp_load.py --abandoned-sessions 3000 --session-timeout 60
        opens 3,000 sessions (initialize, then nothing) on a server whose idle sessions close after
        60 s; the server's RSS before, after opening and after the timeout, and how many of the
        sessions answer 404 (reclaimed) once it has passed (target: all of them).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import socket
import statistics
import subprocess
import sys
import time

from mcp import Client, StdioServerParameters

CASES = {
    "bmi": ("bmi", {"weight": 70.0, "height": 175.0}),
    "cockcroft-gault": (
        "cockcroft_gault",
        {"age": 60, "sex": "female", "weight": "154 lb", "height": "5 ft 5 in", "creatinine": "97 umol/L"},
    ),
    "calculate (compact)": ("calculate", {"calculator": "bmi", "inputs": {"weight": 70.0, "height": 175.0}}),
}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_http(compact: bool, *extra: str) -> tuple[subprocess.Popen, str]:
    port = free_port()
    cmd = [sys.executable, "-m", "medreckon.cli", "mcp", "--transport", "http", "--port", str(port), *extra]
    proc = subprocess.Popen(cmd + (["--compact"] if compact else []), stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 30
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            return proc, f"http://127.0.0.1:{port}/mcp"
        except OSError:
            if time.monotonic() > deadline or proc.poll() is not None:
                proc.kill()
                raise RuntimeError("MCP HTTP server did not start") from None
            time.sleep(0.1)


async def measure(server, tool: str, args: dict, calls: int, rounds: int, concurrency: int,
                  max_seconds: float) -> tuple[float, float, float, int]:
    """(median calls/s, p50 ms, p99 ms, calls made) over `rounds` rounds of `calls` calls."""
    async with Client(server) as client:
        for _ in range(20):  # warm up: imports, caches, first connection
            result = await client.call_tool(tool, args)
            assert not result.is_error, result.content
        rates, latencies, made = [], [], 0
        stop = time.monotonic() + max_seconds

        async def worker(n: int) -> None:
            nonlocal made
            for _ in range(n):
                t = time.perf_counter()
                await client.call_tool(tool, args)
                latencies.append((time.perf_counter() - t) * 1000)
                made += 1

        for _ in range(rounds):
            if time.monotonic() > stop:
                break
            per = calls // concurrency
            t0 = time.perf_counter()
            await asyncio.wait_for(asyncio.gather(*(worker(per) for _ in range(concurrency))), max_seconds)
            rates.append(per * concurrency / (time.perf_counter() - t0))
        latencies.sort()
        p99 = latencies[min(len(latencies) - 1, int(0.99 * len(latencies)))]
        return statistics.median(rates), statistics.median(latencies), p99, made


# ---------------------------------------------------------------- hostile clients, JSON-RPC over HTTP

HEADERS = {"content-type": "application/json", "accept": "application/json, text/event-stream",
           "mcp-protocol-version": "2025-06-18"}


async def _rpc(client, url: str, method: str, params: dict | None = None, session: str | None = None,
               notify: bool = False):
    body = {"jsonrpc": "2.0", "method": method, **({} if notify else {"id": 1}),
            **({"params": params} if params is not None else {})}
    return await client.post(url, headers={**HEADERS, **({"mcp-session-id": session} if session else {})}, json=body)


async def _open_session(client, url: str) -> str:
    r = await _rpc(client, url, "initialize", {"protocolVersion": "2025-06-18", "capabilities": {},
                                               "clientInfo": {"name": "mcp_load", "version": "1"}})
    r.raise_for_status()
    session = r.headers["mcp-session-id"]
    await _rpc(client, url, "notifications/initialized", session=session, notify=True)
    return session


def _ms(xs: list[float]) -> str:
    xs = sorted(xs)
    if not xs:
        return "no calls"
    return f"p50 {xs[len(xs) // 2] * 1000:.1f} ms, p99 {xs[min(len(xs) - 1, int(len(xs) * 0.99))] * 1000:.1f} ms"


def _vocabulary() -> list[str]:
    from medreckon.calculators import all_calculators

    return [w for c in all_calculators() for w in c.name.lower().split()]


def _query(rng, words: list[str]) -> str:
    text = " ".join(rng.choice(words) if rng.random() < 0.7 else "".join(
        rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(rng.randrange(1, 15))) for _ in range(rng.randrange(1, 120)))
    return text[:500]


async def search_vs_list(url: str, seconds: float) -> dict:
    import random

    import httpx

    rng = random.Random(1)
    words = _vocabulary()  # before the clock: importing the calculators takes seconds
    async with httpx.AsyncClient(timeout=30) as a, httpx.AsyncClient(timeout=30) as b:
        first, second = await _open_session(a, url), await _open_session(b, url)
        for _ in range(3):  # warm up: the index, the tool list
            await _rpc(a, url, "tools/call", {"name": "search_calculators", "arguments": {"query": "kidney"}}, first)
            await _rpc(b, url, "tools/list", session=second)
        stop = time.monotonic() + seconds
        searched: list[float] = []
        listed: list[float] = []
        largest = 0

        async def searcher() -> None:
            nonlocal largest
            while time.monotonic() < stop:
                t = time.perf_counter()
                r = await _rpc(a, url, "tools/call", {"name": "search_calculators",
                                                      "arguments": {"query": _query(rng, words), "limit": 20}}, first)
                searched.append(time.perf_counter() - t)
                largest = max(largest, len(r.content))

        async def lister() -> None:
            while time.monotonic() < stop:
                t = time.perf_counter()
                await _rpc(b, url, "tools/list", session=second)
                listed.append(time.perf_counter() - t)

        await asyncio.gather(searcher(), lister())
    print(f"search_calculators: {len(searched)} calls, {_ms(searched)}; largest answer {largest} bytes")
    print(f"tools/list (another client, meanwhile): {len(listed)} calls, {_ms(listed)}")
    return {"search": searched, "list": listed, "largest": largest}


def _rss_kb(pid: int) -> int:
    for line in open(f"/proc/{pid}/status"):
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


async def abandoned_sessions(proc: subprocess.Popen, url: str, n: int, timeout: float) -> None:
    import httpx

    async with httpx.AsyncClient(timeout=60, limits=httpx.Limits(max_connections=20)) as c:
        before = _rss_kb(proc.pid)
        sessions = []
        for start in range(0, n, 20):
            sessions += await asyncio.gather(*(_open_session(c, url) for _ in range(min(20, n - start))))
        opened = _rss_kb(proc.pid)
        print(f"{n} sessions opened and abandoned: RSS {before / 1024:.1f} -> {opened / 1024:.1f} MiB "
              f"(+{(opened - before) / n:.1f} KiB a session)")
        waited = timeout + 10
        print(f"waiting {waited:.0f} s (the stated --session-timeout {timeout:g} s and 10 s)", flush=True)
        await asyncio.sleep(waited)
        statuses = []
        for start in range(0, n, 50):
            batch = sessions[start:start + 50]
            answers = await asyncio.gather(*(_rpc(c, url, "tools/list", session=s) for s in batch))
            statuses += [r.status_code for r in answers]
        after = _rss_kb(proc.pid)
        print(f"after the timeout: {statuses.count(404)} of {n} sessions answer 404 (reclaimed); RSS {after / 1024:.1f} "
              "MiB (memory the allocator keeps may not return to the system: opened again below)")
        for start in range(0, n, 20):
            await asyncio.gather(*(_open_session(c, url) for _ in range(min(20, n - start))))
        again = _rss_kb(proc.pid)
        print(f"{n} more opened: RSS {again / 1024:.1f} MiB (+{(again - after) / 1024:.1f} MiB: the reclaimed memory "
              "is reused)")


def hostile_main(args: argparse.Namespace) -> None:
    if args.search_vs_list:
        proc, url = start_http(True)
        try:
            asyncio.run(search_vs_list(url, args.search_vs_list))
        finally:
            proc.terminate()
            proc.wait(10)
    if args.abandoned_sessions:
        proc, url = start_http(True, "--session-timeout", str(args.session_timeout),
                               "--max-sessions", str(max(4096, 2 * args.abandoned_sessions + 100)), "--no-access-log")
        try:
            asyncio.run(abandoned_sessions(proc, url, args.abandoned_sessions, args.session_timeout))
        finally:
            proc.terminate()
            proc.wait(10)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--calls", type=int, default=300, help="calls per round")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--concurrency", type=int, nargs="+", default=[1, 10],
                    help="calls in flight on one client session")
    ap.add_argument("--max-seconds", type=float, default=60.0, help="time bound per measurement")
    ap.add_argument("--transport", choices=["stdio", "http"], nargs="+", default=["stdio", "http"])
    ap.add_argument("--search-vs-list", type=float, default=0, metavar="SECONDS",
                    help="search_calculators with long queries beside another client's tools/list (HTTP)")
    ap.add_argument("--abandoned-sessions", type=int, default=0, metavar="N",
                    help="open N sessions and abandon them; check they are reclaimed after --session-timeout")
    ap.add_argument("--session-timeout", type=float, default=60.0)
    args = ap.parse_args()
    if args.search_vs_list or args.abandoned_sessions:
        if not 0 <= args.search_vs_list <= 600 or not 0 <= args.abandoned_sessions <= 20000:
            raise SystemExit("--search-vs-list: up to 600 s; --abandoned-sessions: up to 20000")
        hostile_main(args)
        return

    env = dict(os.environ)
    print(f"{'transport':<6} {'tool':<20} {'conc':>4} {'calls/s':>9} {'p50 ms':>7} {'p99 ms':>7} {'calls':>6}")
    for transport in args.transport:
        for label, (tool, tool_args) in CASES.items():
            compact = tool == "calculate"
            for conc in args.concurrency:
                proc = None
                if transport == "stdio":
                    server = StdioServerParameters(
                        command=sys.executable,
                        args=["-m", "medreckon.cli", "mcp", *(["--compact"] if compact else [])], env=env)
                else:
                    proc, server = start_http(compact)
                try:
                    rate, p50, p99, made = asyncio.run(measure(
                        server, tool, tool_args, args.calls, args.rounds, conc, args.max_seconds))
                finally:
                    if proc is not None:
                        proc.terminate()
                        proc.wait(10)
                print(f"{transport:<6} {label:<20} {conc:>4} {rate:>9,.0f} {p50:>7.2f} {p99:>7.2f} {made:>6}",
                      flush=True)


if __name__ == "__main__":
    main()
