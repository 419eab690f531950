"""Synthetic cases whose answers are right by construction.

For each case: draw the calculator's inputs jointly inside clinical ranges
(`distributions`), write them as a note would (units, precision, the difficulty knobs), compute
the answer from exactly what is written, and reject the draw when the calculator refuses it, a
value is implausible, or the output leaves the calculator's plausible range. Cases are
stratified over calculators: case i goes to calculator i mod m of the seed's order
(`stratified_order`: specialties in turn, so the first few cases span specialties, not the first
calculators of the alphabet), and case k of a calculator depends only on (seed, calculator, k),
so adding calculators never changes the others' cases.

A case is a JSON-ready dict (`CASE_KEYS`); `recompute` re-derives its answer from its facts.
"""

from __future__ import annotations

import multiprocessing
import random
from collections import Counter, deque
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

# 2: paediatric ages, scale items' own points, AllOrNone groups (140 of 140)
# 3: calculators taken in the seed's stratified order, not alphabetically (n < m spans specialties)
GENERATOR_VERSION = "3"
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

    def merge(self, other: Stats) -> None:
        self.accepted.update(other.accepted)
        for calc, reasons in other.rejected.items():
            self.rejected.setdefault(calc, Counter()).update(reasons)
        self.skipped |= other.skipped

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


def stratified_order(calculators: Sequence[Calculator], seed: int) -> list[Calculator]:
    """The order in which cases go round the calculators: the specialties in turn (in an order
    drawn from the seed), each time its next calculator (its calculators in an order drawn from
    the seed). The first n cases thus span min(n, number of specialties) specialties."""
    rng = random.Random(f"calculator order:{seed}")
    groups: dict[str, list[Calculator]] = {}
    for c in sorted(calculators, key=lambda c: c.id):
        groups.setdefault(c.specialty, []).append(c)
    queues = [groups[s] for s in sorted(groups)]
    rng.shuffle(queues)
    for q in queues:
        rng.shuffle(q)
    order: list[Calculator] = []
    while queues:
        order.extend(q.pop(0) for q in queues)
        queues = [q for q in queues if q]
    return order


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
# the preflight gives up on a calculator once this many draws are in and more than
# MAX_PREFLIGHT_REJECTION of them were rejected, instead of spending MAX_TRIES on each of its
# PREFLIGHT cases (6,400 draws for a calculator the generic distributions cannot meet)
PREFLIGHT_DRAWS = 400


