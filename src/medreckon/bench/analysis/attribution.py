"""Error attribution for the calculator-backed strategies (`extract`, `tools`): why each wrong
attempt is wrong, so a run's errors can be fixed where they arise rather than guessed at.

    report = attribute(rows, rule="medcalc_bench")
    print(render_text(report))

Each (Case, Outcome) is compared with the case's gold "Relevant Entities" run through our own
calculator (`medcalc_bench.to_inputs`, normalised to canonical units as `result_record` gives
them). A wrong attempt gets the first cause that matches:

1. ``no_answer`` — the status is not ``ok`` (the status and the error's first line are kept);
2. ``wrong_calculator`` — (tools) another calculator was called, or none;
3. ``copy_slip`` — (tools) the calculator's answer was right but the final answer differs;
   gold entities that cannot be converted (or a case without any) give ``no_gold`` here;
4. ``dataset_disagrees`` — our calculator on the gold entities is itself not correct (the
   v1.0 ground truth departs from the published rule, see `data/medcalc_bench_v1_deviations`)
   and the extracted inputs equal the gold ones; when they differ too the cause is ``inputs``
   with ``ceiling=False`` (even perfect extraction would not have scored);
5. ``inputs`` — the extracted inputs differ from the gold ones (see `KINDS`);
6. ``other`` — inputs equal gold and gold scores, yet the answer is wrong (rounding, options,
   output typing).

Strategies without structured traces (direct, chain of thought, ...) get ``not_attributable``
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
from ..answers import decimals_of, typed_answer
from ..strategies.extract import calculator_for_case, result_record
from ..types import Case, Outcome
from .scoring import check_rule, is_correct

CAUSES = ("no_answer", "wrong_calculator", "copy_slip", "no_gold", "dataset_disagrees", "inputs",
          "other", "not_attributable")
KINDS = ("missing", "unit", "value", "finding_false_positive", "finding_false_negative", "choice",
         "extra")
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
    trace_kind: str | None = None  # "extract", "tools", or None (no structured trace)
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


def _plain(value: Any) -> Any:
    """As a stored trace holds it (JSON), so live and stored outcomes compare alike."""
    return json.loads(json.dumps(value, default=str))


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
    return Gold(_plain(given), _plain(result_record(result)["inputs"]), result.rounded, correct)


# ---------------------------------------------------------------- the model's inputs


def trace_kind(trace: Mapping[str, Any]) -> str | None:
    """Which calculator-backed strategy left this trace, if any."""
    if "tool_calls" in trace and "expected_calculator" in trace:
        return "tools"
    if "turns" in trace and "findings" in trace:
        return "extract"
    return None


def written_inputs(trace: Mapping[str, Any], kind: str | None) -> dict[str, Any] | None:
    """The inputs the model sent with its last successful calculation (before normalising)."""
    if kind == "tools":
        calls = [c for c in trace.get("tool_calls", []) if "calculator_result" in c]
        return dict(calls[-1].get("inputs") or {}) if calls else None
    if kind == "extract":
        turns = [t for t in trace.get("turns", []) if "inputs" in t and ("warnings" in t or "raw" not in t)]
        return dict(turns[-1]["inputs"]) if turns else None
    return None


def _number(value: Any) -> float | None:
    if isinstance(value, Mapping):
        value = value.get("value")
    elif isinstance(value, list | tuple) and len(value) == 2:
        value = value[0]
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    return float(value)


def _close(a: Any, b: Any) -> bool:
    """Equal, numbers within a relative 1e-6."""
    if all(isinstance(v, int | float) and not isinstance(v, bool) for v in (a, b)):
        return abs(a - b) <= 1e-6 * max(abs(a), abs(b))
    return a == b


def _rounded(calc: Calculator, inputs: Mapping[str, Any]) -> Any:
    try:
        return _plain(calc.calculate(dict(inputs)).rounded)
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
        if wrote is not None and entity is not None and _close(wrote, entity):
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
        if _close(m, g):
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
    if not kept and within and model_rounded != _plain(gold.rounded):
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
    trace = outcome.trace if isinstance(outcome.trace, Mapping) else {}
    kind = trace_kind(trace)
    try:
        calc: Calculator | None = calculator_for_case(case)
    except CalculatorInputError:
        calc = None
    base = dict(case_id=case.id, calculator=calc.id if calc else None, correct=correct,
                status=outcome.status, ceiling=gold.correct, trace_kind=kind,
                called=trace.get("calculator") if kind == "tools" else None)

    def done(cause: str | None, **kw: Any) -> Attribution:
        return Attribution(cause=None if correct else cause, **{**base, **kw})

    if outcome.status != "ok":
        return done("no_answer", error=_first_line(outcome.error))
    if kind is None:
        return done("not_attributable")
    if kind == "tools" and calc is not None and trace.get("calculator") != calc.id:
        return done("wrong_calculator")
    if kind == "tools" and trace.get("answer_matches_calculator") is False and not correct:
        return done("copy_slip")
    model = trace.get("normalised_inputs")
    if calc is None or gold.normalised is None:
        return done("no_gold", error=gold.why_not)
    if not isinstance(model, Mapping):
        return done("not_attributable")
    diffs = tuple(compare_inputs(calc, _plain(model), gold, written_inputs(trace, kind)))
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


# ---------------------------------------------------------------- rendering


def _pct(k: int, n: int) -> str:
    return f"{100 * k / n:.1f}%" if n else "–"


def _value(v: Any, unit: str | None = None) -> str:
    if v is None:
        return "—"
    if isinstance(v, float):
        v = f"{v:.4g}"
    return f"{v} {unit}" if unit and unit != "1" else str(v)


def _wrote(w: Any) -> str:
    if isinstance(w, Mapping) and "value" in w:
        return f"{w.get('value')} {w.get('unit') or ''}".strip()
    return _value(w)


def example_text(ex: Mapping[str, Any], kind: str) -> str:
    """'case 31: model 3.09 mg/dL, gold 1.17 mg/dL' (with what was written, for unit errors)."""
    text = f"case {ex['case_id']}: model {_value(ex['model'], ex.get('unit'))}"
    if kind == "missing":
        used = "" if ex["model"] is None else f" ({_value(ex['model'], ex.get('unit'))} used)"
        text = f"case {ex['case_id']}: model gave none{used}"
    elif kind == "unit" and ex.get("written") is not None:
        text += f" (wrote {_wrote(ex['written'])})"
    return text + f", gold {_value(ex['gold'], ex.get('unit'))}"


def _ceiling_line(r: AttributionReport) -> str:
    with_gold = r.cases - r.no_gold_cases
    return (f"Ceiling: our calculator on the dataset's own entities is right for {r.ceiling_correct} "
            f"of {with_gold} cases ({_pct(r.ceiling_correct, with_gold)}); "
            f"{r.no_gold_cases} case(s) without convertible entities")


def _cause_rows(r: AttributionReport) -> list[list[str]]:
    rows = []
    for c in CAUSES:
        n = r.causes[c]
        if not n:
            continue
        note = ""
        if c == "no_answer":
            note = ", ".join(f"{s} {k}" for s, k in sorted(r.no_answer_statuses.items()))
        elif c == "dataset_disagrees" and r.documented_disagreements:
            note = f"{r.documented_disagreements} on reviewed deviation rows"
        elif c == "inputs" and r.inputs_beyond_ceiling:
            note = f"{r.inputs_beyond_ceiling} where gold does not score either (ceiling=False)"
        rows.append([c, str(n), _pct(n, r.wrong), note])
    return rows


def _field_rows(r: AttributionReport) -> list[list[str]]:
    return [[f.calculator, f.field, f.kind, str(f.count), example_text(f.examples[0], f.kind)]
            for f in r.top_fields]


def _header(r: AttributionReport) -> str:
    params = "".join(f" {k}={v}" for k, v in r.params.items())
    return (f"{r.attempts} attempts, {r.correct} correct ({_pct(r.correct, r.attempts)}), "
            f"{r.wrong} wrong · rule {r.rule}{params}")


def _table(header: list[str], rows: list[list[str]]) -> list[str]:
    widths = [max(len(h), *(len(x[i]) for x in rows)) if rows else len(h) for i, h in enumerate(header)]
    return ["  ".join(c.ljust(w) for c, w in zip(cells, widths, strict=True)).rstrip()
            for cells in [header, *rows]]


def render_text(r: AttributionReport) -> str:
    """The report as plain text, for the terminal."""
    out = [f"Error attribution · {_header(r)}", _ceiling_line(r), ""]
    if r.wrong:
        out += [f"Causes of the {r.wrong} wrong attempts:",
                *("  " + x for x in _table(["cause", "n", "share", "note"], _cause_rows(r))), ""]
    if any(r.kinds.values()):
        out += ["Input differences in the `inputs` attempts: "
                + " · ".join(f"{k} {n}" for k, n in r.kinds.items() if n), ""]
    if r.top_fields:
        out += ["Top differing fields per calculator:",
                *("  " + x for x in _table(["calculator", "field", "kind", "n", "example"], _field_rows(r))), ""]
    if r.correct_with_diffs:
        out += [f"Correct attempts whose inputs differ from gold: {len(r.correct_with_diffs)} "
                f"(cases {', '.join(r.correct_with_diffs[:10])})", ""]
    return "\n".join(out).rstrip() + "\n"


def _md_table(header: list[str], rows: list[list[str]]) -> list[str]:
    def esc(s: str) -> str:
        return s.replace("|", "\\|")

    return ["| " + " | ".join(header) + " |", "|" + "---|" * len(header),
            *("| " + " | ".join(esc(c) for c in row) + " |" for row in rows)]


def render_markdown(r: AttributionReport, title: str = "Error attribution") -> str:
    """The report as Markdown: compact tables of causes, field kinds and top fields."""
    out = [f"# {title}", "", _header(r) + ".", "", _ceiling_line(r) + ".", ""]
    if r.wrong:
        out += ["## Causes of wrong attempts", "", *_md_table(["cause", "n", "share", "note"], _cause_rows(r)), ""]
    if any(r.kinds.values()):
        out += ["## Input differences (`inputs` attempts)", "",
                *_md_table(["kind", "n"], [[k, str(n)] for k, n in r.kinds.items() if n]), ""]
    if r.top_fields:
        out += ["## Top differing fields per calculator", "",
                *_md_table(["calculator", "field", "kind", "n", "example"], _field_rows(r)), ""]
    if r.correct_with_diffs:
        out += [f"Correct attempts whose inputs differ from gold: {len(r.correct_with_diffs)} "
                f"(cases {', '.join(r.correct_with_diffs[:10])}).", ""]
    return "\n".join(out).rstrip() + "\n"


__all__ = ["attribute", "attribute_one", "gold_for", "compare_inputs", "render_text",
           "render_markdown", "AttributionReport", "Attribution", "FieldDiff", "CAUSES", "KINDS"]
