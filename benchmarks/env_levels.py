"""Do the difficulty knobs matter? The same generated cases (same calculators, same k) at the
`easy` and `hard` levels, paired by case id, per strategy: accuracy at each level, the paired
difference with its Newcombe interval and an exact McNemar test. Reads the run stores that
`benchmarks/env_embedded.sh` wrote; no model calls.

    python benchmarks/env_levels.py [--root runs/env-embedded] [--n 100] [--out docs/results/env-embedded-levels.md]
"""

from __future__ import annotations

import argparse
from pathlib import Path


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--root", default="runs/env-embedded")
    ap.add_argument("--n", type=int, default=100)
    ap.add_argument("--strategies", default="extract,zero_shot_cot")
    ap.add_argument("--rule", default="relative")
    ap.add_argument("--out", default="docs/results/env-embedded-levels.md")
    args = ap.parse_args()

    from medreckon.bench.analysis.scoring import is_correct
    from medreckon.bench.analysis.stats import mcnemar_exact, newcombe_paired, wilson
    from medreckon.bench.runs.store import Store

    def marks(level: str, strategy: str) -> dict[str, bool]:
        store = Store(Path(args.root) / f"{level}-n{args.n}" / strategy)
        cases = store.cases()
        return {a.case_id: is_correct(a.outcome, cases[a.case_id], args.rule)
                for a in store.attempts() if a.case_id in cases}

    lines = ["# Generated cases, easy against hard: do the knobs matter?", "",
             "```", f"bash benchmarks/env_embedded.sh   # N={args.n} per level",
             f"python benchmarks/env_levels.py --root {args.root} --n {args.n}", "```", "",
             f"The embedded model (Qwen2.5-Coder-1.5B-Instruct Q4_K_M, llama.cpp, 2 CPU cores), rule `{args.rule}` "
             "(±1%). The same cases at both levels: the same calculator and k, so the same facts; only the note "
             "differs (`easy`: structured, canonical units, the rule text given; `hard`: narrative, 60% of "
             "quantities in another unit, 5 distractors, half the labs at two time points, denials, half the "
             "absent findings unmentioned). Paired by case id.", "",
             "| strategy | n paired | easy | hard | hard − easy (95% CI, Newcombe paired) | only easy | only hard "
             "| McNemar p (exact) |", "|---|---|---|---|---|---|---|---|"]
    import json

    for level in ("easy", "hard"):
        rows = [json.loads(line) for line in (Path(args.root) / f"cases-{level}-n{args.n}.jsonl").open()]
        lines.insert(-2, f"Cases ({level}): `cases-{level}-n{args.n}.jsonl`, generator version "
                     f"{', '.join(sorted({str(r.get('generator_version')) for r in rows}))}, {len(rows)} cases of "
                     f"{len({r['calculator'] for r in rows})} calculators.\n")
    for strategy in args.strategies.split(","):
        easy, hard = marks("easy", strategy), marks("hard", strategy)
        ids = sorted(set(easy) & set(hard))
        a = sum(easy[i] and hard[i] for i in ids)
        b = sum(easy[i] and not hard[i] for i in ids)
        c = sum(hard[i] and not easy[i] for i in ids)
        d = len(ids) - a - b - c
        lo, hi = newcombe_paired(a, c, b, d)  # hard − easy
        ke, kh, n = a + b, a + c, len(ids)
        we, wh = wilson(ke, n), wilson(kh, n)
        lines.append(f"| {strategy} | {n} | {ke}/{n} ({ke / n:.0%}; {we[0]:.0%}–{we[1]:.0%}) | {kh}/{n} ({kh / n:.0%}; "
                     f"{wh[0]:.0%}–{wh[1]:.0%}) | {100 * (kh - ke) / n:+.1f} pp ({100 * lo:+.1f} to {100 * hi:+.1f}) "
                     f"| {b} | {c} | {mcnemar_exact(b, c):.2g} |")
    Path(args.out).write_text("\n".join(lines) + "\n")
    print("\n".join(lines[-len(args.strategies.split(",")):]))


if __name__ == "__main__":
    main()
