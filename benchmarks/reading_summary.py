"""Issue 17's summary table: each arm's accuracy on equation-based and rule-based calculators and
overall, under v1.0's and the corrected labels, on every case and on the cases outside the design
sample; exact McNemar of the last arm against each other one; requests, tokens and seconds per
case, and the share of cases answered without a model request.

    python benchmarks/reading_summary.py runs/reading-3pc-seed1 zero_shot_cot extract NEW_ARM \\
        --design-seed 0 --design-per-calculator 2 --markdown docs/results/reading-summary-3pc-seed1.md

Only the cases every named arm attempted are counted (the comparison is paired). MedCalc-Bench
categories lab, physical, date and dosage are equation-based; risk, severity and diagnosis are
rule-based. Seconds per case are model time as the attempts recorded it: compare them only between
runs made on a quiet machine.
"""

from __future__ import annotations

import argparse
import statistics
from typing import Any

from medreckon.bench import datasets
from medreckon.bench.analysis.arms import case_key
from medreckon.bench.analysis.scoring import is_correct
from medreckon.bench.analysis.stats import mcnemar_exact, wilson
from medreckon.bench.runs.arms import load_arm

EQUATION = {"lab", "physical", "date", "dosage"}
KINDS = ("equation", "rule-based", "all")


def _kind(case: Any, kind: str) -> bool:
    return kind == "all" or (case.category in EQUATION) == (kind == "equation")


def _pct(k: int, n: int) -> str:
    if not n:
        return "–"
    lo, hi = wilson(k, n)
    return f"{k}/{n} {100 * k / n:.1f}% ({100 * lo:.1f}–{100 * hi:.1f})"


def summary(root: str, arms: list[str], design: set[str]) -> str:
    loaded = {a: {case_key(c): (c, o) for c, o in load_arm(root, a)[0]} for a in arms}
    common = set.intersection(*(set(rows) for rows in loaded.values()))
    new = arms[-1]
    out = [f"Cases attempted by every arm: {len(common)} ({len([k for k in common if k[2] in design])} of "
           "them in the design sample).", ""]
    for labels in ("v1.0", "corrected"):
        scored = {}
        for a in arms:
            rows = [loaded[a][k] for k in sorted(common)]
            scored[a] = {case_key(c): (c, bool(is_correct(o, c))) for c, o in datasets.with_labels(rows, labels)}
        for subset in ("all cases", "outside the design sample"):
            keys = [k for k in sorted(set.intersection(*(set(s) for s in scored.values())))
                    if subset == "all cases" or k[2] not in design]
            out += [f"### {labels} labels, {subset}", "",
                    "| arm | " + " | ".join(KINDS) + f" | McNemar {new} vs arm (all): only new / only arm, p |",
                    "|---|" + "---:|" * (len(KINDS) + 1)]
            for a in arms:
                cells = []
                for kind in KINDS:
                    ks = [k for k in keys if _kind(scored[a][k][0], kind)]
                    cells.append(_pct(sum(scored[a][k][1] for k in ks), len(ks)))
                if a == new:
                    test = ""
                else:
                    b = sum(scored[new][k][1] and not scored[a][k][1] for k in keys)
                    c = sum(scored[a][k][1] and not scored[new][k][1] for k in keys)
                    test = f"{b} / {c}, p = {mcnemar_exact(b, c):.2g}"
                out.append(f"| {a} | " + " | ".join(cells) + f" | {test} |")
            out.append("")
    out += ["### Cost per case (all cases)", "",
            "| arm | requests (mean) | no request | prompt tokens (mean) | completion tokens (mean) | "
            "seconds (median) | seconds (mean) |", "|---|---:|---:|---:|---:|---:|---:|"]
    for a in arms:
        outcomes = [loaded[a][k][1] for k in sorted(common)]
        calls = [o.model_calls for o in outcomes]
        secs = [o.latency_s for o in outcomes]
        out.append(f"| {a} | {statistics.mean(calls):.2f} | {sum(c == 0 for c in calls)}/{len(calls)} | "
                   f"{statistics.mean(o.usage.prompt_tokens for o in outcomes):.0f} | "
                   f"{statistics.mean(o.usage.completion_tokens for o in outcomes):.0f} | "
                   f"{statistics.median(secs):.1f} | {statistics.mean(secs):.1f} |")
    return "\n".join(out) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("root")
    parser.add_argument("arms", nargs="+", help="arm directories under ROOT; the last is compared with each other")
    parser.add_argument("--design-seed", type=int, default=0)
    parser.add_argument("--design-per-calculator", type=int, default=2)
    parser.add_argument("--markdown")
    args = parser.parse_args()
    design = {c.id for c in datasets.load_cases("medcalc-bench", subset="medrac_clean_940",
                                                 per_calculator=args.design_per_calculator, seed=args.design_seed)}
    text = summary(args.root, args.arms, design)
    print(text)
    if args.markdown:
        with open(args.markdown, "w", encoding="utf-8") as f:
            f.write(text)


if __name__ == "__main__":
    main()
