"""Accuracy of each arm on equation-based and rule-based calculators (MedCalc-Bench categories:
lab, physical, date, dosage are equations; risk, severity, diagnosis are rule-based), with
Wilson intervals, on the cases every listed arm attempted.

    python benchmarks/arms_by_kind.py runs/arms-embedded-2pc zero_shot_cot extract
"""

from __future__ import annotations

import sys

from medreckon.bench.analysis.arms import case_key
from medreckon.bench.analysis.scoring import is_correct
from medreckon.bench.analysis.stats import wilson
from medreckon.bench.runs.arms import load_arm

EQUATION = {"lab", "physical", "date", "dosage"}


def main(root: str, arms: list[str]) -> None:
    loaded = {a: {case_key(c): (c, o) for c, o in load_arm(root, a)[0]} for a in arms}
    common = set.intersection(*(set(rows) for rows in loaded.values()))
    print(f"{len(common)} cases attempted by every arm ({', '.join(arms)})")
    print(f"{'arm':<16}{'kind':<12}{'n':>4}{'correct':>9}{'accuracy':>10}  95% CI")
    for arm, rows in loaded.items():
        for kind in ("equation", "rule-based", "all"):
            keys = [k for k in common if kind == "all"
                    or (rows[k][0].category in EQUATION) == (kind == "equation")]
            n = len(keys)
            k = sum(is_correct(rows[key][1], rows[key][0]) for key in keys)
            lo, hi = wilson(k, n)
            print(f"{arm:<16}{kind:<12}{n:>4}{k:>9}{k / n:>10.1%}  {lo:.1%}–{hi:.1%}")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2:])
