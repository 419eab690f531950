"""REST server load: requests/s and p50/p99 latency of POST /calculators/bmi and
/calculators/cockcroft-gault at concurrency 1, 10 and 50.

The script starts `medreckon serve` on 127.0.0.1 (a free port; loopback only, nothing else is
ever a target), checks one answer of each calculator, then drives it with a load generator in a
separate process: `wrk` (Debian package `wrk`) when it is on PATH, else the asyncio generator
below (raw HTTP/1.1 keep-alive connections, one per unit of concurrency, uvloop when installed).
Every run is bounded in time (--seconds) and, for the Python generator, in count
(--max-requests). Prints medians over --repeats runs; the machine is shared and noisy.

    python benchmarks/serve_load.py [--seconds 5] [--repeats 3] [--workers 1] [--client auto|wrk|python]
                                    [--no-access-log] [--concurrency 1,10,50] [--json results.json]
                                    [--baseline]  # also a minimal FastAPI + pydantic BMI, side by side
                                    [--idle 300]  # that many idle sockets held open beside the load
                                    [--stderr-pipe]  # the server's stderr a pipe nobody reads

Target on the 2-core dev machine: >= 1,500 req/s with p99 < 50 ms at concurrency 50.

Hostile clients (issue 29), with the Python generator:
- `--idle 300 --concurrency 200 --seconds 20 --repeats 1 --client python`: 300 sockets that
  connect and send nothing (reconnecting when the server closes them) beside 200 busy keep-alive
  clients; the 200 are within the cap the docs state (--max-connections 256), so every one of
  their requests must be answered, none 503. Prints the 503s, other non-2xx, errors and p99.
- `--stderr-pipe`: the server's stderr (its access log) is a pipe nobody reads; the server must
  keep serving (it stopped after ~591 requests when the log's write blocked the event loop).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

HOST = "127.0.0.1"  # loopback only, by construction
CASES = {
    "bmi": ("/calculators/bmi", {"weight": 70, "height": 175}, 22.9),
    "cockcroft-gault": (
        "/calculators/cockcroft-gault",
        {"age": 60, "sex": "female", "weight": "154 lb", "height": "5 ft 5 in", "creatinine": "88 umol/L"},
        59.0,
    ),
}
TARGET_RPS, TARGET_P99_MS = 1500.0, 50.0


# ---------------------------------------------------------------- the server


def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return s.getsockname()[1]


def start_server(workers: int, access_log: bool, log_path: Path, stderr_pipe: bool = False) -> tuple[subprocess.Popen, str]:
    port = free_port()
    cmd = [sys.executable, "-m", "medreckon.cli", "serve", "--host", HOST, "--port", str(port),
           "--workers", str(workers)]
    if not access_log:
        cmd.append("--no-access-log")
    env = {k: v for k, v in os.environ.items() if k != "MEDRECKON_API_TOKEN"}
    stderr = subprocess.PIPE if stderr_pipe else log_path.open("wb")  # a pipe: never read
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=stderr, env=env)
    url = f"http://{HOST}:{port}"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise SystemExit(f"server exited: {log_path.read_text()[-2000:]}")
        try:
            with urllib.request.urlopen(url + "/health", timeout=1) as r:
                if r.status == 200:
                    return proc, url
        except OSError:
            time.sleep(0.2)
    proc.kill()
    raise SystemExit("server did not start within 60 s")


BASELINE_APP = """
from fastapi import FastAPI
from pydantic import BaseModel, ConfigDict, Field

app = FastAPI()


class BMIInputs(BaseModel):
    model_config = ConfigDict(extra="forbid")
    weight: float = Field(gt=0, lt=1000)
    height: float = Field(gt=0, lt=300)


@app.post("/calculators/bmi")
async def bmi(x: BMIInputs) -> dict:
    value = x.weight / (x.height / 100) ** 2
    return {"value": value, "rounded": round(value, 1), "unit": "kg/m^2"}
"""


def start_baseline(tmp: Path) -> tuple[subprocess.Popen, str]:
    """A minimal FastAPI + pydantic BMI endpoint under the same uvicorn settings (1 worker,
    uvloop/httptools when installed, no access log): the yardstick for medreckon's own BMI."""
    (tmp / "baseline_app.py").write_text(BASELINE_APP)
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "uvicorn", "--app-dir", str(tmp), "baseline_app:app",
                             "--host", HOST, "--port", str(port), "--no-access-log", "--log-level", "warning"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://{HOST}:{port}"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            req = urllib.request.Request(url + "/calculators/bmi", data=b'{"weight": 70, "height": 175}',
                                         headers={"Content-Type": "application/json"}, method="POST")
            with urllib.request.urlopen(req, timeout=1) as r:
                if json.loads(r.read())["rounded"] == 22.9:
                    return proc, url
        except OSError:
            time.sleep(0.2)
    proc.kill()
    raise SystemExit("the baseline server did not start within 60 s")


