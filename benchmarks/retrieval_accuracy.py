"""Formula retrieval accuracy: does the true calculator's card rank first (top-1) or in the first
two (top-2) for each MedCalc-Bench question?

    python benchmarks/retrieval_accuracy.py [--kind bm25|dense|all] [--misses] [--name-weight W]

Queries are the `Question` column of every row of the v1.0 test set (1,047 rows; the questions
are templated, so there are fewer distinct texts: the script counts both). The truth is the
calculator whose declaration carries the row's MedCalc-Bench Calculator ID. Cards are all
registered calculators (`medreckon.interfaces.cards.all_cards()`). Reports accuracy over rows
and over distinct questions, index build and per-query time, and with --misses every question
whose true card was not first. --name-weight changes the weight of the name-and-aliases field
in both retrievers (default `retrieval.NAME_WEIGHT`; 0 turns the field off), for ablation.
"""

from __future__ import annotations

import argparse
import sys
import time

from medreckon.bench import retrieval
from medreckon.bench.datasets import load_cases
from medreckon.bench.retrieval import KINDS, Retriever
from medreckon.calculators.registry import by_medcalc_bench_id
from medreckon.interfaces.cards import all_cards


def evaluate(kind: str, cases, show_misses: bool) -> dict:
    cards = all_cards()
    retriever = Retriever(kind, cards)
    t0 = time.perf_counter()
    retriever.search("warm-up: builds the index", 1)
    build_s = time.perf_counter() - t0
    questions = list(dict.fromkeys(c.question for c in cases))
    t0 = time.perf_counter()
    hits = retriever.search_many(questions, 2)
    query_s = (time.perf_counter() - t0) / len(questions)
    ranks = {q: [cid for cid, _ in h] for q, h in zip(questions, hits, strict=True)}
    top1 = top2 = 0
    distinct1 = distinct2 = 0
    misses = {}
    seen = set()
    for c in cases:
        truth = by_medcalc_bench_id(c.calculator_id).id
        got = ranks[c.question]
        top1 += got[0] == truth
        top2 += truth in got
        if c.question not in seen:
            seen.add(c.question)
            distinct1 += got[0] == truth
            distinct2 += truth in got
        if got[0] != truth:
            misses[c.question] = (truth, got)
    n, d = len(cases), len(seen)
    print(f"{kind}: {len(cards)} cards, {n} questions ({d} distinct)")
    print(f"  top-1 {top1}/{n} = {top1 / n:.1%}   top-2 {top2}/{n} = {top2 / n:.1%}   "
          f"(distinct questions: top-1 {distinct1}/{d}, top-2 {distinct2}/{d})")
    print(f"  index build {build_s * 1000:.0f} ms (dense: includes loading the model); "
          f"{query_s * 1000:.2f} ms per question (search_many)")
    if show_misses:
        for q, (truth, got) in misses.items():
            print(f"  MISS truth={truth} got={got}: {q.strip()[:160]}")
    return {"kind": kind, "n": n, "top1": top1, "top2": top2}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--kind", choices=[*KINDS, "all"], default="all")
    p.add_argument("--misses", action="store_true", help="list the questions whose true card was not first")
    p.add_argument("--name-weight", type=float, default=None, help="weight of the name field (ablation)")
    args = p.parse_args(argv)
    if args.name_weight is not None:
        retrieval.NAME_WEIGHT = args.name_weight
        print(f"name-field weight set to {args.name_weight:g}")
    cases = load_cases("medcalc-bench")
    for kind in KINDS if args.kind == "all" else (args.kind,):
        evaluate(kind, cases, args.misses)
    return 0


if __name__ == "__main__":
    sys.exit(main())
