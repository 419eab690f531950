"""Issue 17's tables, from the command line.

    python benchmarks/reading_tables.py rules --seed 1 --per-calculator 3 [--markdown FILE]
    python benchmarks/reading_tables.py summary runs/reading-3pc-seed1 zero_shot_cot extract NEW_ARM \
        [--tuned 0:2 --tuned 1:3] [--markdown FILE]
    python benchmarks/reading_tables.py summary runs round1=runs/reading-3pc-seed2-round1/NEW_ARM \
        round3=runs/reading-3pc-seed2/NEW_ARM   # arms of different directories, paired
    python benchmarks/reading_tables.py vignettes runs round3=runs/reading-vignettes-v34-round3/NEW_ARM \
        round4=runs/reading-vignettes-round4/NEW_ARM [--held-out-from 96] [--markdown FILE]

`rules`: the rule-based readers alone, no model, against MedCalc-Bench's own entities: how often
the reader (medspaCy ConText over each finding's synonyms) gets a yes/no finding right, how often
the quantity scanner's best candidate is the entity's value (and whether any candidate is), how
often a *named* best candidate (`extract:candidates=first`) is right, how often a graded choice's
declared phrases settle it and rightly (`fields.NotePhrases`), and the sex read by rules.
Each entity is compared after the calculator has normalised both (units converted); a finding the
reader leaves out counts as the calculator's default (absent). Rows whose entities the calculator
cannot take are skipped.

`summary`: each arm's accuracy on equation-based and rule-based calculators and overall, under
v1.0's and the corrected labels, on every case and on the cases outside the samples tuned on; exact
McNemar of the last arm against each other one; requests, tokens and seconds per case, and the
share of cases answered without a model request. Only the cases every named arm attempted are
counted (the comparison is paired). MedCalc-Bench categories lab, physical, date and dosage are
equation-based; risk, severity and diagnosis are rule-based. Seconds per case: model time as the
attempts recorded it, and wall time as the spacing of consecutive stored attempts (a run stores
one attempt at a time; the first attempt, which includes loading the model, and gaps over 10
minutes, a paused run, are left out). Compare seconds only between runs made on a quiet machine.

`vignettes`: each arm on the vignettes (tests/data/vignettes): all, those the reading code was
tuned on (v1 and v2, rows 1-95; round 3 on the first two of each calculator, round 4 on all) and
those held out (v3 and v4, rows 96-125, written apart from the reading code before round 4 ran),
per calculator; the last arm against each other, paired (McNemar).

`calibrate`: fit the reading's confidence table (src/medreckon/reading/calibration.json) on design
runs of `extract` (their traces' readings, every input and answer checked against the dataset's):
inputs by what settled them, the case's isotonic fit, the review threshold for 90% right on the
answered design cases; writes the table (`--out`) and its reliability (`--markdown`).

`selective`: arms ranked by the reading's confidence: AURC, accuracy at 50/80/100% coverage and at the
review threshold, the risk-coverage curve (`--svg`), the confidences' reliability on these cases;
the last arm against each other, paired (McNemar). Only the cases every arm attempted count.

`rules` and `summary` need the shared data; `rules` needs the `[reading]` extra.
"""

from __future__ import annotations

import argparse
import collections
import datetime
import statistics
from pathlib import Path
from typing import Any

from medreckon.bench import datasets
from medreckon.bench.analysis.arms import case_key
from medreckon.bench.analysis.scoring import is_correct
from medreckon.bench.analysis.stats import mcnemar_exact, wilson
from medreckon.bench.calculation import calculator_for_case, case_options
from medreckon.bench.runs.arms import load_arm
from medreckon.bench.runs.store import Store
from medreckon.calculators.medcalc_bench import to_inputs
from medreckon.reading.choices import chosen, matches
from medreckon.reading.demographics import read_sex
from medreckon.reading.findings import read_findings, reading_value
from medreckon.reading.inputs import read_inputs
from medreckon.reading.quantities import as_input, candidate_fields, first_named_mentions


