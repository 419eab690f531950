"""Error attribution for the calculator-backed strategies (`extract`, `tools`): why each wrong
attempt is wrong, so a run's errors can be fixed where they arise rather than guessed at.

    report = attribute(rows, rule="medcalc_bench")
    print(render.attribution.render_text(report))

Each (Case, Outcome) is compared with the case's gold "Relevant Entities" run through our own
calculator (`medcalc_bench.to_inputs`, normalised to canonical units as `result_record` gives
them); what the attempt did comes from its `Outcome.calc` (`bench.trace.CalcTrace`). A wrong
attempt gets the first cause that matches:

1. ``no_answer`` — the status is not ``ok`` (the status and the error's first line are kept);
2. ``wrong_calculator`` — (tools: the model chose) another calculator was called, or none;
3. ``copy_slip`` — the calculator's answer was right but the final answer differs;
   gold entities that cannot be converted (or a case without any) give ``no_gold`` here;
4. ``dataset_disagrees`` — our calculator on the gold entities is itself not correct (the
   v1.0 ground truth departs from the published rule, see `data/medcalc_bench_v1_deviations`)
   and the extracted inputs equal the gold ones; when they differ too the cause is ``inputs``
   with ``ceiling=False`` (even perfect extraction would not have scored);
5. ``inputs`` — the extracted inputs differ from the gold ones (see `KINDS`);
6. ``other`` — inputs equal gold and gold scores, yet the answer is wrong (rounding, options,
   output typing).

Strategies without a calculation trace (direct, chain of thought, ...) get ``not_attributable``
for every wrong attempt that has an answer. Correct attempts get no cause, but their input
differences are kept as a note (compensating errors, differences inside the tolerance).

Inputs are compared field by field. Numbers agree within a relative 1e-6; a numeric difference
that does not change the calculator's rounded result when gold's value is put in its place is
not a difference (conversion noise such as 123.8 umol/L against 1.4 mg/dL), unless such
differences are all there is and together they change the result.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import asdict, dataclass, field
from typing import Any

from ...calculators.describe import InputSpec, describe_inputs
from ...calculators.medcalc_bench import to_inputs
from ...calculators.spec import Calculator
from ...errors import CalculatorInputError
from ..answers import decimals_of, same_value, typed_answer
from ..calculation import calculator_for_case, result_record
from ..trace import plain
from ..types import Case, Outcome
from .scoring import check_rule, is_correct

CAUSES = ("no_answer", "wrong_calculator", "copy_slip", "no_gold", "dataset_disagrees", "inputs",
          "other", "not_attributable")
KINDS = ("missing", "unit", "value", "finding_false_positive", "finding_false_negative", "choice",
         "extra")
# the strategy whose trace it is, by how the calculator was chosen
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
    correct_with_diffs: list[str]  # case ids of correct attempts whose inputs differ
    rows: list[Attribution] = field(default_factory=list)

    @property
    def wrong(self) -> int:
        return self.attempts - self.correct

    def to_dict(self) -> dict[str, Any]:
        return json.loads(json.dumps(asdict(self), default=str))


# ---------------------------------------------------------------- gold


@dataclass(frozen=True)
class Gold:
    given: dict[str, Any] | None  # the calculator inputs the entities stand for
    normalised: dict[str, Any] | None
    rounded: Any = None
    correct: bool | None = None  # None: no gold
    why_not: str | None = None


def _first_line(text: str | None) -> str | None:
    return text.strip().splitlines()[0] if text and text.strip() else None


def gold_for(case: Case, rule: str = "medcalc_bench", **params: Any) -> Gold:
    """Our calculator on the case's gold entities, scored as an `extract` answer would be."""
    try:
        calc = calculator_for_case(case)
    except CalculatorInputError as exc:
        return Gold(None, None, why_not=f"no calculator: {_first_line(str(exc))}")
    if calc.medcalc_bench is None or not case.entities:
        return Gold(None, None, why_not="the case has no gold entities")
    try:
        given = to_inputs(calc, case.entities)
        result = calc.calculate(given)
    except CalculatorInputError as exc:
        return Gold(None, None, why_not=_first_line(str(exc)))
    try:
        answer = typed_answer(result.value, case.output_type)
    except ValueError:
        correct = False
    else:
        as_outcome = Outcome(raw="", answer=answer, status="ok",
                             trace={"answer_decimals": decimals_of(answer)})
        correct = is_correct(as_outcome, case, rule, **params)
    return Gold(plain(given), plain(result_record(result)["inputs"]), result.rounded, correct)


# ---------------------------------------------------------------- the model's inputs


def _number(value: Any) -> float | None:
    if isinstance(value, Mapping):
        value = value.get("value")
    elif isinstance(value, list | tuple) and len(value) == 2:
        value = value[0]
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    return float(value)


def _rounded(calc: Calculator, inputs: Mapping[str, Any]) -> Any:
    try:
        return plain(calc.calculate(dict(inputs)).rounded)
    except CalculatorInputError:
        return None


