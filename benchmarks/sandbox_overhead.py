"""Per-run overhead of the code sandbox (medreckon.bench.sandbox.run_code).

    python benchmarks/sandbox_overhead.py [--runs 200]

Prints the first run (which starts the worker pool), the median and 95th percentile of later
runs of a typical model-written snippet (MDRD GFR with math and a print), and for scale the
median start-up of a bare `python -I -S -c pass` subprocess, which a CPython-subprocess
sandbox would pay on every run before doing anything.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time

from medreckon.bench.sandbox import run_code

SNIPPET = """\
import math
scr, age, female = 1.8, 67, True
gfr = 175 * scr ** -1.154 * age ** -0.203 * (0.742 if female else 1)
print(f"GFR = {gfr:.2f}")
answer = round(gfr, 1)
"""


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:.2f} ms"


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--runs", type=int, default=200)
    args = p.parse_args(argv)

    t = time.perf_counter()
    first = run_code(SNIPPET)
    first_s = time.perf_counter() - t
    assert first.ok, first.error
    times = []
    for _ in range(args.runs):
        t = time.perf_counter()
        r = run_code(SNIPPET)
        times.append(time.perf_counter() - t)
        assert r.ok and r.value == first.value
    times.sort()
    print(f"sandbox run_code, {args.runs} runs of an MDRD snippet (value {first.value})")
    print(f"  first run (starts the worker pool): {_ms(first_s)}")
    print(f"  median: {_ms(statistics.median(times))}   p95: {_ms(times[int(0.95 * (len(times) - 1))])}")

    starts = []
    for _ in range(20):
        t = time.perf_counter()
        subprocess.run([sys.executable, "-I", "-S", "-c", "pass"], check=True)
        starts.append(time.perf_counter() - t)
    print(f"  for scale, median start of `python -I -S -c pass`: {_ms(statistics.median(starts))}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