def check_answers(url: str) -> None:
    for name, (path, body, expected) in CASES.items():
        req = urllib.request.Request(url + path, data=json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"}, method="POST")
        with urllib.request.urlopen(req, timeout=10) as r:
            got = json.loads(r.read())["rounded"]
        if got != expected:
            raise SystemExit(f"{name}: server answered {got}, expected {expected}")


# ---------------------------------------------------------------- load generators


WRK_SCRIPT = """
wrk.method = "POST"
wrk.body = {body}
wrk.headers["Content-Type"] = "application/json"
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('RESULT {{"requests": %d, "seconds": %f, "errors": %d, "non_2xx": %d, ' ..
    '"p50_ms": %f, "p99_ms": %f, "mean_ms": %f}}\\n', summary.requests, summary.duration / 1e6,
    e.connect + e.read + e.write + e.timeout, e.status, latency:percentile(50) / 1000,
    latency:percentile(99) / 1000, latency.mean / 1000))
end
"""


def run_wrk(url: str, path: str, body: dict, concurrency: int, seconds: float, tmp: Path) -> dict:
    script = tmp / "post.lua"
    script.write_text(WRK_SCRIPT.format(body=json.dumps(json.dumps(body))))
    out = subprocess.run(
        ["wrk", "-t1", f"-c{concurrency}", f"-d{max(1, round(seconds))}s", "--timeout", "5s", "-s", str(script), url + path],
        capture_output=True, text=True, timeout=seconds + 60,
    )
    line = next((x for x in out.stdout.splitlines() if x.startswith("RESULT ")), None)
    if line is None:
        raise SystemExit(f"wrk failed: {out.stdout}\n{out.stderr}")
    r = json.loads(line[7:])
    r["rps"] = r["requests"] / r["seconds"]
    return r


def run_python_client(url: str, path: str, body: dict, concurrency: int, seconds: float,
                      max_requests: int, idle: int = 0) -> dict:
    """The asyncio generator, in its own process so that it does not share the server's loop."""
    cmd = [sys.executable, __file__, "--client-process", json.dumps(
        {"url": url, "path": path, "body": body, "concurrency": concurrency, "seconds": seconds,
         "max_requests": max_requests, "idle": idle})]
    out = subprocess.run(cmd, capture_output=True, text=True, timeout=seconds + 60)
    if out.returncode != 0:
        raise SystemExit(f"load generator failed: {out.stderr[-2000:]}")
    return json.loads(out.stdout)


class _Connection(asyncio.Protocol):
    """Sends the same request again as soon as the previous response is complete."""

    def __init__(self, request: bytes, shared: dict):
        self.request, self.shared = request, shared
        self.buffer = b""
        self.sent_at = 0.0
        self.transport: asyncio.Transport | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport  # type: ignore[assignment]
        self._send()

    def _send(self) -> None:
        s = self.shared
        if time.perf_counter() >= s["deadline"] or s["sent"] >= s["max_requests"]:
            self.transport.close()
            return
        s["sent"] += 1
        self.sent_at = time.perf_counter()
        self.transport.write(self.request)

    def data_received(self, data: bytes) -> None:
        self.buffer += data
        while True:
            end = self.buffer.find(b"\r\n\r\n")
            if end < 0:
                return
            head = self.buffer[:end].decode("latin-1").split("\r\n")
            length = 0
            for line in head[1:]:
                name, _, value = line.partition(":")
                if name.strip().lower() == "content-length":
                    length = int(value)
            if len(self.buffer) < end + 4 + length:
                return
            self.buffer = self.buffer[end + 4 + length:]
            s = self.shared
            s["latencies"].append(time.perf_counter() - self.sent_at)
            code = head[0].split(" ")[1]
            if not code.startswith("2"):
                s["non_2xx"] += 1
                s["statuses"][code] = s["statuses"].get(code, 0) + 1
            self._send()

    def connection_lost(self, exc: Exception | None) -> None:
        if exc is not None or time.perf_counter() < self.shared["deadline"] - 0.01:
            self.shared["errors"] += 1  # reset, or closed by the server before the end of the run
        self.shared["open"] -= 1
        if self.shared["open"] == 0:
            self.shared["done"].set_result(None)


async def _hold_idle(host: str, port: int, shared: dict) -> None:
    """One idle socket: connect, send nothing, and connect again whenever the server closes it."""
    while time.perf_counter() < shared["deadline"]:
        try:
            reader, writer = await asyncio.open_connection(host, port)
        except OSError:
            await asyncio.sleep(0.05)
            continue
        shared["idle_connects"] += 1
        try:
            await asyncio.wait_for(reader.read(1), max(0.01, shared["deadline"] - time.perf_counter()))
        except (TimeoutError, OSError):
            pass
        writer.close()


async def _generate(spec: dict) -> dict:
    host_port = spec["url"].removeprefix("http://")
    host, port = host_port.split(":")
    if host != HOST:
        raise SystemExit("the load generator only targets 127.0.0.1")
    payload = json.dumps(spec["body"]).encode()
    request = (f"POST {spec['path']} HTTP/1.1\r\nHost: {host_port}\r\nContent-Type: application/json\r\n"
               f"Content-Length: {len(payload)}\r\n\r\n").encode() + payload
    loop = asyncio.get_running_loop()
    shared = {"deadline": 0.0, "max_requests": spec["max_requests"], "sent": 0, "latencies": [],
              "non_2xx": 0, "statuses": {}, "errors": 0, "open": spec["concurrency"], "idle_connects": 0,
              "done": loop.create_future()}
    start = time.perf_counter()
    shared["deadline"] = start + spec["seconds"]
    idle = [asyncio.ensure_future(_hold_idle(host, int(port), shared)) for _ in range(spec.get("idle", 0))]
    if idle:
        await asyncio.sleep(1.0)  # the idle sockets are in before the busy clients come
    for _ in range(spec["concurrency"]):
        await loop.create_connection(lambda: _Connection(request, shared), host, int(port))
    await asyncio.wait_for(shared["done"], spec["seconds"] + 30)
    elapsed = time.perf_counter() - start
    for task in idle:
        task.cancel()
    lat = sorted(shared["latencies"])
    n = len(lat)
    return {"requests": n, "seconds": elapsed, "rps": n / elapsed, "errors": shared["errors"],
            "non_2xx": shared["non_2xx"], "statuses": shared["statuses"], "idle_connects": shared["idle_connects"],
            "p50_ms": lat[n // 2] * 1000 if n else None,
            "p99_ms": lat[min(n - 1, int(n * 0.99))] * 1000 if n else None,
            "mean_ms": statistics.fmean(lat) * 1000 if n else None}


def client_process(spec_json: str) -> None:
    try:
        import uvloop

        uvloop.install()
    except ImportError:
        pass
    print(json.dumps(asyncio.run(_generate(json.loads(spec_json)))))


# ---------------------------------------------------------------- main


def main() -> None:
    if len(sys.argv) == 3 and sys.argv[1] == "--client-process":
        client_process(sys.argv[2])
        return
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seconds", type=float, default=5.0, help="length of one run (bounded)")
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--max-requests", type=int, default=200_000, help="cap per run (Python generator)")
    ap.add_argument("--concurrency", default="1,10,50")
    ap.add_argument("--workers", type=int, default=1, help="uvicorn worker processes")
    ap.add_argument("--no-access-log", action="store_true")
    ap.add_argument("--client", choices=["auto", "wrk", "python"], default="auto")
    ap.add_argument("--json", type=Path, help="also write all runs here")
    ap.add_argument("--baseline", action="store_true",
                    help="also drive a minimal FastAPI + pydantic BMI endpoint, interleaved with medreckon's BMI "
                         "run for run, and print the ratio (issue 13's target: >= 1.5x)")
    ap.add_argument("--idle", type=int, default=0,
                    help="idle sockets held open (reconnecting when closed) beside the load; Python generator")
    ap.add_argument("--stderr-pipe", action="store_true",
                    help="the server's stderr (its access log) a pipe nobody reads")
    args = ap.parse_args()
    if not 0 < args.seconds <= 60 or not 1 <= args.repeats <= 10 or not 0 <= args.idle <= 2000:
        raise SystemExit("--seconds must be in (0, 60], --repeats in [1, 10], --idle in [0, 2000]")
    client = args.client
    if args.idle and client == "wrk":
        raise SystemExit("--idle needs the Python generator (--client python)")
    if client == "auto":
        client = "python" if args.idle else "wrk" if shutil.which("wrk") else "python"
    elif client == "wrk" and not shutil.which("wrk"):
        raise SystemExit("wrk is not on PATH (Debian: apt-get install wrk)")
    levels = [int(c) for c in args.concurrency.split(",")]
    if any(not 1 <= c <= 200 for c in levels):
        raise SystemExit("concurrency levels must be 1-200")

    with tempfile.TemporaryDirectory() as tmpdir:
        tmp = Path(tmpdir)
        proc, url = start_server(args.workers, not args.no_access_log, tmp / "server.log", args.stderr_pipe)
        try:
            check_answers(url)
            log = "off" if args.no_access_log else "on, to a pipe nobody reads" if args.stderr_pipe else "on (to a file)"
            print(f"server: medreckon serve, {args.workers} worker(s), access log {log}; client: {client}"
                  f"{f' with {args.idle} idle sockets' if args.idle else ''}; "
                  f"{os.cpu_count()} CPUs; load average at start {os.getloadavg()[0]:.2f}")
            print(f"{args.repeats} run(s) of {args.seconds:g} s each; medians shown\n")
            print(f"{'endpoint':<18} {'conc':>4} {'req/s':>8} {'p50 ms':>8} {'p99 ms':>8} {'non-2xx':>7} {'errors':>6}")
            rows = []
            for name, (path, body, _) in CASES.items():
                for c in levels:
                    runs = []
                    for _ in range(args.repeats):
                        if client == "wrk":
                            runs.append(run_wrk(url, path, body, c, args.seconds, tmp))
                        else:
                            runs.append(run_python_client(url, path, body, c, args.seconds, args.max_requests,
                                                          args.idle))
                    row = {"endpoint": name, "concurrency": c,
                           "rps": statistics.median(r["rps"] for r in runs),
                           "p50_ms": statistics.median(r["p50_ms"] for r in runs),
                           "p99_ms": statistics.median(r["p99_ms"] for r in runs),
                           "non_2xx": sum(r["non_2xx"] for r in runs), "errors": sum(r["errors"] for r in runs),
                           "runs": runs}
                    rows.append(row)
                    print(f"{name:<18} {c:>4} {row['rps']:>8.0f} {row['p50_ms']:>8.2f} {row['p99_ms']:>8.2f} "
                          f"{row['non_2xx']:>7} {row['errors']:>6}", flush=True)
                    if args.idle:
                        answered_503 = sum(r.get("statuses", {}).get("503", 0) for r in runs)
                        print(f"{'':<18} with {args.idle} idle sockets ({sum(r.get('idle_connects', 0) for r in runs)} "
                              f"connects): 503 to the busy clients {answered_503} (target 0)", flush=True)
            if args.baseline:
                rows += compare_with_baseline(args, client, url, levels, tmp)
            if args.stderr_pipe:  # still serving after everything above went to a full pipe
                with urllib.request.urlopen(url + "/health", timeout=10) as r:
                    print(f"\nafter the runs, with stderr an undrained pipe: /health answers {r.status}")
        finally:
            proc.terminate()
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                proc.kill()

    print()
    for row in rows:
        if row["concurrency"] == 50 and "ratio" not in row:
            met = row["rps"] >= TARGET_RPS and row["p99_ms"] < TARGET_P99_MS
            print(f"target ({TARGET_RPS:.0f} req/s, p99 < {TARGET_P99_MS:.0f} ms) at concurrency 50, "
                  f"{row['endpoint']}: {'met' if met else 'NOT met'}")
    if args.json:
        args.json.write_text(json.dumps({"client": client, "workers": args.workers,
                                         "access_log": not args.no_access_log, "rows": rows}, indent=2))


def compare_with_baseline(args: argparse.Namespace, client: str, url: str, levels: list[int],
                          tmp: Path) -> list[dict]:
    """medreckon's BMI and the minimal endpoint's, alternating run by run (so both see the same
    machine load), medians and their ratio per concurrency."""
    base_proc, base_url = start_baseline(tmp)
    path, body, _ = CASES["bmi"]
    rows = []
    print(f"\n{'BMI side by side':<18} {'conc':>4} {'medreckon':>10} {'baseline':>10} {'ratio':>6}")
    try:
        for c in levels:
            ours, theirs = [], []
            for _ in range(args.repeats):
                for target, runs in ((url, ours), (base_url, theirs)):
                    if client == "wrk":
                        runs.append(run_wrk(target, path, body, c, args.seconds, tmp))
                    else:
                        runs.append(run_python_client(target, path, body, c, args.seconds, args.max_requests))
            a, b = statistics.median(r["rps"] for r in ours), statistics.median(r["rps"] for r in theirs)
            rows.append({"endpoint": "bmi-vs-baseline", "concurrency": c, "rps": a, "baseline_rps": b,
                         "ratio": a / b, "runs": ours, "baseline_runs": theirs,
                         "p50_ms": statistics.median(r["p50_ms"] for r in ours),
                         "p99_ms": statistics.median(r["p99_ms"] for r in ours)})
            print(f"{'':<18} {c:>4} {a:>10.0f} {b:>10.0f} {a / b:>6.2f}", flush=True)
    finally:
        base_proc.terminate()
        try:
            base_proc.wait(10)
        except subprocess.TimeoutExpired:
            base_proc.kill()
    return rows


if __name__ == "__main__":
    main()
