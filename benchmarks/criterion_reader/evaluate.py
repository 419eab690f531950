"""Finding-level evaluation of the learned criterion reader against the rule reader, on notes whose
findings are labelled (each case's Relevant Entities, normalised by its calculator):

    python benchmarks/criterion_reader/evaluate.py design [--model DIR] [--json F] [--markdown F] [--errors 40]

`design` reads the design data only: vignettes v1-v10 (tests/data/vignettes/rule_based_v1..v10.csv)
and the MedCalc-Bench clean-940 rows of seeds 0-6 (3 per calculator; each distinct row once), the
rule-based calculators (categories risk, severity, diagnosis). Seeds 7 and 8 and vignettes v11-v14
are held out (../team/SEEDS.md); this script never opens them.

For every yes/no finding of every case: the truth (the calculator's normalised input from the
entities; one not listed is the declared default), the rule reader's value (medspaCy ConText over
the finding's synonyms and its declared scope, as `extract:context=alone` reads it; not mentioned
counts as the default), the learned reader's, and their combinations:
- `rules+learned`: the rules where they find a mention (present or absent), else the learned reader;
- `learned+rules`: the learned reader where it finds a passage, else the rules.
Graded choices likewise (rules: the declared phrases, else the default where it applies, else
unread = wrong). A case is read right when all its findings and choices are. McNemar (exact) of
each reader against the rules, paired on the same findings and cases.

Needs the [reading] and [learned] extras and the shared MedCalc-Bench data.
"""

from __future__ import annotations

import argparse
import collections
import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
DESIGN_VIGNETTES = [f"rule_based_v{i}.csv" for i in range(1, 11)]
DESIGN_SEEDS = range(0, 7)
RULE_BASED = {"risk", "severity", "diagnosis"}
READERS = ("rules", "learned", "rules+learned", "learned+rules")


def design_cases() -> list[Any]:
    from medreckon.bench.datasets import load_cases

    cases = [c for f in DESIGN_VIGNETTES
             for c in load_cases("medreckon-vignettes", path=ROOT / "tests" / "data" / "vignettes" / f)]
    seen = set()
    for seed in DESIGN_SEEDS:
        for c in load_cases("medcalc-bench", subset="medrac_clean_940", per_calculator=3, seed=seed):
            if c.id not in seen and (c.category or "").lower() in RULE_BASED:
                seen.add(c.id)
                cases.append(c)
    return cases


HELD_OUT_VIGNETTES = [f"rule_based_v{i}.csv" for i in range(11, 15)]
HELD_OUT_SEED = 8


def frozen(sha: str, model: Any) -> None:
    """Refuse to open the held-out data unless the model read is the pinned one, the pin names the
    sha256 given, and the pin and the reader are committed as they are (issue 30: the held-out data
    is read once, after the reader is frozen)."""
    import subprocess

    from medreckon.reading.learned.model import PINNED, pinned

    pin = pinned().get("files", {})
    if pin.get("model.onnx") != sha:
        raise SystemExit(f"the pinned model.onnx ({PINNED}) has sha256 {pin.get('model.onnx')}, not {sha}: freeze first")
    if model.manifest.get("files") != pin:
        raise SystemExit(f"the model read ({model.folder}) is not the pinned one: build it with train.py --install")
    dirty = subprocess.run(["git", "status", "--porcelain", "--", str(PINNED), str(ROOT / "src" / "medreckon" / "reading"),
                            str(ROOT / "benchmarks" / "criterion_reader")], capture_output=True, text=True, cwd=ROOT).stdout
    if dirty.strip():
        raise SystemExit(f"uncommitted changes to the reader or its pin:\n{dirty}commit them first")


def held_out_cases() -> list[Any]:
    from medreckon.bench.datasets import load_cases

    cases = [c for f in HELD_OUT_VIGNETTES
             for c in load_cases("medreckon-vignettes", path=ROOT / "tests" / "data" / "vignettes" / f)]
    cases += [c for c in load_cases("medcalc-bench", subset="medrac_clean_940", per_calculator=3, seed=HELD_OUT_SEED)
              if (c.category or "").lower() in RULE_BASED]
    return cases