def _normalised(calc: Any, inputs: dict[str, Any], name: str) -> Any:
    try:
        return calc.calculate(inputs).inputs.get(name)
    except Exception:  # noqa: BLE001 - an input the calculator rejects is no match
        return None


def _same(a: Any, b: Any) -> bool:
    return a is not None and b is not None and abs(a - b) <= 0.02 * abs(b) + 1e-9


def measure(seed: int, per_calculator: int) -> dict[str, collections.Counter]:
    cases = datasets.load_cases("medcalc-bench", subset="medrac_clean_940", per_calculator=per_calculator, seed=seed)
    out = {k: collections.Counter() for k in ("findings", "choices", "quantities", "sex")}
    for case in cases:
        calc = calculator_for_case(case)
        try:
            gold = {**to_inputs(calc, case.entities), **case_options(calc, case)}
            base = calc.calculate(gold).inputs
        except Exception:  # noqa: BLE001 - entities the calculator cannot take: not comparable
            out["findings"]["skipped rows"] += 1
            continue
        specs = read_inputs(calc)
        booleans = [s for s in specs if s.kind == "boolean"]
        readings = read_findings(case.note, booleans) if booleans else {}
        for s in booleans:
            truth = bool(base.get(s.name))
            value = reading_value(readings[s.name], s)
            said = bool(value) if value is not None else False
            out["findings"]["n"] += 1
            out["findings"]["right"] += said == truth
            out["findings"]["missed (false negative)"] += truth and not said
            out["findings"]["false positive"] += said and not truth
        phrased = [s for s in specs if s.kind == "choice" and s.phrases]
        for s in phrased:
            value = chosen(s.phrases, matches(case.note, s.phrases))
            if value is None or value not in s.choices:
                continue
            out["choices"]["read"] += 1
            out["choices"]["read and right"] += value == base.get(s.name)
        out["choices"]["n"] += len(phrased)
        quantities = [s for s in specs if s.kind == "quantity" and gold.get(s.name) is not None]
        candidates = candidate_fields(case.note, quantities)
        named = {n: m for n, (m, _) in first_named_mentions(case.note, quantities).items()}
        for s in quantities:
            truth = base.get(s.name)
            values = [_normalised(calc, {**gold, s.name: as_input(m, s.units)}, s.name)
                      for m in candidates.get(s.name, [])]
            out["quantities"]["n"] += 1
            out["quantities"]["best candidate right"] += bool(values) and _same(values[0], truth)
            out["quantities"]["some candidate right"] += any(_same(v, truth) for v in values)
            out["quantities"]["no candidate"] += not values
            if s.name in named:
                out["quantities"]["named (settled by candidates=first)"] += 1
                out["quantities"]["named and right"] += _same(
                    _normalised(calc, {**gold, s.name: as_input(named[s.name], s.units)}, s.name), truth)
        sex = case.entities.get("sex")
        if isinstance(sex, str):
            got = read_sex(case.note)
            out["sex"]["n"] += 1
            out["sex"]["right"] += got == sex.lower()
            out["sex"]["not read"] += got is None
    return out


def render(results: dict[str, collections.Counter], seed: int, per_calculator: int) -> str:
    lines = [f"# The rule-based readers alone (clean-940, {per_calculator} per calculator, seed {seed})", "",
             f"`python benchmarks/reading_tables.py rules --seed {seed} --per-calculator {per_calculator}`", "",
             "| reader | measure | count | share |", "|---|---|---:|---:|"]
    for reader, counts in results.items():
        n = counts.get("n", 0)
        for key, value in counts.items():
            if key != "n":
                lines.append(f"| {reader} | {key} | {value} | {100 * value / n:.1f}% |" if n and key != "skipped rows"
                             else f"| {reader} | {key} | {value} | |")
        lines.append(f"| {reader} | n | {n} | |")
    return "\n".join(lines) + "\n"


EQUATION = {"lab", "physical", "date", "dosage"}
KINDS = ("equation", "rule-based", "all")


def _kind(case: Any, kind: str) -> bool:
    return kind == "all" or (case.category in EQUATION) == (kind == "equation")


