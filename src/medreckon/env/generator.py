"""Synthetic cases whose answers are right by construction.

For each case: draw the calculator's inputs jointly inside clinical ranges
(`distributions`), write them as a note would (units, precision, the difficulty knobs), compute
the answer from exactly what is written, and reject the draw when the calculator refuses it, a
value is implausible, or the output leaves the calculator's plausible range. Cases are
stratified over calculators (case i goes to calculator i mod m), and case k of a calculator
depends only on (seed, calculator, k), so adding calculators never changes the others' cases.

A case is a JSON-ready dict (`CASE_KEYS`); `recompute` re-derives its answer from its facts.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..calculators.registry import all_calculators, get
from ..calculators.spec import Calculator, Result
from ..errors import CalculatorInputError
from ..jsonable import jsonable
from .difficulty import Difficulty, difficulty
from .distributions import GenerationError, Sampler, display_unit, draw, samplers, written
from .render import Fact, missing_facts, question, render_note

GENERATOR_VERSION = "1"
CASE_KEYS = ("id", "calculator", "calculator_name", "medcalc_bench_id", "category", "output_type", "unit",
             "note", "question", "rule_text", "facts", "inputs", "answer", "value", "difficulty", "seed", "index",
             "generator_version")
_NOT_LABS = {"age", "weight", "height", "sex", "target_bmi", "cycle_length", "dose", "gcs"}
MAX_TRIES = 200


@dataclass
class Stats:
    """Per calculator: cases accepted and draws rejected, by reason."""

    accepted: Counter[str] = field(default_factory=Counter)
    rejected: dict[str, Counter[str]] = field(default_factory=dict)
    skipped: dict[str, str] = field(default_factory=dict)  # left out of "all calculators": why

    def reject(self, calc: str, reason: str) -> None:
        self.rejected.setdefault(calc, Counter())[reason] += 1

    def rejection_rate(self, calc: str) -> float:
        bad = sum(self.rejected.get(calc, Counter()).values())
        total = bad + self.accepted[calc]
        return bad / total if total else 0.0

    def to_dict(self) -> dict[str, Any]:
        calcs = sorted(set(self.accepted) | set(self.rejected))
        return {c: {"accepted": self.accepted[c], "rejected": sum(self.rejected.get(c, Counter()).values()),
                    "rejection_rate": round(self.rejection_rate(c), 4),
                    "reasons": dict(self.rejected.get(c, Counter()).most_common())} for c in calcs} | {
            c: {"accepted": 0, "rejected": None, "rejection_rate": None, "skipped": why}
            for c, why in sorted(self.skipped.items())}


def resolve_calculators(names: Iterable[str | int] | str | None) -> list[Calculator]:
    """Calculators by id, alias, name or MedCalc-Bench ID (all when none); unknown names raise
    CalculatorInputError with the closest matches."""
    if names is None:
        return list(all_calculators())
    items = [n.strip() for n in names.split(",")] if isinstance(names, str) else list(names)
    chosen: list[Calculator] = []
    for item in items:
        if item in ("", None):
            continue
        calc = get(item)
        if calc not in chosen:
            chosen.append(calc)
    return sorted(chosen, key=lambda c: c.id) or list(all_calculators())


def rejection_reason(calc: Calculator, outcome: Result | CalculatorInputError) -> str | None:
    """Why a computed draw is not a case, or None when it is one."""
    if isinstance(outcome, CalculatorInputError):
        issue = outcome.issues[0] if outcome.issues else None
        return f"input_error:{issue.field if issue else 'inputs'}"
    implausible = [w.field for w in outcome.warnings if w.code == "implausible"]
    if implausible:
        return f"implausible_input:{implausible[0]}"
    value = outcome.value
    if calc.output.type in ("decimal", "integer"):
        if not isinstance(value, int | float) or value != value or value in (float("inf"), float("-inf")):
            return "non_finite_output"
        lo, hi = calc.output.range or (float("-inf"), float("inf"))
        if not lo <= value <= hi:
            return "implausible_output"
    return None


def _facts(specs: Sequence[Sampler] | Mapping[str, Sampler], values: Mapping[str, Any], knobs: Difficulty,
           rng: random.Random) -> list[Fact]:
    facts = []
    by_name = specs if isinstance(specs, Mapping) else {s.name: s for s in specs}
    for name, value in values.items():
        s = by_name[name]
        kind = s.spec.kind
        if kind == "quantity":
            shown, unit = written(s, value, display_unit(s, rng, knobs.unit_variety))
            later = None
            if name not in _NOT_LABS and rng.random() < knobs.time_points:
                later, _ = written(s, round(rng.uniform(s.low, s.high), s.decimals), unit)  # type: ignore[arg-type]
                if later == shown:
                    later = None
            facts.append(Fact(name, kind, shown, unit, later))
        elif kind == "boolean":
            if value is False and s.spec.default is False and rng.random() < knobs.missing_findings:
                continue  # not mentioned: the calculator's default (absent) applies
            facts.append(Fact(name, kind, value))
        elif kind == "date":
            facts.append(Fact(name, kind, value.isoformat()))
        else:
            facts.append(Fact(name, kind, value))
    return facts


def _inputs(facts: Iterable[Fact]) -> dict[str, Any]:
    return {f.name: f.calculator_value() for f in facts}


def _case(calc: Calculator, k: int, seed: int, knobs: Difficulty, facts: list[Fact], inputs: dict[str, Any],
          result: Result, rng: random.Random, knobs_dict: dict[str, Any]) -> dict[str, Any]:
    time_points = any(f.later is not None for f in facts)
    return {
        "id": f"{calc.id}-s{seed}-{k}",
        "calculator": calc.id,
        "calculator_name": calc.name,
        "medcalc_bench_id": calc.medcalc_bench.id if calc.medcalc_bench else None,
        "category": calc.kind,
        "output_type": calc.output.type,
        "unit": calc.output.unit,
        "note": render_note(calc, facts, knobs, rng),
        "question": question(calc, time_points),
        "rule_text": calc.formula if knobs.rule_text and calc.formula else None,
        "facts": [f.to_dict() for f in facts],
        "inputs": inputs,  # what the answer was computed from
        "answer": jsonable(result.rounded),
        "value": jsonable(result.value),
        "difficulty": dict(knobs_dict),
        "seed": seed,
        "index": k,
        "generator_version": GENERATOR_VERSION,
    }


PREFLIGHT = 32  # cases each calculator must yield before "all calculators" keeps it
MAX_PREFLIGHT_REJECTION = 0.95


class Generator:
    """Cases for a set of calculators under one difficulty and seed (see the module docstring)."""

    def __init__(self, calculators: Iterable[str | int] | str | None = None, *, seed: int = 0,
                 level: str | Difficulty | dict[str, Any] | None = "easy",
                 ranges: Mapping[str, Mapping[str, tuple[float, float]]] | None = None, max_tries: int = MAX_TRIES):
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise ValueError(f"seed must be a whole number, got {seed!r}")
        if isinstance(max_tries, bool) or not isinstance(max_tries, int) or max_tries < 1:
            raise ValueError(f"max_tries must be a whole number >= 1, got {max_tries!r}")
        self.calculators = resolve_calculators(calculators)
        self.seed, self.knobs, self.max_tries = seed, difficulty(level), max_tries
        self._knobs_dict = self.knobs.to_dict()
        ranges = dict(ranges or {})
        unknown = [name for name in ranges if get(name) not in self.calculators]
        if unknown:
            raise GenerationError(f"ranges name calculators not generated: {', '.join(unknown)}")
        self._samplers = {c.id: samplers(c, ranges.get(c.id) or next(
            (r for n, r in ranges.items() if get(n) is c), {})) for c in self.calculators}
        self.stats = Stats()
        # the preflight's cases, by calculator and k: generate() hands them out instead of drawing
        # them again (with the rejections each took, so the stats come out as if drawn anew)
        self._preflight: dict[str, dict[int, tuple[dict[str, Any], list[str]]]] = {}
        if calculators is None:
            # "all calculators": one whose inputs the generic distributions cannot meet (an age
            # rule inside the calculator, a paediatric size) is left out and said so in the
            # stats, rather than failing the whole run; a calculator named explicitly still fails.
            skipped: dict[str, str] = {}
            for c in self.calculators:
                try:
                    made = self._drawn(c, list(range(PREFLIGHT)))
                except GenerationError as exc:
                    skipped[c.id] = str(exc).split(";")[0]
                    continue
                # a case fails after MAX_TRIES straight rejections: at a 95% rejection rate that
                # is 1 in 28,000 cases; above it, runs of thousands of cases would fail
                if (rate := self.stats.rejection_rate(c.id)) > MAX_PREFLIGHT_REJECTION:
                    skipped[c.id] = f"{c.id}: {rate:.0%} of draws rejected (over {MAX_PREFLIGHT_REJECTION:.0%})"
                else:
                    self._preflight[c.id] = made
            self.calculators = [c for c in self.calculators if c.id not in skipped]
            self.stats = Stats(skipped=skipped)

    def case(self, calc: Calculator, k: int) -> dict[str, Any]:
        """Case k of one calculator; GenerationError after `max_tries` rejected draws."""
        return self._cases(calc, [k])[0]

    def _cases(self, calc: Calculator, ks: Sequence[int]) -> list[dict[str, Any]]:
        kept = self._preflight.get(calc.id)
        ready = {k: kept.pop(k) for k in ks if k in kept} if kept else {}
        if ready:  # cases the preflight drew: counted now, as they would be if drawn now
            for _, reasons in ready.values():
                self.stats.accepted[calc.id] += 1
                for reason in reasons:
                    self.stats.reject(calc.id, reason)
        if len(ready) < len(ks):
            ready |= self._drawn(calc, [k for k in ks if k not in ready])
        return [ready[k][0] for k in ks]

    def _drawn(self, calc: Calculator, ks: Sequence[int]) -> dict[int, tuple[dict[str, Any], list[str]]]:
        """Case k of `calc` for each k, with the reasons its rejected draws were rejected."""
        specs = self._samplers[calc.id]
        by_name = {s.name: s for s in specs}
        rngs = {k: random.Random(f"{self.seed}:{calc.id}:{k}") for k in ks}
        done: dict[int, tuple[dict[str, Any], list[str]]] = {}
        reasons_of: dict[int, list[str]] = {k: [] for k in ks}
        pending = list(ks)
        for _ in range(self.max_tries):
            if not pending:
                break
            candidates = []
            for k in pending:
                rng = rngs[k]
                values = draw(calc, specs, rng, finding_rate=self.knobs.finding_rate).values
                facts = _facts(by_name, values, self.knobs, rng)
                candidates.append((k, facts, _inputs(facts)))
            outcomes = calc.calculate_many((inputs for _, _, inputs in candidates), errors="return")
            pending = []
            for (k, facts, inputs), outcome in zip(candidates, outcomes, strict=True):
                reason = rejection_reason(calc, outcome)
                if reason is None:
                    self.stats.accepted[calc.id] += 1
                    done[k] = (_case(calc, k, self.seed, self.knobs, facts, inputs, outcome,  # type: ignore[arg-type]
                                     rngs[k], self._knobs_dict), reasons_of[k])
                else:
                    self.stats.reject(calc.id, reason)
                    reasons_of[k].append(reason)
                    pending.append(k)
        if pending:
            reasons = ", ".join(f"{r} ×{n}" for r, n in self.stats.rejected[calc.id].most_common(3))
            raise GenerationError(
                f"{calc.id}: no acceptable case in {self.max_tries} draws (rejected: {reasons}); widen or drop the "
                "input ranges given for it, or leave this calculator out")
        return done

    def generate(self, n: int) -> Iterator[dict[str, Any]]:
        """n cases, stratified: case i is case i // m of calculator i mod m (m calculators)."""
        if isinstance(n, bool) or not isinstance(n, int) or n < 0:
            raise ValueError(f"n must be a whole number >= 0, got {n!r}")
        m = len(self.calculators)
        chunk = 64 * m  # computed a chunk at a time, each calculator's cases as one batch
        for start in range(0, n, chunk):
            stop = min(n, start + chunk)
            per_calc: dict[int, list[int]] = {}
            for i in range(start, stop):
                per_calc.setdefault(i % m, []).append(i // m)
            made = {j: iter(self._cases(self.calculators[j], ks)) for j, ks in per_calc.items()}
            for i in range(start, stop):
                yield next(made[i % m])


def generate(n: int, calculators: Iterable[str | int] | str | None = None, *, seed: int = 0,
             level: str | Difficulty | dict[str, Any] | None = "easy", **kw: Any) -> list[dict[str, Any]]:
    """n cases (see `Generator`)."""
    return list(Generator(calculators, seed=seed, level=level, **kw).generate(n))


def recompute(cases: Iterable[Mapping[str, Any]]) -> list[str | None]:
    """For each case, None when its answer is re-derived from its facts and every fact is in its
    note, else the reason it is not. Cases of one calculator are computed as one batch."""
    cases = list(cases)
    out: list[str | None] = [None] * len(cases)
    groups: dict[str, list[int]] = {}
    for i, c in enumerate(cases):
        groups.setdefault(str(c.get("calculator")), []).append(i)
    for name, idx in groups.items():
        try:
            calc = get(name)
        except CalculatorInputError:
            for i in idx:
                out[i] = f"unknown calculator {name!r}"
            continue
        results = calc.calculate_many((cases[i].get("inputs") or {} for i in idx), errors="return")
        for i, res in zip(idx, results, strict=True):
            case = cases[i]
            if isinstance(res, CalculatorInputError):
                out[i] = f"the calculator refuses the facts: {str(res).splitlines()[0]}"
            elif jsonable(res.rounded) != case.get("answer"):
                out[i] = f"answer {case.get('answer')!r} but the facts give {jsonable(res.rounded)!r}"
            elif lost := missing_facts(str(case.get("note", "")), case.get("facts") or []):
                out[i] = f"the note does not state {', '.join(lost)}"
    return out
