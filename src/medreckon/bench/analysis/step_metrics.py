"""Step-wise metrics of a run's step verdicts (MedRaC's step tables), as plain data for `render`:

    report = step_report([(case, verdicts), ...])   # overall, per category, per calculator
    report.to_dict()

Over the verdicts whose status is ``ok`` (n; every status is counted beside them):

- step-wise accuracy — all four steps right;
- per-step accuracy — step i right, of the verdicts where step i is decided (not None);
- Conditional Correctness CC_i = P(step i right | steps before i right): of the verdicts whose
  earlier steps are all right and whose step i is decided, how many have step i right
  (CC_1 is the calculator step's accuracy);
- First-Error rate FE_i = P(the first wrong step is i), over n; ``none`` counts the verdicts with
  no wrong step (undecided steps are not errors, so ``none`` can exceed step-wise accuracy);
- error-type counts (an attempt counts once per type; `verdicts.ERROR_TYPES`), the same mapped to
  OpenMedCalc's classes (`verdicts.OPENMEDCALC_CLASS`; once per class per attempt), and the
  entity verdicts of step 2.

Each rate carries its counts and a Wilson 95% interval (`stats.wilson`). The verdicts may be
exact (`steps`) or a judge's: `sources` counts them, and nothing here depends on which.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..types import Case
from .stats import wilson
from .verdicts import ENTITY_VERDICTS, ERROR_TYPES, OPENMEDCALC_CLASS, STEPS, StepVerdicts

VERDICT_STATUSES = ("ok", "no_trace", "no_gold", "no_answer", "judge_error")
OPENMEDCALC_CLASSES: tuple[str, ...] = tuple(dict.fromkeys(OPENMEDCALC_CLASS.values()))


@dataclass(frozen=True)
class Rate:
    """k of n, the proportion (None when n is 0) and its Wilson 95% interval."""

    k: int
    n: int
    p: float | None
    lo: float
    hi: float

    @classmethod
    def of(cls, k: int, n: int) -> Rate:
        lo, hi = wilson(k, n)
        return cls(k, n, k / n if n else None, lo, hi)

    def to_dict(self) -> dict[str, Any]:
        return {"k": self.k, "n": self.n, "p": self.p, "lo": self.lo, "hi": self.hi}


@dataclass(frozen=True)
class StepMetrics:
    """The metrics of one group of verdicts (module docstring)."""

    key: str  # "all", a category, or a calculator's name
    n: int  # verdicts with status ok
    statuses: dict[str, int]  # every verdict status, zeros included
    sources: dict[str, int]  # exact / judge / human, of the ok verdicts
    all_right: Rate  # step-wise accuracy
    accuracy: dict[str, Rate]  # per step, of the decided
    conditional: dict[str, Rate]  # CC_i
    first_error: dict[str, Rate]  # FE_i over n, and "none"
    errors: dict[str, int]  # ERROR_TYPES, zeros included
    openmedcalc: dict[str, int]  # OpenMedCalc classes, zeros included
    entities: dict[str, int]  # ENTITY_VERDICTS, zeros included
    calculator_id: int | None = None  # the dataset's calculator number (calculator groups)

    def why_empty(self) -> str | None:
        """Why no verdict could be counted (None when some could): for reports to say so."""
        if self.n:
            return None
        total = sum(self.statuses.values())
        if not total:
            return "no attempts"
        said = {"no_trace": "without a calculation trace (free text: use structured_cot or a judge)",
                "no_gold": "on cases without usable gold entities or with an unknown calculator",
                "no_answer": "without an answer", "judge_error": "whose judge reply could not be read"}
        parts = [f"{k} {said.get(s, s)}" for s, k in self.statuses.items() if k and s != "ok"]
        return f"none of {total} attempts has ok verdicts: " + "; ".join(parts)

    def to_dict(self) -> dict[str, Any]:
        return {"key": self.key, "n": self.n, "why_empty": self.why_empty(), "statuses": dict(self.statuses),
                "sources": dict(self.sources), "all_right": self.all_right.to_dict(),
                "accuracy": {s: r.to_dict() for s, r in self.accuracy.items()},
                "conditional": {s: r.to_dict() for s, r in self.conditional.items()},
                "first_error": {s: r.to_dict() for s, r in self.first_error.items()},
                "errors": dict(self.errors), "openmedcalc": dict(self.openmedcalc),
                "entities": dict(self.entities), "calculator_id": self.calculator_id}


@dataclass(frozen=True)
class StepReport:
    overall: StepMetrics
    by_category: list[StepMetrics] = field(default_factory=list)
    by_calculator: list[StepMetrics] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {"overall": self.overall.to_dict(),
                "by_category": [m.to_dict() for m in self.by_category],
                "by_calculator": [m.to_dict() for m in self.by_calculator]}


def _checked(rows: Iterable[tuple[Case, StepVerdicts]]) -> list[tuple[Case, StepVerdicts]]:
    out = []
    for i, row in enumerate(rows):
        if not (isinstance(row, tuple) and len(row) == 2 and isinstance(row[0], Case)
                and isinstance(row[1], StepVerdicts)):
            raise TypeError(f"rows[{i}] is not a (Case, StepVerdicts) pair")
        out.append(row)
    return out


def step_metrics(verdicts: Sequence[StepVerdicts], key: str = "all",
                 calculator_id: int | None = None) -> StepMetrics:
    """The metrics of one group of verdicts (module docstring)."""
    statuses = dict.fromkeys(VERDICT_STATUSES, 0)
    for v in verdicts:
        statuses[v.status] = statuses.get(v.status, 0) + 1
    ok = [v for v in verdicts if v.status == "ok"]
    n = len(ok)
    accuracy, conditional = {}, {}
    for i, step in enumerate(STEPS):
        decided = [v for v in ok if v.steps.get(step) is not None]
        accuracy[step] = Rate.of(sum(v.steps[step] is True for v in decided), len(decided))
        given = [v for v in decided if all(v.steps.get(s) is True for s in STEPS[:i])]
        conditional[step] = Rate.of(sum(v.steps[step] is True for v in given), len(given))
    firsts = Counter(v.first_error() or "none" for v in ok)
    errors = Counter(t for v in ok for t in set(v.errors))
    classes = Counter(c for v in ok for c in {OPENMEDCALC_CLASS[t] for t in v.errors if t in OPENMEDCALC_CLASS})
    entities = Counter(e.verdict for v in ok for e in v.entities)
    return StepMetrics(
        key=key, n=n, statuses=statuses, sources=dict(Counter(v.source for v in ok)),
        all_right=Rate.of(sum(v.all_right() for v in ok), n), accuracy=accuracy,
        conditional=conditional,
        first_error={s: Rate.of(firsts.get(s, 0), n) for s in (*STEPS, "none")},
        errors={t: errors.get(t, 0) for t in (*ERROR_TYPES, *sorted(set(errors) - set(ERROR_TYPES)))},
        openmedcalc={c: classes.get(c, 0) for c in OPENMEDCALC_CLASSES},
        entities={e: entities.get(e, 0) for e in (*ENTITY_VERDICTS, *sorted(set(entities) - set(ENTITY_VERDICTS)))},
        calculator_id=calculator_id)


def step_report(rows: Iterable[tuple[Case, StepVerdicts]]) -> StepReport:
    """Metrics overall, per category (sorted by name) and per calculator (by the dataset's
    calculator number, then name) of a run's (Case, StepVerdicts) rows."""
    rows = _checked(rows)
    by_category: dict[str, list[StepVerdicts]] = {}
    by_calculator: dict[tuple[int | None, str], list[StepVerdicts]] = {}
    for case, v in rows:
        by_category.setdefault(case.category, []).append(v)
        by_calculator.setdefault((case.calculator_id, case.calculator_name), []).append(v)
    calculators = sorted(by_calculator, key=lambda k: (k[0] is None, k[0] or 0, k[1]))
    return StepReport(
        overall=step_metrics([v for _, v in rows]),
        by_category=[step_metrics(vs, key) for key, vs in sorted(by_category.items())],
        by_calculator=[step_metrics(by_calculator[k], k[1], k[0]) for k in calculators])


__all__ = ["Rate", "StepMetrics", "StepReport", "step_metrics", "step_report", "VERDICT_STATUSES",
           "OPENMEDCALC_CLASSES"]