def _pct(k: int, n: int) -> str:
    if not n:
        return "–"
    lo, hi = wilson(k, n)
    return f"{k}/{n} {100 * k / n:.1f}% ({100 * lo:.1f}–{100 * hi:.1f})"


def _run_dir(root: str, arm: str) -> tuple[str, Path]:
    """(label, run directory) of an arm named NAME (a directory under root) or LABEL=DIR (any run
    directory, e.g. the same arm run by another commit)."""
    label, sep, path = arm.partition("=")
    return (label, Path(path)) if sep else (arm, Path(root) / arm)


def _rows(run: Path) -> list[Any]:
    """The (case, outcome) rows of a run directory, or of several comma-separated (one arm run in
    parts, e.g. on v1-v2 and later on v3-v4)."""
    return [r for part in str(run).split(",") for r in load_arm(Path(part).parent, Path(part).name)[0]]


def _discordant(new: dict[Any, bool], old: dict[Any, bool], keys: list[Any]) -> tuple[int, int]:
    """(right only with new, right only with old) on `keys`: McNemar's discordant pairs."""
    return sum(new[k] and not old[k] for k in keys), sum(old[k] and not new[k] for k in keys)


def wall_seconds(run: Path) -> dict[str, float]:
    """Per case id, the seconds since the attempt stored before it (see the module's docstring)."""
    with Store(run) as store:
        stamped = sorted((datetime.datetime.fromisoformat(a.created_at), a.case_id) for a in store.attempts())
    gaps = {cid: (t - before).total_seconds()
            for (before, _), (t, cid) in zip(stamped, stamped[1:], strict=False)}
    return {cid: g for cid, g in gaps.items() if g < 600}


def summary(root: str, specs: list[str], design: set[str]) -> str:
    runs = dict(_run_dir(root, spec) for spec in specs)
    arms = list(runs)
    loaded = {a: {case_key(c): (c, o) for c, o in _rows(run)} for a, run in runs.items()}
    common = set.intersection(*(set(rows) for rows in loaded.values()))
    new = arms[-1]
    out = [f"Cases attempted by every arm: {len(common)} ({len([k for k in common if k[2] in design])} of "
           "them in a sample tuned on).", ""]
    for labels in ("v1.0", "corrected"):
        scored, right = {}, {}
        for a in arms:
            rows = [loaded[a][k] for k in sorted(common)]
            scored[a] = {case_key(c): (c, bool(is_correct(o, c))) for c, o in datasets.with_labels(rows, labels)}
            right[a] = {k: ok for k, (_, ok) in scored[a].items()}
        for subset in ("all cases", "outside the samples tuned on"):
            keys = [k for k in sorted(set.intersection(*(set(s) for s in scored.values())))
                    if subset == "all cases" or k[2] not in design]
            out += [f"### {labels} labels, {subset}", "",
                    "| arm | " + " | ".join(KINDS) + f" | McNemar {new} vs arm (all): only new / only arm, p |",
                    "|---|" + "---:|" * (len(KINDS) + 1)]
            for a in arms:
                cells = []
                for kind in KINDS:
                    ks = [k for k in keys if _kind(scored[a][k][0], kind)]
                    cells.append(_pct(sum(right[a][k] for k in ks), len(ks)))
                if a == new:
                    test = ""
                else:
                    b, c = _discordant(right[new], right[a], keys)
                    test = f"{b} / {c}, p = {mcnemar_exact(b, c):.2g}"
                out.append(f"| {a} | " + " | ".join(cells) + f" | {test} |")
            out.append("")
    out += ["### Cost per case (all cases)", "",
            "| arm | requests (mean) | no request | prompt tokens (mean) | completion tokens (mean) | "
            "model seconds (median / mean) | wall seconds (median / mean) |", "|---|---:|---:|---:|---:|---:|---:|"]
    for a in arms:
        outcomes = [loaded[a][k][1] for k in sorted(common)]
        calls = [o.model_calls for o in outcomes]
        gaps = wall_seconds(runs[a])
        secs, wall = [o.latency_s for o in outcomes], [gaps[k[2]] for k in sorted(common) if k[2] in gaps]
        out.append(f"| {a} | {statistics.mean(calls):.2f} | {sum(c == 0 for c in calls)}/{len(calls)} | "
                   f"{statistics.mean(o.usage.prompt_tokens for o in outcomes):.0f} | "
                   f"{statistics.mean(o.usage.completion_tokens for o in outcomes):.0f} | "
                   f"{statistics.median(secs):.1f} / {statistics.mean(secs):.1f} | "
                   f"{statistics.median(wall):.1f} / {statistics.mean(wall):.1f} |")
    return "\n".join(out) + "\n"


