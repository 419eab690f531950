"""Bench harness throughput.

1. Harness overhead per attempt, without a model: the real runner, strategy, parser and SQLite
   store on real MedCalc-Bench cases, with an in-process ModelClient that answers instantly with a
   fixed JSON answer. Also the time a resumed run spends skipping already-stored attempts.
2. With `--model` (e.g. `embedded`): cases per minute of a real model for each strategy on a
   stratified sample, with accuracy under the MedCalc-Bench rule and its Wilson 95% interval.

    python benchmarks/bench_throughput.py                       # overhead only (seconds)
    python benchmarks/bench_throughput.py --model embedded --strategies direct zero_shot_cot \
        --subset medrac_clean_940 --per-calculator 1 [--limit 20] [--keep runs/bench]

Model runs are resumable: with `--keep DIR` they are stored under DIR and rerunning continues.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

from medreckon.bench import datasets
from medreckon.bench.runs import runner
from medreckon.bench.runs.store import Store
from medreckon.bench.strategies import get_strategy
from medreckon.bench.types import Completion, Usage


class FixedAnswer:
    """An in-process ModelClient that answers every request at once with the same JSON."""

    name = "fixed-answer"
    info = {"provider": "in-process", "answer": 1.0}

    def chat(self, messages, tools=None, response_format=None, **gen):
        return Completion(text='{"answer": 1.0}', finish_reason="stop",
                          usage=Usage(prompt_tokens=1, completion_tokens=5), model=self.name)


def overhead(n_cases: int, repeats: int, concurrency: int) -> None:
    cases = datasets.load_cases("medcalc-bench", limit=n_cases)
    strategy = get_strategy("zero_shot_cot")
    settings = runner.RunSettings(model="fixed-answer", strategy=strategy.name)
    fresh, resumed = [], []
    for _ in range(repeats):
        with tempfile.TemporaryDirectory() as tmp:
            with Store(Path(tmp) / "run", create=True) as store:
                t = time.perf_counter()
                p = runner.run(store, cases, strategy, FixedAnswer(), settings,
                               concurrency=concurrency)
                fresh.append((time.perf_counter() - t) / p.done)
                t = time.perf_counter()
                p2 = runner.run(store, cases, strategy, FixedAnswer(), settings,
                                concurrency=concurrency)
                assert p2.done == 0 and p2.already == len(cases)
                resumed.append((time.perf_counter() - t) / len(cases))
    print(f"harness overhead per attempt ({len(cases)} cases, concurrency {concurrency}, "
          f"median of {repeats}): {1e3 * statistics.median(fresh):.2f} ms "
          f"(strategy + parse + SQLite commit); resume skip {1e6 * statistics.median(resumed):.0f} µs/case")


def model_throughput(args: argparse.Namespace) -> None:
    from medreckon.bench.analysis.summary import summarise
    from medreckon.bench.models import connect
    from medreckon.bench.render.summary import render_text

    cases = datasets.load_cases("medcalc-bench", subset=args.subset,
                                per_calculator=args.per_calculator, seed=args.seed,
                                limit=args.limit)
    t = time.perf_counter()
    client = connect(args.model, timeout=args.timeout)
    print(f"{args.model}: loaded in {time.perf_counter() - t:.1f} s; {len(cases)} cases "
          f"(subset {args.subset}, {args.per_calculator} per calculator, seed {args.seed})")
    root = Path(args.keep) if args.keep else Path(tempfile.mkdtemp(prefix="medreckon-bench-"))
    for name in args.strategies:
        strategy = get_strategy(name)
        settings = runner.RunSettings(model=args.model, strategy=name, seed=args.seed)
        run_dir = root / f"{args.model.replace('/', '-')}_{name}"
        with Store(run_dir, create=True) as store:
            def show(progress, attempt):
                if attempt is not None and not args.quiet:
                    print(f"  [{progress.done}/{progress.total}] {attempt.case_id} "
                          f"{attempt.outcome.status} {attempt.outcome.latency_s:.1f} s",
                          file=sys.stderr, flush=True)

            t = time.perf_counter()
            p = runner.run(store, cases, strategy, client, settings, on_progress=show)
            wall = time.perf_counter() - t
            rows = [(store.cases()[a.case_id], a.outcome) for a in store.attempts()]
        summary = summarise(rows, rule="medcalc_bench")
        lat = [o.latency_s for _, o in rows if o.latency_s]
        toks = [o.usage.completion_tokens for _, o in rows]
        rate = f"{60 * p.done / wall:.2f} cases/min over {p.done} new attempts" if p.done else "all stored"
        print(f"\n{name}: {rate}; median model latency {statistics.median(lat):.1f} s, "
              f"median completion tokens {statistics.median(toks):.0f}")
        print(render_text(summary))
        print(f"  (stored in {run_dir})")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--cases", type=int, default=200, help="cases for the overhead measurement")
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--concurrency", type=int, default=1)
    ap.add_argument("--model", default=None, help="also measure this model, e.g. embedded")
    ap.add_argument("--strategies", nargs="+", default=["direct", "zero_shot_cot"])
    ap.add_argument("--subset", default="medrac_clean_940")
    ap.add_argument("--per-calculator", type=int, default=1)
    ap.add_argument("--limit", type=int, default=None)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--timeout", type=float, default=300.0)
    ap.add_argument("--keep", default=None, help="store model runs here (resumable)")
    ap.add_argument("--quiet", action="store_true")
    args = ap.parse_args()
    overhead(args.cases, args.repeats, args.concurrency)
    if args.model:
        model_throughput(args)


if __name__ == "__main__":
    main()
