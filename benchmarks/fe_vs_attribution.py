"""Cross-tabulates two readings of the same wrong attempts of a traced run: the first wrong step
of the exact step verdicts (`bench verify`) against the cause `bench attribute` gives. The two
should tell the same story (attribution is a view of the verdicts); the table shows where and
why they part (a dataset disagreement is an answer-step error that attribution blames on the
dataset, not the model).

    python benchmarks/fe_vs_attribution.py runs/steps-2pc/extract
"""

from __future__ import annotations

import sys
from collections import Counter

from medreckon.bench.analysis.attribution import attribute
from medreckon.bench.analysis.steps import Verifier
from medreckon.bench.runs.store import Store


def main(run_dir: str) -> None:
    with Store(run_dir) as store:
        cases = store.cases()
        rows = [(cases[a.case_id], a.outcome) for a in store.attempts() if a.case_id in cases]
    verifier = Verifier("medcalc_bench")
    verdicts = [verifier.verify(c, o) for c, o in rows]
    report = attribute(rows, verdicts=verdicts)
    pairs = Counter((v.first_error() if v.status == "ok" else v.status, a.cause)
                    for v, a in zip(verdicts, report.rows, strict=True) if a.cause is not None)
    print(f"{run_dir}: {len(rows)} attempts, {sum(pairs.values())} wrong")
    print(f"{'first wrong step / status':<28}{'attribution cause':<22}{'attempts':>8}")
    for (first, cause), k in sorted(pairs.items(), key=lambda x: (-x[1], str(x[0]))):
        print(f"{str(first):<28}{cause:<22}{k:>8}")


if __name__ == "__main__":
    main(sys.argv[1])
