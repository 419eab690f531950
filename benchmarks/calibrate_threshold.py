"""Calibrate the threshold of `extract:decide=logprob` on labelled examples that are not test
cases: the MedCalc-Bench one-shot exemplars (one worked case per calculator). Each yes/no
criterion of a rule-based exemplar whose Relevant Entities say true or false is asked as extract
asks it (the same prompt, P(yes) from the model's log-probabilities); `decisions.calibrate`
picks the threshold and reports accuracy, Brier score and a reliability table. Exemplars whose
note is also a MedCalc-Bench v1.0 test note are left out (three are; one of them has findings).

    python benchmarks/calibrate_threshold.py                 # embedded model, every exemplar
    python benchmarks/calibrate_threshold.py --limit 6       # a smoke run: the first 6 questions
    python benchmarks/calibrate_threshold.py --json out.json

Prints the threshold to use as THRESHOLD=... for benchmarks/reading_arms.sh.
"""

from __future__ import annotations

import argparse
import json
import sys

from medreckon.bench.calculation import calculator_for_case
from medreckon.bench.datasets import load_cases, load_one_shot
from medreckon.bench.models import Meter, connect
from medreckon.calculators.medcalc_bench import to_inputs
from medreckon.errors import CalculatorInputError
from medreckon.reading.decisions import calibrate
from medreckon.reading.inputs import read_inputs
from medreckon.reading.questions import logprob_finding
from medreckon.reading.request import head_text


def _opening(note: str) -> str:
    return " ".join(note.split()).lower()[:200]


def examples(limit: int | None):
    """(case, calculator, finding spec, label) for every labelled finding of the exemplars,
    leaving out an exemplar whose note is also a v1.0 test note (its first 200 characters): the
    notes of one_shot_11 and one_shot_23 (MELD-Na: 2 findings) are test rows 191 and 801, and
    one_shot_30's is row 373's with one sentence removed."""
    test_notes = {_opening(c.note) for c in load_cases("medcalc-bench")}
    out = []
    for case in load_one_shot().values():
        if _opening(case.note) in test_notes:
            print(f"left out {case.metadata['note_id']}: its note is a test note", file=sys.stderr)
            continue
        try:
            calc = calculator_for_case(case)
            given = to_inputs(calc, case.entities)
        except (CalculatorInputError, ValueError):
            continue
        for spec in read_inputs(calc):
            if spec.kind == "boolean" and isinstance(given.get(spec.name), bool):
                out.append((case, calc, spec, given[spec.name]))
    return out[:limit] if limit else out


def main() -> None:
    ap = argparse.ArgumentParser(description=" ".join(__doc__.split("\n\n")[0].split()))
    ap.add_argument("--model", default="embedded")
    ap.add_argument("--limit", type=int, default=None, help="At most N questions (a smoke run).")
    ap.add_argument("--json", dest="json_out", default=None)
    args = ap.parse_args()
    meter = Meter(connect(args.model, timeout=300, max_retries=1))
    pairs = []
    for case, calc, spec, label in examples(args.limit):
        _, p = logprob_finding(meter, head_text(case.note, case.question, calc), spec, None, 0.5)
        if p is not None:
            pairs.append((p, label))
            print(f"{calc.id:<24} {spec.name:<36} label {label!s:<5} P(yes) {p:.3f}", flush=True)
    if len({y for _, y in pairs}) < 2:
        raise SystemExit(f"{len(pairs)} examples with one kind of label only: use more (drop --limit)")
    c = calibrate(pairs)
    print(json.dumps({"model": args.model, "requests": meter.calls,
                      "prompt_tokens": meter.usage.prompt_tokens, **c.to_dict()}, indent=1))
    print(f"THRESHOLD={c.threshold:.3f}")
    if args.json_out:
        with open(args.json_out, "w", encoding="utf-8") as f:
            json.dump({"model": args.model, **c.to_dict()}, f, indent=1)


if __name__ == "__main__":
    main()
