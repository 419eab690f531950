"""Error attribution for the calculator-backed strategies (`extract`, `tools`,
`structured_cot`): why each wrong attempt is wrong, so a run's errors can be fixed where they
arise rather than guessed at.

    report = attribute(rows, rule="medcalc_bench")
    print(render.attribution.render_text(report))

A view of the deterministic step verdicts (`analysis.steps`, MedRaC's four steps), not a second
mechanism: each (Case, Outcome) is verified by `steps.Verifier` (or its stored verdicts are
passed in), and a wrong attempt gets the first cause that its verdicts show:

1. ``no_answer`` — the status is not ``ok`` (the status and the error's first line are kept);
2. ``wrong_calculator`` — the calculator step is False: (tools) another calculator was called,
   or none;
3. ``copy_slip`` — the trace says the final answer is not the calculator's
   (`CalcTrace.answer_matches` False) while the values and the arithmetic are not wrong (values
   that cannot be checked, for want of gold, do not hide the slip);
4. ``no_gold`` — the case's gold entities cannot be converted, or it has none;
5. ``dataset_disagrees`` — the values are right but our calculator on the gold entities is
   itself not correct (`gold_correct` False: the v1.0 ground truth departs from the published
   rule, see `data/medcalc_bench_v1_deviations`), or every value that differs is a gold entity
   the dataset audit flags as implausible (`Gold.implausible`, `data audit`: row 790's albumin
   0.42 g/dL where the note says 4.2 g/dL); such values are kept apart (`Attribution.flagged`)
   and never blamed on the model. When other values are wrong the cause is ``inputs``, with
   ``ceiling=False`` where our calculator on the gold entities does not score either;
6. ``inputs`` — the values step is False (the kinds below come from the entity verdicts);
7. ``other`` — values right and gold scores, yet the answer is wrong (rounding, options,
   output typing).

Attempts without a calculation trace (direct, chain of thought, ...) get ``not_attributable``
for every wrong attempt that has an answer, and so do traces that computed no inputs. Correct
attempts get no cause, but their input differences are kept as a note (compensating errors).

The kinds of input differences (`KINDS`) are the entity verdicts of step 2 as this report has
always named them: ``missing``, ``extra``, ``choice`` (wrong_choice), ``value`` (wrong_value and
hallucinated; wrong_unit too unless the number written is gold's own), ``unit`` (gold's number
written under another unit), ``finding_false_positive`` / ``finding_false_negative``
(finding_flipped, by the model's value). Entity verdicts ``correct`` include differences that
do not change the calculator's rounded result (see `steps`).
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from ...calculators.spec import Calculator
from ..answers import same_value
from ..types import Case, Outcome
from .scoring import check_rule, is_correct
from .steps import Gold, Verifier, first_line, gold_for, input_specs
from .verdicts import EntityVerdict, StepVerdicts

CAUSES = ("no_answer", "wrong_calculator", "copy_slip", "no_gold", "dataset_disagrees", "inputs",
          "other", "not_attributable")
KINDS = ("missing", "unit", "value", "finding_false_positive", "finding_false_negative", "choice",
         "extra")
# the strategy whose trace it is, by how the calculator was chosen (the model's own arithmetic:
# structured_cot)
TRACE_KINDS = {"case": "extract", "model": "tools"}
TOP_FIELDS = 5  # differing fields shown per calculator
EXAMPLES = 3  # examples kept per differing field

Row = tuple[Case, Outcome]


@dataclass(frozen=True)
class FieldDiff:
    """One input where the model's normalised value differs from gold's."""

    field: str
    kind: str  # one of KINDS
    model: Any  # normalised (canonical unit); None when the model gave nothing
    gold: Any
    unit: str | None = None  # the canonical unit of both values
    written: Any = None  # what the model wrote, e.g. {"value": 1.17, "unit": "umol/L"}
    gold_written: Any = None  # the gold entity as the dataset gives it


@dataclass(frozen=True)
class Attribution:
    """One attempt: correct or not, and why not."""

    case_id: str
    calculator: str | None  # our calculator id for the case
    correct: bool
    cause: str | None  # one of CAUSES; None for a correct attempt
    status: str
    ceiling: bool | None  # our calculator on the gold entities scores; None: no gold
    trace_kind: str | None = None  # "extract", "tools", or None (no calculation trace): TRACE_KINDS
    error: str | None = None  # the first line of the outcome's error (no_answer), or why no gold
    diffs: tuple[FieldDiff, ...] = ()
    documented: bool = False  # the row is a reviewed deviation of MedCalc-Bench v1.0
    called: str | None = None  # (tools) the calculator the model called last
    flagged: tuple[FieldDiff, ...] = ()  # differences on gold entities the dataset audit flags


@dataclass(frozen=True)
class FieldCount:
    """How often one field of one calculator differed, with a few examples."""

    calculator: str
    field: str
    kind: str
    count: int
    examples: tuple[dict[str, Any], ...]  # {case_id, model, gold, unit, written}


@dataclass
class AttributionReport:
    rule: str
    params: dict[str, Any]
    attempts: int
    correct: int
    causes: dict[str, int]  # wrong attempts per cause, every cause listed
    no_answer_statuses: dict[str, int]
    kinds: dict[str, int]  # field differences of the `inputs` attempts, every kind listed
    inputs_beyond_ceiling: int  # `inputs` attempts whose gold result does not score either
    top_fields: list[FieldCount]
    cases: int  # distinct cases
    ceiling_correct: int  # cases our calculator gets right on the gold entities
    no_gold_cases: int  # cases whose entities cannot be converted
    documented_disagreements: int  # dataset_disagrees attempts on reviewed deviation rows
    flagged_disagreements: int  # dataset_disagrees attempts whose differing values the audit flags
    correct_with_diffs: list[str]  # case ids of correct attempts whose inputs differ
    rows: list[Attribution] = field(default_factory=list)

    @property
    def wrong(self) -> int:
        return self.attempts - self.correct

    def to_dict(self) -> dict[str, Any]:
        return json.loads(json.dumps(asdict(self), default=str))


# ---------------------------------------------------------------- kinds from entity verdicts


def _number(value: Any) -> float | None:
    if isinstance(value, Mapping):
        value = value.get("value")
    elif isinstance(value, list | tuple) and len(value) == 2:
        value = value[0]
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    return float(value)


def diff_kind(entity: EntityVerdict, gold_given: Mapping[str, Any]) -> str:
    """The KINDS name of a wrong entity verdict (module docstring)."""
    verdict = entity.verdict
    if verdict == "finding_flipped":
        return "finding_false_positive" if entity.model else "finding_false_negative"
    if verdict == "wrong_unit":
        wrote, gold = _number(entity.written), _number(gold_given.get(entity.field))
        same = wrote is not None and gold is not None and same_value(wrote, gold)
        return "unit" if same else "value"
    return {"missing": "missing", "extra": "extra", "wrong_choice": "choice",
            "wrong_value": "value", "hallucinated": "value"}[verdict]


def field_diffs(calc: Calculator, verdicts: StepVerdicts, gold: Gold) -> tuple[FieldDiff, ...]:
    """The wrong entities of the values step as FieldDiffs."""
    given = gold.given or {}
    specs = input_specs(calc)
    return tuple(FieldDiff(e.field, diff_kind(e, given), e.model, e.gold,
                           specs[e.field].unit if e.field in specs else None, e.written,
                           given.get(e.field))
                 for e in verdicts.entities if e.verdict != "correct")


# ---------------------------------------------------------------- one attempt


def _documented(calc: Calculator, case: Case, cache: dict[str, set[str]]) -> bool:
    if not (case.dataset == "medcalc-bench" and case.dataset_version == "v1.0"):
        return False
    if calc.id not in cache:
        from ...calculators.medcalc_bench_replay import load_deviations

        cache[calc.id] = {str(r) for r in load_deviations(calc)}
    return case.id in cache[calc.id]


def attribute_one(case: Case, outcome: Outcome, verdicts: StepVerdicts, gold: Gold,
                  calc: Calculator | None, correct: bool,
                  deviations: dict[str, set[str]] | None = None) -> Attribution:
    """The cause of one attempt (None when correct) from its step verdicts, first match wins
    (module docstring); `calc` is the case's calculator (None: unknown)."""
    trace = outcome.calc
    steps = verdicts.steps
    chosen = trace is not None and trace.chosen_by == "model"  # by the model, not the case
    trace_kind = None if trace is None else "structured_cot" if trace.computed_by == "model" \
        else TRACE_KINDS[trace.chosen_by]
    base = dict(case_id=case.id, calculator=calc.id if calc else None, correct=correct,
                status=outcome.status, ceiling=gold.correct, trace_kind=trace_kind,
                called=trace.calculator if chosen else None)

    def done(cause: str | None, **kw: Any) -> Attribution:
        return Attribution(cause=None if correct else cause, **{**base, **kw})

    if outcome.status != "ok":
        return done("no_answer", error=first_line(outcome.error))
    if trace is None:
        return done("not_attributable")
    if steps.get("calculator") is False:
        return done("wrong_calculator")
    if not correct and trace.answer_matches is False and steps.get("values") is not False \
            and steps.get("arithmetic") is not False:
        return done("copy_slip")
    if calc is None or gold.normalised is None:
        return done("no_gold", error=gold.why_not)
    if trace.inputs is None or steps.get("values") is None:
        return done("not_attributable")
    every = field_diffs(calc, verdicts, gold)
    flagged = tuple(d for d in every if d.field in gold.implausible)  # the audit's, not the model's
    diffs = tuple(d for d in every if d.field not in gold.implausible)
    documented = _documented(calc, case, deviations if deviations is not None else {})
    kept = dict(diffs=diffs, flagged=flagged, documented=documented)
    if diffs:
        return done("inputs", **kept)
    return done("dataset_disagrees" if flagged or not gold.correct else "other", **kept)