def vignettes(root: str, specs: list[str], held_out_from: int) -> str:
    """Each arm on the vignettes: all, those the reading code was tuned on (rows before
    `held_out_from`: v1 and v2) and those held out (from it on: v3 and v4, written apart from the
    reading code), per calculator; with several arms, the last against each other, paired on the
    vignettes both attempted (McNemar)."""
    runs = dict(_run_dir(root, spec) for spec in specs)
    right: dict[str, dict[str, bool]] = {}
    out = []
    for arm, run in runs.items():
        rows = _rows(run)
        right[arm] = {c.id: bool(is_correct(o, c)) for c, o in rows}
        held = [k for k in right[arm] if int(k) >= held_out_from]
        parts = [("all", list(right[arm])), (f"tuned on (rows < {held_out_from})", [k for k in right[arm] if int(k) < held_out_from]),
                 (f"held out (rows ≥ {held_out_from})", held)]
        out += [f"### {arm}", "", "| vignettes | right |", "|---|---:|"]
        out += [f"| {name} | {_pct(sum(right[arm][k] for k in keys), len(keys))} |" for name, keys in parts if keys]
        by_calc: dict[Any, list[str]] = collections.defaultdict(list)
        names = {}
        for c, _ in rows:
            by_calc[c.calculator_id].append(c.id)
            names[c.calculator_id] = c.calculator_name
        out += ["", "| calculator | all | held out |", "|---|---:|---:|"]
        for calc_id, ids in sorted(by_calc.items()):
            kept = [k for k in ids if int(k) >= held_out_from]
            out.append(f"| {calc_id} · {names[calc_id]} | {sum(right[arm][k] for k in ids)}/{len(ids)} | "
                       f"{sum(right[arm][k] for k in kept)}/{len(kept)} |")
        out.append("")
    arms = list(runs)
    if len(arms) > 1:
        new = arms[-1]
        out += [f"### {new} against each arm, paired", "",
                "| arm | vignettes | arm right | new right | only new / only arm | McNemar p |", "|---|---|---:|---:|---:|---:|"]
        for a in arms[:-1]:
            common = sorted(set(right[a]) & set(right[new]), key=int)
            for name, keys in (("all both ran", common), ("held out", [k for k in common if int(k) >= held_out_from])):
                if not keys:
                    continue
                b, c = _discordant(right[new], right[a], keys)
                out.append(f"| {a} | {name} ({len(keys)}) | {sum(right[a][k] for k in keys)} | "
                           f"{sum(right[new][k] for k in keys)} | {b} / {c} | {mcnemar_exact(b, c):.2g} |")
        out.append("")
    return "\n".join(out) + "\n"


def calibrate(runs: list[str], out: str | None) -> str:
    import json

    from medreckon.bench.analysis.confidence_fit import examples_of
    from medreckon.bench.render.selective import calibration_markdown
    from medreckon.reading.calibration import fit

    examples = examples_of([r for run in runs for r in _rows(Path(run))])
    table = fit(examples, fitted_on=[Path(r).as_posix() for r in runs])
    if out:
        Path(out).write_text(json.dumps(table, indent=1) + "\n", encoding="utf-8")
    return "\n".join([f"# The reading's confidence, fitted on {len(examples)} design readings", "",
                      f"`python benchmarks/reading_tables.py calibrate {' '.join(runs)}`", "",
                      calibration_markdown(table, examples)])


