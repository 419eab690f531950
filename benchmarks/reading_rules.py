"""The rule-based readers alone, no model, against MedCalc-Bench's own entities: how often the
reader (medspaCy ConText over each finding's synonyms) gets a yes/no finding right, how often
the quantity scanner's best candidate is the entity's value (and whether any candidate is), how
often a *named* best candidate (`extract:candidates=first`) is right, and the sex read by rules.

    python benchmarks/reading_rules.py --seed 1 --per-calculator 3 [--markdown FILE]

Each entity is compared after the calculator has normalised both (units converted); a finding the
reader leaves out counts as the calculator's default (absent). Rows whose entities the calculator
cannot take are skipped. Needs the `[reading]` extra and the shared data.
"""

from __future__ import annotations

import argparse
import collections
from typing import Any

from medreckon.bench import datasets
from medreckon.bench.calculation import asked_inputs, calculator_for_case, case_options
from medreckon.bench.reading.demographics import read_sex
from medreckon.bench.reading.quantities import as_input
from medreckon.bench.strategies import extract_steps as steps
from medreckon.calculators.medcalc_bench import to_inputs


def _normalised(calc: Any, inputs: dict[str, Any], name: str) -> Any:
    try:
        return calc.calculate(inputs).inputs.get(name)
    except Exception:  # noqa: BLE001 - an input the calculator rejects is no match
        return None


def _same(a: Any, b: Any) -> bool:
    return a is not None and b is not None and abs(a - b) <= 0.02 * abs(b) + 1e-9


def measure(seed: int, per_calculator: int) -> dict[str, collections.Counter]:
    cases = datasets.load_cases("medcalc-bench", subset="medrac_clean_940", per_calculator=per_calculator, seed=seed)
    out = {k: collections.Counter() for k in ("findings", "quantities", "sex")}
    for case in cases:
        calc = calculator_for_case(case)
        try:
            gold = {**to_inputs(calc, case.entities), **case_options(calc, case)}
            base = calc.calculate(gold).inputs
        except Exception:  # noqa: BLE001 - entities the calculator cannot take: not comparable
            out["findings"]["skipped rows"] += 1
            continue
        specs = asked_inputs(calc)
        booleans = [s for s in specs if s.kind == "boolean"]
        readings = steps.read_findings(case, booleans) if booleans else {}
        for s in booleans:
            truth = bool(base.get(s.name))
            value = steps.reading_value(readings[s.name], s)
            said = bool(value) if value is not None else False
            out["findings"]["n"] += 1
            out["findings"]["right"] += said == truth
            out["findings"]["missed (false negative)"] += truth and not said
            out["findings"]["false positive"] += said and not truth
        quantities = [s for s in specs if s.kind == "quantity" and gold.get(s.name) is not None]
        candidates = steps.candidate_fields(case, quantities)
        named = steps.first_named_mentions(case, quantities)
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
             f"`python benchmarks/reading_rules.py --seed {seed} --per-calculator {per_calculator}`", "",
             "| reader | measure | count | share |", "|---|---|---:|---:|"]
    for reader, counts in results.items():
        n = counts.get("n", 0)
        for key, value in counts.items():
            if key != "n":
                lines.append(f"| {reader} | {key} | {value} | {100 * value / n:.1f}% |" if n and key != "skipped rows"
                             else f"| {reader} | {key} | {value} | |")
        lines.append(f"| {reader} | n | {n} | |")
    return "\n".join(lines) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--per-calculator", type=int, default=3)
    parser.add_argument("--markdown")
    args = parser.parse_args()
    text = render(measure(args.seed, args.per_calculator), args.seed, args.per_calculator)
    print(text)
    if args.markdown:
        with open(args.markdown, "w", encoding="utf-8") as f:
            f.write(text)


if __name__ == "__main__":
    main()
