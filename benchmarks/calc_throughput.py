"""Calculator engine throughput: calculations/second through the public API, import time and
CLI cold start. Prints medians of several repeats (the machine is shared and noisy).

    python benchmarks/calc_throughput.py [--seconds 1.0] [--repeats 5]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time

CASES = {
    "bmi numeric": ("bmi", {"weight": 70.0, "height": 175.0}),
    "bmi unit strings": ("bmi", {"weight": "154 lb", "height": "5 ft 9 in"}),
    "cockcroft-gault numeric": (
        "cockcroft-gault", {"age": 60, "sex": "female", "weight": 70.0, "height": 165.0, "creatinine": 1.1},
    ),
    "cockcroft-gault unit strings": (
        "cockcroft-gault",
        {"age": "60 years", "sex": "female", "weight": "154 lb", "height": "5 ft 5 in", "creatinine": "97 umol/L"},
    ),
}


def rate(fn, seconds: float) -> float:
    n, start = 0, time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        for _ in range(200):
            fn()
        n += 200
    return n / elapsed


def command_time(cmd: list[str], repeats: int) -> float:
    times = []
    for _ in range(repeats):
        t = time.perf_counter()
        subprocess.run(cmd, check=True, capture_output=True)
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seconds", type=float, default=1.0)
    ap.add_argument("--repeats", type=int, default=5)
    args = ap.parse_args()

    import medreckon

    for label, (calc, inputs) in CASES.items():
        medreckon.calculate(calc, inputs)  # warm: registry, caches
        rates = [rate(lambda c=calc, i=inputs: medreckon.calculate(c, i), args.seconds) for _ in range(args.repeats)]
        print(f"{label:<30} {statistics.median(rates):>10,.0f} calculations/s (median of {args.repeats})")

    py = sys.executable
    imp = command_time([py, "-c", "import medreckon"], args.repeats)
    base = command_time([py, "-c", "pass"], args.repeats)
    print(f"{'import medreckon':<30} {1000 * (imp - base):>10.0f} ms (interpreter start {1000 * base:.0f} ms excluded)")
    cli = command_time([py, "-m", "medreckon.cli", "calc", "run", "bmi", "weight=70", "height=175"], args.repeats)
    print(f"{'CLI calc run bmi (cold)':<30} {1000 * cli:>10.0f} ms")


if __name__ == "__main__":
    main()
