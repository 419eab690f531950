"""Calculator engine throughput: calculations/second through the public API, import time and
CLI cold start. Prints medians of several repeats (the machine is shared and noisy).

    python benchmarks/calc_throughput.py [--seconds 1.0] [--repeats 5]
"""

from __future__ import annotations

import argparse
import resource
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


def rate(fn, seconds: float) -> tuple[float, float]:
    """(calculations per wall second, per CPU second of this process): on a shared, loaded
    machine the second is the steadier figure."""
    n, start, cpu = 0, time.perf_counter(), time.process_time()
    while (elapsed := time.perf_counter() - start) < seconds:
        for _ in range(200):
            fn()
        n += 200
    return n / elapsed, n / (time.process_time() - cpu)


def command_time(cmd: list[str], repeats: int) -> tuple[float, float]:
    """Median (wall seconds, CPU seconds: user + system of the child)."""
    walls, cpus = [], []
    for _ in range(repeats):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        t = time.perf_counter()
        subprocess.run(cmd, check=True, capture_output=True)
        walls.append(time.perf_counter() - t)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpus.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return statistics.median(walls), statistics.median(cpus)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seconds", type=float, default=1.0)
    ap.add_argument("--repeats", type=int, default=5)
    args = ap.parse_args()

    import medreckon

    for label, (calc, inputs) in CASES.items():
        medreckon.calculate(calc, inputs)  # warm: registry, caches
        rates = [rate(lambda c=calc, i=inputs: medreckon.calculate(c, i), args.seconds) for _ in range(args.repeats)]
        wall = statistics.median(r[0] for r in rates)
        cpu = statistics.median(r[1] for r in rates)
        print(f"{label:<30} {wall:>10,.0f} /s wall {cpu:>10,.0f} /s CPU (median of {args.repeats})")

    py = sys.executable
    code = "import time; t = time.perf_counter(); import medreckon; print(time.perf_counter() - t)"
    imports = [float(subprocess.run([py, "-c", code], check=True, capture_output=True, text=True).stdout)
               for _ in range(args.repeats)]
    print(f"{'import medreckon':<30} {1000 * statistics.median(imports):>10.1f} ms (in-process, median)")
    cli = command_time([py, "-m", "medreckon.cli", "calc", "run", "bmi", "weight=70", "height=175"], args.repeats)
    print(f"{'CLI calc run bmi (cold)':<30} {1000 * cli[0]:>10.0f} ms wall {1000 * cli[1]:>6.0f} ms CPU")


if __name__ == "__main__":
    main()