def selective_table(root: str, specs: list[str], svg: str | None) -> str:
    from medreckon.bench.analysis.selective import confidence_of, risk_coverage
    from medreckon.bench.render.selective import curve_svg, reliability_markdown, selective_markdown

    arms = [(label, _rows(run)) for label, run in (_run_dir(root, s) for s in specs)]
    thresholds = [t for _, rows in arms for _, o in rows if (t := confidence_of(o.trace)[1]) is not None]
    threshold = max(set(thresholds), key=thresholds.count) if thresholds else None
    out = [f"# Selective prediction: {', '.join(label for label, _ in arms)}", "",
           f"`python benchmarks/reading_tables.py selective {root} {' '.join(specs)}`", "",
           selective_markdown(arms, threshold=threshold)]
    for label, rows in arms:
        points = [(confidence_of(o.trace)[0], is_correct(o, c, "medcalc_bench")) for c, o in rows]
        if any(p is not None for p, _ in points):
            out += [f"Reliability of {label}'s confidence on these cases:", "", reliability_markdown(points)]
    if svg:
        curves = {label: risk_coverage([(confidence_of(o.trace)[0], is_correct(o, c, "medcalc_bench"))
                                        for c, o in rows]) for label, rows in arms}
        Path(svg).write_text(curve_svg(curves), encoding="utf-8")
    return "\n".join(out)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="table", required=True)
    rules = sub.add_parser("rules", help="the rule-based readers alone against the entities")
    rules.add_argument("--seed", type=int, default=1)
    rules.add_argument("--per-calculator", type=int, default=3)
    summary_ = sub.add_parser("summary", help="the arms by kind, both label sets, McNemar, cost")
    summary_.add_argument("root")
    summary_.add_argument("arms", nargs="+", help="arm directories under ROOT, or LABEL=DIR for a run directory elsewhere; the last is compared with each other")
    summary_.add_argument("--tuned", action="append", default=None, metavar="SEED:PER_CALCULATOR",
                          help="a sample tuned on (repeatable; default 0:2, the design sample)")
    vig = sub.add_parser("vignettes", help="arms on the vignettes: all, tuned on, held out, paired")
    vig.add_argument("root")
    vig.add_argument("arms", nargs="+", help="arm directories under ROOT, or LABEL=DIR[,DIR...]; the last is compared with each other")
    vig.add_argument("--held-out-from", type=int, default=96,
                     help="the first row held out from tuning (default 96: v3 and v4)")
    cal = sub.add_parser("calibrate", help="fit the reading's confidence on design runs")
    cal.add_argument("runs", nargs="+", help="run directories of extract (the design sample)")
    cal.add_argument("--out", help="where to write the table (src/medreckon/reading/calibration.json)")
    sel = sub.add_parser("selective", help="arms ranked by the reading's confidence, paired")
    sel.add_argument("root")
    sel.add_argument("arms", nargs="+", help="arm directories under ROOT, or LABEL=DIR[,DIR...]")
    sel.add_argument("--svg", help="write the risk-coverage curves here")
    for p in (rules, summary_, vig, cal, sel):
        p.add_argument("--markdown")
    args = parser.parse_args()
    if args.table == "calibrate":
        text = calibrate(args.runs, args.out)
    elif args.table == "selective":
        text = selective_table(args.root, args.arms, args.svg)
    elif args.table == "rules":
        text = render(measure(args.seed, args.per_calculator), args.seed, args.per_calculator)
    elif args.table == "vignettes":
        text = vignettes(args.root, args.arms, args.held_out_from)
    else:
        design = {c.id for spec in args.tuned or ["0:2"]
                  for c in datasets.load_cases("medcalc-bench", subset="medrac_clean_940",
                                               per_calculator=int(spec.split(":")[1]), seed=int(spec.split(":")[0]))}
        text = summary(args.root, args.arms, design)
    print(text)
    if args.markdown:
        with open(args.markdown, "w", encoding="utf-8") as f:
            f.write(text)


if __name__ == "__main__":
    main()