def _kind(spec: InputSpec | None, name: str, model: Any, written: Mapping[str, Any] | None,
          gold_given: Mapping[str, Any]) -> str:
    """Which of KINDS a difference in field `name` is (first match wins, as listed)."""
    given = written is None or written.get(name) is not None
    gold_has = gold_given.get(name) is not None
    kind = spec.kind if spec else "text"
    if spec is not None and spec.option:
        return "choice"
    if not given and gold_has:
        return "missing"
    if kind == "boolean":
        return "finding_false_positive" if model else "finding_false_negative"
    if given and not gold_has:
        return "extra"
    if kind in ("quantity", "integer", "number"):
        wrote = _number(written.get(name)) if written is not None else None
        entity = _number(gold_given.get(name))
        if wrote is not None and entity is not None and same_value(wrote, entity):
            return "unit"
        return "value"
    return "value" if kind == "date" else "choice"


def compare_inputs(calc: Calculator, model: Mapping[str, Any], gold: Gold,
                   written: Mapping[str, Any] | None) -> list[FieldDiff]:
    """The fields where the model's normalised inputs differ from gold's (module docstring)."""
    assert gold.normalised is not None and gold.given is not None
    specs = {s.name: s for s in describe_inputs(calc)}
    model_rounded = _rounded(calc, model)
    kept, within = [], []
    for name in dict.fromkeys([*gold.normalised, *model]):
        m, g = model.get(name), gold.normalised.get(name)
        if same_value(m, g):
            continue
        spec = specs.get(name)
        kind = _kind(spec, name, m, written, gold.given)
        diff = FieldDiff(name, kind, m, g, spec.unit if spec else None,
                         None if written is None else written.get(name), gold.given.get(name))
        numeric = spec is not None and spec.kind in ("quantity", "integer", "number")
        if (numeric or kind == "extra") and model_rounded is not None \
                and _rounded(calc, {**model, name: g}) == model_rounded:
            within.append(diff)  # does not change the result on its own
        else:
            kept.append(diff)
    if not kept and within and model_rounded != plain(gold.rounded):
        return within  # together they change the result
    return kept


# ---------------------------------------------------------------- one attempt


def _documented(calc: Calculator, case: Case, cache: dict[str, set[str]]) -> bool:
    if not (case.dataset == "medcalc-bench" and case.dataset_version == "v1.0"):
        return False
    if calc.id not in cache:
        from ...calculators.medcalc_bench_replay import load_deviations

        cache[calc.id] = {str(r) for r in load_deviations(calc)}
    return case.id in cache[calc.id]


def attribute_one(case: Case, outcome: Outcome, gold: Gold, correct: bool,
                  deviations: dict[str, set[str]] | None = None) -> Attribution:
    """The cause of one attempt (None when correct), first match wins (module docstring)."""
    trace = outcome.calc
    chosen = trace is not None and trace.chosen_by == "model"  # by the model, not the case
    try:
        calc: Calculator | None = calculator_for_case(case)
    except CalculatorInputError:
        calc = None
    base = dict(case_id=case.id, calculator=calc.id if calc else None, correct=correct,
                status=outcome.status, ceiling=gold.correct,
                trace_kind=None if trace is None else TRACE_KINDS[trace.chosen_by],
                called=trace.calculator if chosen else None)

    def done(cause: str | None, **kw: Any) -> Attribution:
        return Attribution(cause=None if correct else cause, **{**base, **kw})

    if outcome.status != "ok":
        return done("no_answer", error=_first_line(outcome.error))
    if trace is None:
        return done("not_attributable")
    if chosen and calc is not None and trace.calculator != calc.id:
        return done("wrong_calculator")
    if trace.answer_matches is False and not correct:
        return done("copy_slip")
    if calc is None or gold.normalised is None:
        return done("no_gold", error=gold.why_not)
    if trace.inputs is None:
        return done("not_attributable")
    diffs = tuple(compare_inputs(calc, trace.inputs, gold, trace.written_inputs))
    documented = _documented(calc, case, deviations if deviations is not None else {})
    if not gold.correct:
        return done("inputs" if diffs else "dataset_disagrees", diffs=diffs, documented=documented)
    return done("inputs" if diffs else "other", diffs=diffs, documented=documented)


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
              **params: Any) -> AttributionReport:
    """The attribution report of a run's (Case, Outcome) rows under a scoring rule."""
    check_rule(rule, params)
    golds: dict[tuple[str, str, str], Gold] = {}
    deviations: dict[str, set[str]] = {}
    out: list[Attribution] = []
    for i, row in enumerate(rows):
        if not (isinstance(row, tuple) and len(row) == 2 and isinstance(row[0], Case)
                and isinstance(row[1], Outcome)):
            raise TypeError(f"rows[{i}] is not a (Case, Outcome) pair")
        case, outcome = row
        key = (case.dataset, case.dataset_version, case.id)
        if key not in golds:
            golds[key] = gold_for(case, rule, **params)
        out.append(attribute_one(case, outcome, golds[key], is_correct(outcome, case, rule, **params),
                                 deviations))
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
        correct_with_diffs=[a.case_id for a in out if a.correct and a.diffs],
        rows=out,
    )


__all__ = ["attribute", "attribute_one", "gold_for", "compare_inputs", "AttributionReport",
           "Attribution", "FieldDiff", "CAUSES", "KINDS"]
