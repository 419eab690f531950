"""Viewer page-load times on a 1,047-case run, and the time of the dataset audit.
Targets: < 200 ms per page (index, run page, case page; server side, 2 cores) and the audit of
MedCalc-Bench v1.0 in < 5 s.

    python benchmarks/viewer_load.py [--cases 1047] [--requests 30] [--run-dir DIR] [--json out.json]

1. A run of every v1.0 row (or the first `--cases`) is made with a scripted model (no real
   model): `structured_cot`, one request per case, whose reply names the case's calculator,
   gives its gold entities as values and the ground truth as the answer, with every seventh
   answer off by 20% and every thirteenth reply junk, so the run has right and wrong answers,
   traces, step verdicts and statuses to show. Kept in `--run-dir` (made once, reused).
2. Loading it as `medreckon view` does (read-only, all analysis up front): seconds.
3. Server side, through the real server (uvicorn on loopback, httpx): the index, the run page
   (1,047 rows, its tables and plots) and case pages (the first `--requests` cases, so each is
   asked for once: every case request renders), `--requests` requests each: median, p95 and
   max in ms, and the first request of each (the server keeps a page once rendered). Rendering
   alone, never kept (`render_*`), beside it: the cost of a page the server has not yet kept.
4. The audit (`datasets.audit.audit`: 1,047 rows recomputed, deviations, corrected labels),
   in process (`--repeats` times: min and median), and `medreckon data audit` end to end in a
   fresh process (imports included).

    python benchmarks/viewer_load.py --schemathesis [--max-examples 6]

instead runs schemathesis with every check against the viewer's `/api` (`medreckon view` on a
free loopback port, schemathesis.toml as the REST test uses it) and prints the failures (target
0), how many POST operations answered 200 at least once (target: all) and the largest answer to a
POST (target <= 64 KB), read from its HAR report. Correctness, not load.
"""

from __future__ import annotations

import argparse
import json
import socket
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import httpx
import uvicorn

from medreckon.bench import datasets
from medreckon.bench.answers import format_answer
from medreckon.bench.runs import runner
from medreckon.bench.runs.store import Store
from medreckon.bench.strategies import get_strategy
from medreckon.bench.types import Completion, Usage


class ScriptedGold:
    """A ModelClient answering structured_cot requests from the case its prompt quotes."""

    name = "scripted-gold"
    info = {"provider": "scripted"}

    def __init__(self, cases: list[Any]):
        self.by_key = {(c.note[:300], c.question): (i, c) for i, c in enumerate(cases)}

    def _case(self, text: str) -> tuple[int, Any]:
        for (note, question), found in self.by_key.items():
            if question in text and note in text:
                return found
        raise KeyError("no case matches this prompt")

    def chat(self, messages, tools=None, response_format=None, **gen) -> Completion:
        i, case = self._case(messages[-1]["content"])
        if i % 13 == 12:
            text = "I am not able to work this out."
        else:
            answer = case.ground_truth
            if i % 7 == 6 and isinstance(answer, int | float):
                answer = answer * 1.2
            values = [{"name": k, "value": v[0] if isinstance(v, list) else v,
                       "unit": v[1] if isinstance(v, list) and len(v) == 2 else None}
                      for k, v in case.entities.items()]
            text = json.dumps({"calculator": case.calculator_name, "values": values,
                               "calculation": "worked by the scripted model",
                               "answer": format_answer(answer, case.output_type)}, default=str)
        return Completion(text=text, finish_reason="stop", usage=Usage(900, 120), latency_s=0.0,
                          model=self.name)


def build_run(run_dir: Path, n: int) -> Path:
    cases = datasets.load_cases("medcalc-bench")[:n]
    with Store(run_dir, create=True) as store:
        if len(store.statuses()) < len(cases):
            t = time.perf_counter()
            runner.run(store, cases, get_strategy("structured_cot"), ScriptedGold(cases),
                       runner.RunSettings(model="scripted-gold", strategy="structured_cot"))
            print(f"built {run_dir} ({len(cases)} cases) in {time.perf_counter() - t:.1f} s")
    return run_dir


def ms(xs: list[float]) -> dict[str, float]:
    xs = sorted(xs)
    return {"median_ms": round(1000 * statistics.median(xs), 1),
            "p95_ms": round(1000 * xs[min(len(xs) - 1, int(0.95 * len(xs)))], 1),
            "max_ms": round(1000 * xs[-1], 1), "n": len(xs)}


