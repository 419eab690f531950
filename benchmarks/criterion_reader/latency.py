"""Per-criterion latency of the learned criterion reader on one core (onnxruntime, 1 thread):

    python benchmarks/criterion_reader/latency.py [--model DIR] [--limit 40] [--json F]

Reads the design vignettes (v1-v10) and, for every finding and choice of each, times the reader's
whole work for that criterion: finding its passages in the note, the model on each passage, the
decision. Reports the median, 90th percentile and mean milliseconds per criterion (the issue's bar:
≤ 20 ms on one core), per model pass, and the passes per criterion; the first note is read once
untimed (warm-up). Run it on a quiet machine: a loaded one measures the load.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from evaluate import DESIGN_VIGNETTES, ROOT  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--model", default=None)
    ap.add_argument("--limit", type=int, default=None, help="only the first N vignettes")
    ap.add_argument("--json", default=None)
    args = ap.parse_args()

    from medreckon.bench.calculation import calculator_for_case
    from medreckon.bench.datasets import load_cases
    from medreckon.reading.learned.criteria import criteria
    from medreckon.reading.learned.model import CriterionModel
    from medreckon.reading.learned.reader import LearnedReader, sentences

    model = CriterionModel(args.model, threads=1)
    passes = 0
    run = model.run

    def counted(firsts, seconds):  # noqa: ANN001, ANN202
        nonlocal passes
        passes += len(firsts)
        return run(firsts, seconds)

    model.run = counted  # type: ignore[method-assign]
    reader = LearnedReader(model)
    cases = [c for f in DESIGN_VIGNETTES for c in load_cases("medreckon-vignettes", path=ROOT / "tests" / "data" / "vignettes" / f)]
    cases = cases[:args.limit]
    reader.read(cases[0].note, calculator_for_case(cases[0]))  # warm-up
    per_criterion, passes_per = [], []
    passes = 0
    for case in cases:
        found = criteria([calculator_for_case(case)])
        for item in (*found.findings, *found.choices):
            before = passes
            t = time.perf_counter()
            split = sentences(case.note)
            (reader.finding if hasattr(item, "statement") else reader.choice)(split, item)
            per_criterion.append(1000 * (time.perf_counter() - t))
            passes_per.append(passes - before)
    total_passes = sum(passes_per)
    out = {"model": model.version, "criteria": len(per_criterion), "vignettes": len(cases),
           "ms_per_criterion": {"median": statistics.median(per_criterion),
                                "p90": statistics.quantiles(per_criterion, n=10)[-1] if len(per_criterion) > 1 else per_criterion[0],
                                "mean": statistics.fmean(per_criterion), "max": max(per_criterion)},
           "passes_per_criterion": statistics.fmean(passes_per),
           "ms_per_pass": sum(per_criterion) / max(1, total_passes),
           "cpu": os.cpu_count(), "load_average": os.getloadavg()}
    print(json.dumps(out, indent=2))
    if args.json:
        Path(args.json).write_text(json.dumps(out, indent=2) + "\n")


if __name__ == "__main__":
    main()