def _truths(case: Any) -> tuple[Any, dict[str, Any], list[Any]] | None:
    from medreckon.bench.calculation import asked_inputs, calculator_for_case, case_options
    from medreckon.calculators.medcalc_bench import to_inputs

    try:
        calc = calculator_for_case(case)
        gold = {**to_inputs(calc, case.entities), **case_options(calc, case)}
        base = calc.calculate(gold).inputs
    except Exception:  # noqa: BLE001 - entities the calculator cannot take: not comparable
        return None
    return calc, base, asked_inputs(calc)


def rule_findings(case: Any, booleans: list[Any]) -> dict[str, tuple[Any, str]]:
    """{finding: (value or None, the reader's state)} as the rule reader reads them."""
    from medreckon.bench.strategies import extract_steps as steps

    readings = steps.read_findings(case, booleans) if booleans else {}
    return {s.name: (steps.reading_value(readings[s.name], s), readings[s.name].state) for s in booleans}


def rule_choices(case: Any, specs: list[Any]) -> dict[str, Any]:
    from medreckon.bench.strategies import extract_steps as steps

    settled, defaulted = steps.phrased_choices(case, specs)
    out = {name: value for name, (value, _) in settled.items()}
    out |= {name: next(s.default for s in specs if s.name == name) for name in defaulted}
    return out


def evaluate_case(case: Any, reader: Any) -> list[dict[str, Any]] | None:
    got = _truths(case)
    if got is None:
        return None
    calc, base, specs = got
    booleans = [s for s in specs if s.kind == "boolean"]
    graded = [s for s in specs if s.kind == "choice" and s.name not in ("sex", "race")]
    rules = rule_findings(case, booleans)
    learned = reader.read(case.note, calc)
    rows = []
    for s in booleans:
        truth = bool(base.get(s.name))
        rule_value, state = rules[s.name]
        mine = learned.get(s.name)
        values = {"rules": rule_value, "learned": mine.value if mine else None}
        values["rules+learned"] = rule_value if state != "not_mentioned" else values["learned"]
        values["learned+rules"] = values["learned"] if mine is not None and mine.evidence else rule_value
        rows.append({"case": case.id, "calculator": calc.id, "field": s.name, "kind": "finding", "truth": truth,
                     **{k: (bool(v) if v is not None else False) == truth for k, v in values.items()},
                     "values": {k: v for k, v in values.items()},
                     "probability": mine.probability if mine else None,
                     "evidence": [e.text for e in mine.evidence] if mine else []})
    ruled = rule_choices(case, graded)
    for s in graded:
        truth = base.get(s.name)
        mine = learned.get(s.name)
        learned_value = mine.value if mine and mine.value is not None else s.default
        values = {"rules": ruled.get(s.name), "learned": learned_value}
        values["rules+learned"] = values["rules"] if values["rules"] is not None else learned_value
        values["learned+rules"] = learned_value if mine is not None and mine.value is not None else values["rules"]
        rows.append({"case": case.id, "calculator": calc.id, "field": s.name, "kind": "choice", "truth": truth,
                     **{k: v == truth for k, v in values.items()}, "values": values,
                     "probability": mine.probability if mine else None,
                     "evidence": [e.text for e in mine.evidence] if mine else []})
    return rows


def summarise(rows: list[dict[str, Any]]) -> dict[str, Any]:
    from medreckon.bench.analysis.stats import mcnemar_exact

    out: dict[str, Any] = {}
    for kind in ("finding", "choice"):
        part = [r for r in rows if r["kind"] == kind]
        out[kind] = {"n": len(part), **{k: sum(r[k] for r in part) for k in READERS}}
        out[kind]["mcnemar_vs_rules"] = {
            k: {"only_this_right": sum(r[k] and not r["rules"] for r in part),
                "only_rules_right": sum(r["rules"] and not r[k] for r in part),
                "p": mcnemar_exact(sum(r[k] and not r["rules"] for r in part), sum(r["rules"] and not r[k] for r in part))}
            for k in READERS[1:]}
    cases: dict[str, dict[str, bool]] = collections.defaultdict(lambda: dict.fromkeys(READERS, True))
    for r in rows:
        for k in READERS:
            cases[r["case"]][k] &= r[k]
    out["case"] = {"n": len(cases), **{k: sum(c[k] for c in cases.values()) for k in READERS}}
    out["case"]["mcnemar_vs_rules"] = {
        k: {"only_this_right": sum(c[k] and not c["rules"] for c in cases.values()),
            "only_rules_right": sum(c["rules"] and not c[k] for c in cases.values()),
            "p": mcnemar_exact(sum(c[k] and not c["rules"] for c in cases.values()),
                               sum(c["rules"] and not c[k] for c in cases.values()))} for k in READERS[1:]}
    per_calc: dict[str, collections.Counter] = collections.defaultdict(collections.Counter)
    for r in rows:
        per_calc[r["calculator"]]["n"] += 1
        for k in READERS:
            per_calc[r["calculator"]][k] += r[k]
    out["per_calculator"] = {k: dict(v) for k, v in sorted(per_calc.items())}
    return out