def schemathesis_on_the_api(max_examples: int) -> int:
    """Every schemathesis check on the viewer's /api; returns the number of failures."""
    import re
    import shutil
    import tempfile
    from urllib.parse import urlsplit

    from medreckon.calculators import all_calculators

    st = shutil.which("st", path=str(Path(sys.executable).parent)) or shutil.which("st")
    if st is None:
        raise SystemExit("schemathesis is not installed (the test extra)")
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    sock.close()
    proc = subprocess.Popen([sys.executable, "-m", "medreckon.cli", "view", "--port", str(port)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for _ in range(240):
            try:
                if httpx.get(f"http://127.0.0.1:{port}/api/health", timeout=2).status_code == 200:
                    break
            except httpx.TransportError:
                time.sleep(0.5)
        with tempfile.TemporaryDirectory() as tmp:
            har = Path(tmp) / "api.har"
            out = subprocess.run(
                [st, "--config-file", str(Path(__file__).parents[1] / "schemathesis.toml"), "run",
                 f"http://127.0.0.1:{port}/api/openapi.json", "--checks", "all", "--max-examples", str(max_examples),
                 "--workers", "2", "--seed", "1", "--phases", "examples,coverage,fuzzing", "--no-color",
                 "--report", "har", "--report-har-path", str(har)], capture_output=True, text=True, cwd=tmp)
            entries = json.loads(har.read_text())["log"]["entries"] if har.exists() else []
    finally:
        proc.terminate()
        proc.wait(10)
    failures = re.findall(r"^- (ST\d+) ", out.stdout, re.M)
    ok = {urlsplit(e["request"]["url"]).path for e in entries
          if e["request"]["method"] == "POST" and e["response"]["status"] == 200}
    posts = [e["response"]["content"].get("size", 0) for e in entries if e["request"]["method"] == "POST"]
    reached = sum(f"/api/calculators/{c.id}" in ok for c in all_calculators())
    print(out.stdout[-3000:])
    print(f"failures {len(failures)} {sorted(set(failures))}; POST operations with a 200: {reached} of "
          f"{len(all_calculators())}; largest answer to a POST {max(posts, default=0):,} bytes; {len(entries)} requests")
    return len(failures) + (out.returncode != 0)


def main() -> None:
    if "--schemathesis" in sys.argv:
        examples = int(sys.argv[sys.argv.index("--max-examples") + 1]) if "--max-examples" in sys.argv else 6
        sys.exit(1 if schemathesis_on_the_api(examples) else 0)
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--cases", type=int, default=1047)
    ap.add_argument("--requests", type=int, default=30)
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--run-dir", type=Path, default=Path("runs/viewer_load"))
    ap.add_argument("--json", type=Path, default=None)
    args = ap.parse_args()

    from medreckon.web.app import create_viewer
    from medreckon.web.runs import load_runs, slug
    from medreckon.web.site import Site

    run_dir = build_run(args.run_dir, args.cases)
    out: dict[str, Any] = {"cases": args.cases}
    t = time.perf_counter()
    site = Site(load_runs([run_dir]))
    out["load_s"] = round(time.perf_counter() - t, 2)
    run = site.runs[0]
    case_paths = [f"runs/0/cases/{slug(cid)}.html" for cid in list(run.by_case)[: args.requests]]
    pages = {"index": ["index.html"], "run": ["runs/0/index.html"], "case": case_paths}

    for name, paths in pages.items():  # rendering alone (the first call warms template caches)
        site.render(paths[0])
        times = []
        for i in range(args.requests):
            t = time.perf_counter()
            assert site.render(paths[i % len(paths)]) is not None
            times.append(time.perf_counter() - t)
        out[f"render_{name}"] = ms(times)

    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    server = uvicorn.Server(uvicorn.Config(create_viewer(site), log_level="warning", access_log=False))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    while not server.started:
        time.sleep(0.02)
    base = f"http://127.0.0.1:{sock.getsockname()[1]}/"
    with httpx.Client(base_url=base) as http:
        for name, paths in pages.items():
            t = time.perf_counter()  # the first request renders; later ones are served kept
            http.get(paths[0])
            first = time.perf_counter() - t
            times = []
            for i in range(args.requests):
                t = time.perf_counter()
                r = http.get(paths[i % len(paths)])
                times.append(time.perf_counter() - t)
                assert r.status_code == 200, (paths[i % len(paths)], r.status_code)
            out[f"http_{name}"] = ms(times) | {"first_ms": round(1000 * first, 1), "bytes": len(r.content)}
    server.should_exit = True
    thread.join(10)

    from medreckon.bench.datasets.audit import audit

    times = []
    for _ in range(args.repeats):
        t = time.perf_counter()
        report = audit()
        times.append(time.perf_counter() - t)
    out["audit_s"] = {"min": round(min(times), 2), "median": round(statistics.median(times), 2),
                      "rows": len(report.rows)}
    t = time.perf_counter()
    subprocess.run([sys.executable, "-m", "medreckon.cli", "data", "audit"], check=True,
                   stdout=subprocess.DEVNULL)
    out["audit_cli_s"] = round(time.perf_counter() - t, 2)

    for k, v in out.items():
        print(f"{k:14} {v}")
    if args.json:
        args.json.write_text(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
