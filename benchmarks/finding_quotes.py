"""How the one-criterion questions of an `extract` run fared against the gold entities: for each
finding the model was asked about, what it answered, whether its quote was found in the note,
and what the gold entities say. Shows what the quote check gains (claims without words of the
note that were wrong) and what it costs (true findings rejected because the quote was not the
note's words).

    python benchmarks/finding_quotes.py runs/arms-embedded-2pc/extract
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

from medreckon.bench.analysis.attribution import gold_for
from medreckon.bench.runs.arms import load_arm


def main(run_dir: str) -> None:
    path = Path(run_dir)
    rows, _ = load_arm(path.parent, path.name)
    tally: Counter[tuple[str, str]] = Counter()
    for case, outcome in rows:
        gold = gold_for(case)
        inputs = gold.normalised or {}
        for f in (outcome.trace or {}).get("findings", []):
            truth = inputs.get(f["field"])
            if not isinstance(truth, bool):
                continue
            if f.get("claimed"):
                answer = "claimed, quote not in note -> false"
            elif f.get("present") is True:
                answer = "true, quote in note"
            elif f.get("present") is False:
                answer = "false"
            else:
                answer = "unreadable -> default"
            tally[(answer, "gold true" if truth else "gold false")] += 1
    print(f"{'model answer':<40}{'gold true':>10}{'gold false':>11}")
    for answer in sorted({a for a, _ in tally}):
        print(f"{answer:<40}{tally[(answer, 'gold true')]:>10}{tally[(answer, 'gold false')]:>11}")


if __name__ == "__main__":
    main(sys.argv[1])
