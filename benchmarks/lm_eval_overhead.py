"""Overhead per sample of the lm-evaluation-harness tasks against medreckon's own runner, without a
model, and the same scores case by case.

Both run zero-shot on the same MedCalc-Bench cases with an in-process model that replies at once
with one fixed JSON answer: the harness through `simple_evaluate` (our task folder only, built-in
tasks not indexed), our runner with the `zero_shot_cot` strategy, its parser and its SQLite store.
Reported: the harness's task build (rows from our loaders, once per run), the fixed cost of a
`simple_evaluate` call (one sample) and its time per further sample, our runner's time per
attempt, and whether the two score every case alike under the published rule (they must: the
task scores with our parser and rule). A first, uncounted run pays the imports.

    python benchmarks/lm_eval_overhead.py --limit 200 [--repeats 3] [--answer 1.0]
"""

from __future__ import annotations

import argparse
import json
import statistics
import tempfile
import time
from pathlib import Path

from lm_eval import simple_evaluate
from lm_eval.api.model import LM
from lm_eval.tasks import TaskManager

from medreckon.bench import datasets
from medreckon.bench.analysis.scoring import is_correct
from medreckon.bench.runs import runner
from medreckon.bench.runs.store import Store
from medreckon.bench.strategies import get_strategy
from medreckon.bench.types import Completion, Usage
from medreckon.integrations.lm_eval import tasks_path


class FixedAnswer:
    """Our ModelClient: every request answered at once with the same JSON."""

    name = "fixed-answer"
    info = {"provider": "in-process"}

    def __init__(self, reply: str):
        self.reply = reply

    def chat(self, messages, tools=None, response_format=None, **gen):
        return Completion(text=self.reply, finish_reason="stop", usage=Usage(1, 5), model=self.name)


class FixedAnswerLM(LM):
    """The harness's LM: the same reply to every request."""

    def __init__(self, reply: str):
        super().__init__()
        self.reply = reply

    def generate_until(self, requests, disable_tqdm: bool = False):
        return [self.reply] * len(requests)

    def loglikelihood(self, requests, disable_tqdm: bool = False):
        raise NotImplementedError

    def loglikelihood_rolling(self, requests, disable_tqdm: bool = False):
        raise NotImplementedError


def _manager() -> TaskManager:
    """Our tasks only: without a manager simple_evaluate indexes every built-in task per call."""
    return TaskManager(include_path=str(tasks_path()), include_defaults=False)


def _evaluate(tasks, limit: int, reply: str) -> tuple[float, dict]:
    t = time.perf_counter()
    results = simple_evaluate(model=FixedAnswerLM(reply), tasks=tasks, limit=limit, log_samples=True,
                              bootstrap_iters=0, task_manager=_manager())
    return time.perf_counter() - t, results


def harness(limit: int, reply: str) -> tuple[float, float, float, dict[str, float]]:
    """(task build s, one-sample run s, marginal s per further sample, acc by case id)."""
    t = time.perf_counter()
    tasks = list(_manager().load(["medcalc_bench_zero_shot"])["tasks"].values())
    built = time.perf_counter() - t
    one, _ = _evaluate(tasks, 1, reply)
    full, results = _evaluate(tasks, limit, reply)
    samples = results["samples"]["medcalc_bench_zero_shot"]
    return built, one, (full - one) / max(limit - 1, 1), {s["doc"]["id"]: s["acc"] for s in samples}


def ours(limit: int, reply: str) -> tuple[float, dict[str, float]]:
    """(per-attempt s, acc by case id) of one runner run in a fresh store."""
    cases = datasets.load_cases("medcalc-bench", limit=limit)
    strategy = get_strategy("zero_shot_cot")
    settings = runner.RunSettings(model="fixed-answer", strategy=strategy.name)
    with tempfile.TemporaryDirectory() as tmp, Store(Path(tmp) / "run", create=True) as store:
        t = time.perf_counter()
        done = runner.run(store, cases, strategy, FixedAnswer(reply), settings, concurrency=1)
        per_attempt = (time.perf_counter() - t) / done.done
        by_id = {c.id: c for c in cases}
        acc = {a.case_id: float(is_correct(a.outcome, by_id[a.case_id])) for a in store.attempts()}
    return per_attempt, acc


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--limit", type=int, default=200, help="cases (the first N of MedCalc-Bench v1.0)")
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--answer", default="1.0", help="the fixed answer every reply gives")
    args = ap.parse_args()
    reply = json.dumps({"reasoning": "fixed", "answer": float(args.answer)})
    _evaluate(list(_manager().load(["medcalc_bench_zero_shot"])["tasks"].values()), 1, reply)  # imports
    builds, fixed, harness_s, ours_s = [], [], [], []
    for _ in range(args.repeats):
        built, one, per_sample, harness_acc = harness(args.limit, reply)
        per_attempt, our_acc = ours(args.limit, reply)
        builds.append(built)
        fixed.append(one)
        harness_s.append(per_sample)
        ours_s.append(per_attempt)
        assert len(harness_acc) == len(our_acc) == args.limit, (len(harness_acc), len(our_acc))
        differ = sorted(k for k in our_acc if harness_acc.get(k) != our_acc[k])
        assert not differ, f"the harness and our runner score these cases differently: {differ[:10]}"
    right = sum(our_acc.values())
    print(f"{args.limit} cases, reply {reply}: {right:.0f} correct under medcalc_bench in both, "
          "the same case by case")
    print(f"lm-eval task build (rows from our loaders, once per run): median {statistics.median(builds):.2f} s")
    print(f"lm-eval simple_evaluate of one sample (its fixed cost): median {statistics.median(fixed):.2f} s")
    print(f"lm-eval per further sample: median {statistics.median(harness_s) * 1e3:.2f} ms")
    print(f"medreckon runner per attempt (SQLite store included): median {statistics.median(ours_s) * 1e3:.2f} ms")


if __name__ == "__main__":
    main()
