"""MCP server throughput: tool calls/second and latency through the official SDK's client, over
stdio (`python -m medreckon.cli mcp`) and streamable HTTP (a server on a free loopback port).
Loopback only; bounded by --calls per round, --rounds and --max-seconds per transport. Prints
medians over the rounds.

    python benchmarks/mcp_load.py [--calls 300] [--rounds 5] [--concurrency 1 10] [--max-seconds 60]
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


def start_http(compact: bool) -> tuple[subprocess.Popen, str]:
    port = free_port()
    cmd = [sys.executable, "-m", "medreckon.cli", "mcp", "--transport", "http", "--port", str(port)]
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


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--calls", type=int, default=300, help="calls per round")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--concurrency", type=int, nargs="+", default=[1, 10],
                    help="calls in flight on one client session")
    ap.add_argument("--max-seconds", type=float, default=60.0, help="time bound per measurement")
    ap.add_argument("--transport", choices=["stdio", "http"], nargs="+", default=["stdio", "http"])
    args = ap.parse_args()

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