class Generator:
    """Cases for a set of calculators under one difficulty and seed (see the module docstring).

    `workers` > 1 shares the calculators among that many processes; since case k of a calculator
    depends only on (seed, calculator, k), the cases and the stats are the same as with one.
    `verify`: re-derive each case from its written facts (`recompute`) before handing it out."""

    def __init__(self, calculators: Iterable[str | int] | str | None = None, *, seed: int = 0,
                 level: str | Difficulty | dict[str, Any] | None = "easy",
                 ranges: Mapping[str, Mapping[str, tuple[float, float]]] | None = None, max_tries: int = MAX_TRIES,
                 workers: int = 1, leave_out: bool | None = None, verify: bool = False):
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise ValueError(f"seed must be a whole number, got {seed!r}")
        if isinstance(max_tries, bool) or not isinstance(max_tries, int) or max_tries < 1:
            raise ValueError(f"max_tries must be a whole number >= 1, got {max_tries!r}")
        if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
            raise ValueError(f"workers must be a whole number >= 1, got {workers!r}")
        self.calculators = resolve_calculators(calculators)
        self.seed, self.knobs, self.max_tries, self.verify = seed, difficulty(level), max_tries, verify
        self._knobs_dict = self.knobs.to_dict()
        ranges = dict(ranges or {})
        unknown = [name for name in ranges if get(name) not in self.calculators]
        if unknown:
            raise GenerationError(f"ranges name calculators not generated: {', '.join(unknown)}")
        self.stats = Stats()
        # leave_out: drop a calculator the generic distributions cannot meet (the default for
        # "all calculators") rather than fail; workers are told so for their share
        leave_out = calculators is None if leave_out is None else leave_out
        self._workers: list[_Worker] = []
        self._closed = False
        if workers > 1 and len(self.calculators) > 1:
            self._start_workers(min(workers, len(self.calculators)), dict(ranges), leave_out)
            return
        self._samplers = {c.id: samplers(c, ranges.get(c.id) or next(
            (r for n, r in ranges.items() if get(n) is c), {})) for c in self.calculators}
        # the preflight's cases, by calculator and k: generate() hands them out instead of drawing
        # them again (with the rejections each took, so the stats come out as if drawn anew)
        self._preflight: dict[str, dict[int, tuple[dict[str, Any], list[str]]]] = {}
        if leave_out:
            # "all calculators": one whose inputs the generic distributions cannot meet (an age
            # rule inside the calculator, a paediatric size) is left out and said so in the
            # stats, rather than failing the whole run; a calculator named explicitly still fails.
            skipped: dict[str, str] = {}
            for c in self.calculators:
                # a case fails after MAX_TRIES straight rejections: at a 95% rejection rate that
                # is 1 in 28,000 cases; above it, runs of thousands of cases would fail
                try:
                    self._preflight[c.id] = self._drawn(c, list(range(PREFLIGHT)), give_up=True)
                except GenerationError as exc:
                    skipped[c.id] = str(exc).split(";")[0]
            self.calculators = [c for c in self.calculators if c.id not in skipped]
            self.stats = Stats(skipped=skipped)

    def case(self, calc: Calculator, k: int) -> dict[str, Any]:
        """Case k of one calculator; GenerationError after `max_tries` rejected draws."""
        return self._batch({calc.id: [k]})[calc.id][0]

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
        cases = [ready[k][0] for k in ks]
        if self.verify:  # re-derived from the written facts, as `recompute` does with a file
            for case, why in zip(cases, _recompute_one(calc.id, cases), strict=True):
                if why:
                    raise GenerationError(f"{case['id']} does not re-derive: {why}; please report it")
        return cases

    def _drawn(self, calc: Calculator, ks: Sequence[int], give_up: bool = False,
               ) -> dict[int, tuple[dict[str, Any], list[str]]]:
        """Case k of `calc` for each k, with the reasons its rejected draws were rejected.
        `give_up`: fail once PREFLIGHT_DRAWS draws are in and over MAX_PREFLIGHT_REJECTION of
        them were rejected (the preflight's rule for leaving a calculator out)."""
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
            if give_up:
                bad = sum(map(len, reasons_of.values()))
                if bad + len(done) >= PREFLIGHT_DRAWS and bad > MAX_PREFLIGHT_REJECTION * (bad + len(done)):
                    top = Counter(r for rs in reasons_of.values() for r in rs).most_common(3)
                    raise GenerationError(
                        f"{calc.id}: {bad / (bad + len(done)):.0%} of {bad + len(done)} draws rejected (over "
                        f"{MAX_PREFLIGHT_REJECTION:.0%}: {', '.join(f'{r} ×{n}' for r, n in top)})")
        if pending:
            reasons = ", ".join(f"{r} ×{n}" for r, n in self.stats.rejected[calc.id].most_common(3))
            raise GenerationError(
                f"{calc.id}: no acceptable case in {self.max_tries} draws (rejected: {reasons}); widen or drop the "
                "input ranges given for it, or leave this calculator out")
        return done

    def generate(self, n: int) -> Iterator[dict[str, Any]]:
        """n cases, stratified: case i is case i // m of calculator i mod m (m calculators, in
        `stratified_order`)."""
        if isinstance(n, bool) or not isinstance(n, int) or n < 0:
            raise ValueError(f"n must be a whole number >= 0, got {n!r}")
        order = stratified_order(self.calculators, self.seed)  # of the calculators kept
        m = len(order)
        chunk = (16 if self._workers else 64) * m  # a chunk at a time, each calculator's cases as one batch
        plans = self._plans(n, chunk, order)
        ahead: deque[list[_Worker]] = deque()
        for start in range(0, n, chunk):
            if self._workers:  # each worker is asked for the next chunk before this one is read
                while len(ahead) < 2 and (plan := next(plans, None)) is not None:
                    ahead.append(self._ask(plan))
                made = {c: iter(cases) for c, cases in self._collect(ahead.popleft()).items()}
            else:
                made = {c: iter(self._cases(get(c), ks)) for c, ks in next(plans).items()}
            for i in range(start, min(n, start + chunk)):
                yield next(made[order[i % m].id])

    @staticmethod
    def _plans(n: int, chunk: int, order: Sequence[Calculator]) -> Iterator[dict[str, list[int]]]:
        """Each chunk's cases: the ks of each calculator id."""
        m = len(order)
        for start in range(0, n, chunk):
            per_calc: dict[str, list[int]] = {}
            for i in range(start, min(n, start + chunk)):
                per_calc.setdefault(order[i % m].id, []).append(i // m)
            yield per_calc

    def _batch(self, per_calc: Mapping[str, list[int]]) -> dict[str, list[dict[str, Any]]]:
        """For each calculator id, its cases ks: here, or by the worker holding the calculator."""
        if not self._workers:
            if self._closed:
                raise GenerationError("this generator's worker processes were stopped (closed, or after an error); "
                                      "make a new Generator")
            return {c: self._cases(get(c), ks) for c, ks in per_calc.items()}
        if any(w.pending for w in self._workers):
            raise GenerationError("a generate() of this generator is still being read; finish it or make another "
                                  "Generator")
        return self._collect(self._ask(per_calc))

    def _ask(self, per_calc: Mapping[str, list[int]]) -> list[_Worker]:
        return [w for w in self._workers if w.ask({c: ks for c, ks in per_calc.items() if c in w.calculators})]

    def _collect(self, asked: list[_Worker]) -> dict[str, list[dict[str, Any]]]:
        out: dict[str, list[dict[str, Any]]] = {}
        try:
            for w in asked:
                cases, stats = w.answer()
                out |= cases
                self.stats.merge(stats)
        except BaseException:
            self.close()  # answers still in flight would be read as the next request's
            raise
        return out

    def _start_workers(self, count: int, ranges: dict[str, Any], leave_out: bool) -> None:
        context = multiprocessing.get_context()
        ids = [c.id for c in self.calculators]
        for share in (ids[i::count] for i in range(count)):
            own = {n: r for n, r in ranges.items() if get(n).id in share}
            self._workers.append(_Worker(context, share, dict(seed=self.seed, level=self.knobs, ranges=own,
                                                              max_tries=self.max_tries, leave_out=leave_out,
                                                              verify=self.verify)))
        kept: set[str] = set()
        for w in self._workers:  # each worker ran its share's preflight
            w.pending += 1
            try:
                w.calculators, skipped = w.answer()
            except BaseException:
                self.close()
                raise
            kept |= set(w.calculators)
            self.stats.skipped |= skipped
        self.calculators = [c for c in self.calculators if c.id in kept]

    def close(self) -> None:
        """Stop the worker processes (they also end with this process)."""
        for w in self._workers:
            w.close()
        self._closed, self._workers = bool(self._workers) or self._closed, []

    def __del__(self) -> None:
        if getattr(self, "_workers", None):
            self.close()


class _Worker:
    """A process holding a Generator for a share of the calculators; one request at a time."""

    def __init__(self, context: Any, calculators: list[str], options: dict[str, Any]):
        self.calculators: list[str] = calculators
        self.pending = 0  # requests sent and not yet answered
        self._conn, child = context.Pipe()
        self._process = context.Process(target=_serve, args=(child, calculators, options), daemon=True)
        self._process.start()
        child.close()

    def ask(self, request: dict[str, list[int]]) -> bool:
        if request:
            self._conn.send(request)
            self.pending += 1
        return bool(request)

    def answer(self) -> Any:
        try:
            kind, payload = self._conn.recv()
            self.pending -= 1
        except EOFError:
            raise GenerationError("a generation worker process ended unexpectedly; run with workers=1 to see "
                                  "why") from None
        if kind == "error":
            raise payload
        return payload

    def close(self) -> None:
        if self._process.is_alive():
            try:
                self._conn.send(None)
            except OSError:
                pass
            self._process.join(timeout=1)
            if self._process.is_alive():  # still sending an answer nobody will read
                self._process.terminate()
                self._process.join()
        self._conn.close()


def _serve(conn: Any, calculators: list[str], options: dict[str, Any]) -> None:
    """A worker's loop: build the Generator (its preflight), then answer requests until None."""
    try:
        gen = Generator(calculators, **options)
        conn.send(("ok", ([c.id for c in gen.calculators], gen.stats.skipped)))
        while (request := conn.recv()) is not None:
            gen.stats = Stats()
            try:
                conn.send(("ok", (gen._batch(request), gen.stats)))
            except (GenerationError, CalculatorInputError) as exc:
                conn.send(("error", exc))
    except (GenerationError, CalculatorInputError, ValueError) as exc:
        conn.send(("error", exc))
    except (EOFError, KeyboardInterrupt):
        pass


def generate(n: int, calculators: Iterable[str | int] | str | None = None, *, seed: int = 0,
             level: str | Difficulty | dict[str, Any] | None = "easy", **kw: Any) -> list[dict[str, Any]]:
    """n cases (see `Generator`)."""
    gen = Generator(calculators, seed=seed, level=level, **kw)
    try:
        return list(gen.generate(n))
    finally:
        gen.close()


def recompute(cases: Iterable[Mapping[str, Any]]) -> list[str | None]:
    """For each case, None when its answer is re-derived from its facts and every fact is in its
    note, else the reason it is not. Cases of one calculator are computed as one batch."""
    cases = list(cases)
    groups: dict[str, list[int]] = {}
    for i, c in enumerate(cases):
        groups.setdefault(str(c.get("calculator")), []).append(i)
    out: list[str | None] = [None] * len(cases)
    for name, idx in groups.items():
        for i, why in zip(idx, _recompute_one(name, [cases[i] for i in idx]), strict=True):
            out[i] = why
    return out


def _recompute_one(name: str, cases: list[Mapping[str, Any]]) -> list[str | None]:
    """`recompute` for the cases of one calculator."""
    try:
        calc = get(name)
    except CalculatorInputError:
        return [f"unknown calculator {name!r}"] * len(cases)
    out: list[str | None] = []
    for case, res in zip(cases, calc.calculate_many((c.get("inputs") or {} for c in cases), errors="return"),
                         strict=True):
        if isinstance(res, CalculatorInputError):
            out.append(f"the calculator refuses the facts: {str(res).splitlines()[0]}")
        elif jsonable(res.rounded) != case.get("answer"):
            out.append(f"answer {case.get('answer')!r} but the facts give {jsonable(res.rounded)!r}")
        elif lost := missing_facts(str(case.get("note", "")), case.get("facts") or []):
            out.append(f"the note does not state {', '.join(lost)}")
        else:
            out.append(None)
    return out