# ---------------------------------------------------------------- the report


def _top_fields(rows: list[Attribution], limit: int) -> list[FieldCount]:
    groups: dict[tuple[str, str, str], list[dict[str, Any]]] = {}
    for a in rows:
        if a.cause != "inputs":
            continue
        for d in a.diffs:
            groups.setdefault((a.calculator or "?", d.field, d.kind), []).append(
                {"case_id": a.case_id, "model": d.model, "gold": d.gold, "unit": d.unit,
                 "written": d.written})
    per_calc = Counter()
    for (calc, _, _), ex in groups.items():
        per_calc[calc] += len(ex)
    out = []
    for calc, _ in sorted(per_calc.items(), key=lambda kv: (-kv[1], kv[0])):
        mine = sorted(((k, ex) for k, ex in groups.items() if k[0] == calc),
                      key=lambda kv: (-len(kv[1]), kv[0][1], kv[0][2]))
        out += [FieldCount(c, f, k, len(ex), tuple(ex[:EXAMPLES])) for (c, f, k), ex in mine[:limit]]
    return out


def attribute(rows: Iterable[Row], rule: str = "medcalc_bench", *, top: int = TOP_FIELDS,
              verdicts: Sequence[StepVerdicts] | None = None, **params: Any) -> AttributionReport:
    """The attribution report of a run's (Case, Outcome) rows under a scoring rule. `verdicts`:
    the rows' exact step verdicts under the same rule, in the rows' order (e.g. read from the
    run's evaluations); verified here when not given."""
    check_rule(rule, params)
    verifier = Verifier(rule, **params)
    golds: dict[tuple[str, str, str], Gold] = {}
    deviations: dict[str, set[str]] = {}
    out: list[Attribution] = []
    rows = list(rows)
    if verdicts is not None and len(verdicts) != len(rows):
        raise ValueError(f"{len(verdicts)} step verdicts for {len(rows)} rows")
    for i, row in enumerate(rows):
        if not (isinstance(row, tuple) and len(row) == 2 and isinstance(row[0], Case)
                and isinstance(row[1], Outcome)):
            raise TypeError(f"rows[{i}] is not a (Case, Outcome) pair")
        case, outcome = row
        mine = verifier.verify(case, outcome) if verdicts is None else verdicts[i]
        if mine.source != "exact":
            raise ValueError(f"verdicts[{i}] come from {mine.source!r}; attribution reads exact verdicts")
        gold = golds.setdefault((case.dataset, case.dataset_version, case.id), verifier.gold(case))
        calc = verifier.case_calculator(case)
        out.append(attribute_one(case, outcome, mine, gold, None if isinstance(calc, str) else calc,
                                 is_correct(outcome, case, rule, **params), deviations))
    wrong = [a for a in out if not a.correct]
    causes = Counter(a.cause for a in wrong)
    inputs = [a for a in wrong if a.cause == "inputs"]
    return AttributionReport(
        rule=rule, params=dict(params), attempts=len(out), correct=len(out) - len(wrong),
        causes={c: causes.get(c, 0) for c in CAUSES},
        no_answer_statuses=dict(Counter(a.status for a in wrong if a.cause == "no_answer")),
        kinds={k: sum(d.kind == k for a in inputs for d in a.diffs) for k in KINDS},
        inputs_beyond_ceiling=sum(a.ceiling is False for a in inputs),
        top_fields=_top_fields(out, top),
        cases=len(golds), ceiling_correct=sum(g.correct is True for g in golds.values()),
        no_gold_cases=sum(g.correct is None for g in golds.values()),
        documented_disagreements=sum(a.cause == "dataset_disagrees" and a.documented for a in wrong),
        flagged_disagreements=sum(a.cause == "dataset_disagrees" and bool(a.flagged) for a in wrong),
        correct_with_diffs=[a.case_id for a in out if a.correct and a.diffs],
        rows=out,
    )


__all__ = ["attribute", "attribute_one", "diff_kind", "field_diffs", "gold_for", "Gold",
           "AttributionReport", "Attribution", "FieldDiff", "CAUSES", "KINDS"]
