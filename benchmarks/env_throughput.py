"""Environment throughput: structured cases generated *and* verified per second (no model:
draw, compute, reject, render, then re-derive every answer from its written facts, `verify=True`,
and score a correct output under the bench's rule), and the rate of narrative notes (the hard
level's rendering), in one process and shared among worker processes (`--workers`).

    python benchmarks/env_throughput.py [--n 20000] [--repeats 3] [--workers 1,2]

Prints medians of the repeats, per wall second and per CPU second of this process (with workers,
the parent's CPU only: the wall rate is the one to read).
"""

from __future__ import annotations

import argparse
import statistics
import time


def timed(fn) -> tuple[float, float]:
    start, cpu = time.perf_counter(), time.process_time()
    fn()
    return time.perf_counter() - start, time.process_time() - cpu


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--n", type=int, default=20000)
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--workers", default="1,2", help="comma-separated worker counts to measure")
    args = ap.parse_args()

    from medreckon.env import generate
    from medreckon.env.verify import reward

    generate(55, seed=99)  # warm: registry, pydantic schemas, unit tables
    for label, level in (("structured (easy), generated + verified", "easy"),
                         ("narrative (hard), generated + verified", "hard")):
        for workers in (int(w) for w in args.workers.split(",")):
            runs = []
            for r in range(args.repeats):
                def work(seed=r, level=level, workers=workers):
                    cases = generate(args.n, seed=seed, level=level, verify=True, workers=workers)
                    assert all(reward(f"\\boxed{{{c['answer']}}}", c).correct for c in cases[:1000])
                runs.append(timed(work))
            wall = statistics.median(args.n / w for w, _ in runs)
            cpu = statistics.median(args.n / c for _, c in runs)
            print(f"{label:<40} workers {workers} {wall:>9,.0f} cases/s wall {cpu:>9,.0f} cases/s CPU "
                  f"(n={args.n}, median of {args.repeats})")


if __name__ == "__main__":
    main()