def markdown(summary: dict[str, Any], title: str) -> str:
    lines = [f"# {title}", "", "| level | n | " + " | ".join(READERS) + " |", "|---|---:|" + "---:|" * len(READERS)]
    for level in ("finding", "choice", "case"):
        s = summary[level]
        lines.append(f"| {level} | {s['n']} | " + " | ".join(f"{s[k]} ({100 * s[k] / max(1, s['n']):.1f}%)" for k in READERS) + " |")
    lines += ["", "McNemar against the rules (only this right / only the rules right, exact p):", ""]
    for level in ("finding", "choice", "case"):
        for k, m in summary[level]["mcnemar_vs_rules"].items():
            lines.append(f"- {level}, {k}: {m['only_this_right']} / {m['only_rules_right']}, p = {m['p']:.3g}")
    lines += ["", "| calculator | n | " + " | ".join(READERS) + " |", "|---|---:|" + "---:|" * len(READERS)]
    for calc, c in summary["per_calculator"].items():
        lines.append(f"| {calc} | {c['n']} | " + " | ".join(str(c.get(k, 0)) for k in READERS) + " |")
    return "\n".join(lines) + "\n"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("which", choices=["design", "heldout"])
    ap.add_argument("--frozen", default=None, help="heldout: the sha256 of the pinned model.onnx (its committed manifest)")
    ap.add_argument("--model", default=None, help="artifact folder (default: the pinned model, built into the cache)")
    ap.add_argument("--json", default=None)
    ap.add_argument("--markdown", default=None)
    ap.add_argument("--errors", type=int, default=0, help="print this many findings the learned reader gets wrong")
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--limit", type=int, default=None, help="only the first N cases (a quick check that it runs)")
    args = ap.parse_args()

    from medreckon.reading.learned.model import CriterionModel
    from medreckon.reading.learned.reader import LearnedReader

    model = CriterionModel(args.model, threads=args.threads)
    reader = LearnedReader(model)
    rows, skipped = [], 0
    if args.which == "heldout":
        if not args.frozen:
            raise SystemExit("heldout needs --frozen SHA256 (of the pinned model.onnx): the held-out data is read once")
        frozen(args.frozen, model)
    cases = (design_cases() if args.which == "design" else held_out_cases())[:args.limit]
    for i, case in enumerate(cases):
        got = evaluate_case(case, reader)
        if got is None:
            skipped += 1
            continue
        rows += got
        if i % 50 == 0:
            print(f"{i}/{len(cases)} cases", file=sys.stderr, flush=True)
    summary = {"model": model.version, "cases_skipped": skipped, **summarise(rows)}
    data = ("design data (vignettes v1-v10, seeds 0-6)" if args.which == "design"
            else "held-out data (vignettes v11-v14, seed 8)")
    title = f"Learned criterion reader ({model.version}) against the rules, {data}"
    print(markdown(summary, title))
    if args.json:
        Path(args.json).write_text(json.dumps({"summary": summary, "rows": rows}, indent=1) + "\n")
    if args.markdown:
        Path(args.markdown).write_text(markdown(summary, title))
    for r in [r for r in rows if not r["learned"]][:args.errors]:
        print(json.dumps({k: r[k] for k in ("case", "calculator", "field", "truth", "values", "probability", "evidence")}))


if __name__ == "__main__":
    main()
