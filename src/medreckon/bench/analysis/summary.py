"""Reports over scored attempts: accuracy with Wilson intervals overall, per category and per
calculator, with every status counted; paired comparisons of two runs (exact McNemar).

Accuracy is correct / n over all attempts, so an attempt that was unparsed, truncated,
refused or failed counts as wrong — and is also counted under its status, never hidden.
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from ..types import STATUSES, Case, Outcome
from .scoring import check_rule, is_correct
from .stats import mcnemar_exact, newcombe_paired, wilson

Row = tuple[Case, Outcome]


@dataclass(frozen=True)
class Group:
    """One line of a report: all attempts, one category, or one calculator."""

    key: str
    label: str
    n: int
    correct: int
    accuracy: float | None  # None when n == 0
    wilson: tuple[float, float]
    statuses: dict[str, int]  # every status, zeros included
    category: str | None = None
    calculator_id: int | None = None


@dataclass(frozen=True)
class Summary:
    rule: str
    params: dict[str, Any]
    overall: Group
    by_category: list[Group]
    by_calculator: list[Group]
    datasets: list[str] = field(default_factory=list)  # "medcalc-bench v1.0"

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def _group(key: str, label: str, marks: Sequence[tuple[bool, str]], **extra: Any) -> Group:
    n = len(marks)
    correct = sum(1 for ok, _ in marks if ok)
    statuses = dict.fromkeys(STATUSES, 0)
    for _, status in marks:
        statuses[status] = statuses.get(status, 0) + 1
    return Group(key, label, n, correct, correct / n if n else None, wilson(correct, n), statuses, **extra)


def _check_rows(rows: Iterable[Row], where: str = "rows") -> list[Row]:
    out = list(rows)
    for i, row in enumerate(out):
        if not (isinstance(row, tuple) and len(row) == 2 and isinstance(row[0], Case) and isinstance(row[1], Outcome)):
            raise TypeError(f"{where}[{i}] is not a (Case, Outcome) pair")
    return out


def _calc_sort(g: Group) -> tuple[int, int, str]:
    return (g.calculator_id is None, g.calculator_id or 0, g.label)


def summarise(rows: Iterable[Row], rule: str = "medcalc_bench", **params: Any) -> Summary:
    """Score every (case, outcome) under `rule` and count by category and calculator."""
    check_rule(rule, params)
    pairs = _check_rows(rows)
    marks = [(is_correct(o, c, rule, **params), o.status) for c, o in pairs]
    by_cat: dict[str, list[tuple[bool, str]]] = {}
    by_calc: dict[tuple[int | None, str], list[tuple[bool, str]]] = {}
    calc_category: dict[tuple[int | None, str], str] = {}
    for (case, _), mark in zip(pairs, marks, strict=True):
        by_cat.setdefault(case.category, []).append(mark)
        key = (case.calculator_id, case.calculator_name)
        by_calc.setdefault(key, []).append(mark)
        calc_category.setdefault(key, case.category)
    datasets = sorted({f"{c.dataset} {c.dataset_version}" for c, _ in pairs})
    return Summary(
        rule=rule,
        params=dict(params),
        overall=_group("overall", "all attempts", marks),
        by_category=[_group(k, k, v) for k, v in sorted(by_cat.items())],
        by_calculator=sorted(
            (
                _group(str(cid) if cid is not None else name, name, v, category=calc_category[(cid, name)],
                       calculator_id=cid)
                for (cid, name), v in by_calc.items()
            ),
            key=_calc_sort,
        ),
        datasets=datasets,
    )


# --------------------------------------------------------------------------------------------
# Text
# --------------------------------------------------------------------------------------------

def _pct(x: float | None) -> str:
    return "—" if x is None else f"{100 * x:.1f}%"


def _ci(g: Group) -> str:
    return "—" if g.n == 0 else f"{100 * g.wilson[0]:.1f}–{100 * g.wilson[1]:.1f}%"


def _cut(text: str, width: int) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"


def _rule_text(summary_rule: str, params: dict[str, Any]) -> str:
    return summary_rule + (" (" + ", ".join(f"{k}={v}" for k, v in params.items()) + ")" if params else "")


def render_text(summary: Summary) -> str:
    """A plain-text report: overall, per category, per calculator, with status counts."""
    name_w = 44
    head = (f"{'':<{name_w}} {'n':>5} {'correct':>7} {'accuracy':>8}  {'95% CI (Wilson)':<15} "
            + " ".join(f"{s:>9}" for s in STATUSES))

    def line(label: str, g: Group) -> str:
        return (f"{_cut(label, name_w):<{name_w}} {g.n:>5} {g.correct:>7} {_pct(g.accuracy):>8}  {_ci(g):<15} "
                + " ".join(f"{g.statuses.get(s, 0):>9}" for s in STATUSES))

    out = [
        f"Rule: {_rule_text(summary.rule, summary.params)}",
        f"Dataset: {', '.join(summary.datasets) or '—'}",
        "",
        head,
        line("overall", summary.overall),
        "",
        "By category",
        *(line(g.label, g) for g in summary.by_category),
        "",
        "By calculator",
        *(line(f"{g.calculator_id if g.calculator_id is not None else '-':>3} {g.label}", g)
          for g in summary.by_calculator),
    ]
    return "\n".join(out) + "\n"


# --------------------------------------------------------------------------------------------
# HTML
# --------------------------------------------------------------------------------------------

_CSS = """
body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:2rem auto;max-width:1100px;
color:#1d2430;padding:0 1rem}
h1{font-size:1.5rem;margin:0 0 .25rem}h2{font-size:1.15rem;margin:2rem 0 .5rem}
.meta{color:#5a6474;margin:0 0 1rem}
table{border-collapse:collapse;width:100%;font-variant-numeric:tabular-nums}
th,td{padding:.3rem .5rem;border-bottom:1px solid #e3e7ee;text-align:right;white-space:nowrap}
th:first-child,td:first-child{text-align:left;white-space:normal}
th{background:#f4f6f9;font-weight:600}
td.zero{color:#b8bfca}
.big{font-size:2rem;font-weight:650}
svg text{font:12px system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;fill:#1d2430}
svg .axis{fill:#5a6474}
"""


def _table(groups: Sequence[Group], first: str, label: Any = None) -> str:
    head = "".join(f"<th>{h}</th>" for h in (first, "n", "correct", "accuracy", "95% CI", *STATUSES))
    rows = []
    for g in groups:
        name = html.escape(label(g) if label else g.label)
        cells = [f"<td>{name}</td>", f"<td>{g.n}</td>", f"<td>{g.correct}</td>",
                 f"<td>{_pct(g.accuracy)}</td>", f"<td>{_ci(g)}</td>"]
        cells += [f'<td class="{"zero" if not g.statuses.get(s) else ""}">{g.statuses.get(s, 0)}</td>'
                  for s in STATUSES]
        rows.append("<tr>" + "".join(cells) + "</tr>")
    return f"<table><thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>"


def _calc_label(g: Group) -> str:
    return f"{g.calculator_id} · {g.label}" if g.calculator_id is not None else g.label


def accuracy_svg(groups: Sequence[Group], *, label_width: int = 330, bar_width: int = 420) -> str:
    """An inline SVG bar chart: accuracy per group with its Wilson interval as a whisker."""
    row_h, top, bottom = 20, 26, 10
    right = 70
    width = label_width + bar_width + right
    height = top + row_h * len(groups) + bottom
    x0 = label_width
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" role="img" aria-label="Accuracy per calculator with 95% Wilson intervals">'
    ]
    for tick in (0, 25, 50, 75, 100):
        x = x0 + bar_width * tick / 100
        parts.append(f'<line x1="{x:.1f}" y1="{top - 6}" x2="{x:.1f}" y2="{height - bottom}" stroke="#e3e7ee"/>')
        parts.append(f'<text class="axis" x="{x:.1f}" y="{top - 10}" text-anchor="middle">{tick}%</text>')
    for i, g in enumerate(groups):
        y = top + i * row_h
        mid = y + row_h / 2
        acc = g.accuracy or 0.0
        lo, hi = g.wilson
        tip = html.escape(f"{_calc_label(g)}: {g.correct}/{g.n} = {_pct(g.accuracy)} (95% CI {_ci(g)})")
        parts.append("<g>")
        parts.append(f"<title>{tip}</title>")
        parts.append(f'<text x="{x0 - 8}" y="{mid + 4:.1f}" text-anchor="end">{html.escape(_cut(_calc_label(g), 48))}</text>')
        parts.append(f'<rect x="{x0}" y="{y + 3}" width="{bar_width}" height="{row_h - 6}" fill="#f4f6f9"/>')
        parts.append(f'<rect class="bar" x="{x0}" y="{y + 3}" width="{bar_width * acc:.1f}" height="{row_h - 6}" '
                     'fill="#4c78a8"/>')
        if g.n:
            xl, xh = x0 + bar_width * lo, x0 + bar_width * hi
            parts.append(f'<line x1="{xl:.1f}" y1="{mid:.1f}" x2="{xh:.1f}" y2="{mid:.1f}" stroke="#1d2430" stroke-width="1.2"/>')
            for xe in (xl, xh):
                parts.append(f'<line x1="{xe:.1f}" y1="{mid - 4:.1f}" x2="{xe:.1f}" y2="{mid + 4:.1f}" stroke="#1d2430" stroke-width="1.2"/>')
        parts.append(f'<text x="{x0 + bar_width + 8}" y="{mid + 4:.1f}">{_pct(g.accuracy)} <tspan class="axis">n={g.n}</tspan></text>')
        parts.append("</g>")
    parts.append("</svg>")
    return "".join(parts)


def render_html(summary: Summary, title: str = "medreckon bench report") -> str:
    """A self-contained HTML page (inline CSS and SVG; no scripts, fonts or links to fetch)."""
    o = summary.overall
    status_line = ", ".join(f"{s} {o.statuses.get(s, 0)}" for s in STATUSES)
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>{html.escape(title)}</title><style>{_CSS}</style></head>
<body>
<h1>{html.escape(title)}</h1>
<p class="meta">Rule <b>{html.escape(_rule_text(summary.rule, summary.params))}</b> ·
dataset {html.escape(', '.join(summary.datasets) or '—')} · {o.n} attempts</p>
<p><span class="big">{_pct(o.accuracy)}</span> correct ({o.correct}/{o.n}; 95% Wilson interval {_ci(o)})</p>
<p class="meta">Statuses: {html.escape(status_line)}. Attempts that are not <i>ok</i> count as wrong.</p>
<h2>By category</h2>
{_table(summary.by_category, "category")}
<h2>Accuracy per calculator</h2>
{accuracy_svg(summary.by_calculator)}
<h2>By calculator</h2>
{_table(summary.by_calculator, "calculator", _calc_label)}
</body></html>
"""


# --------------------------------------------------------------------------------------------
# Paired comparison
# --------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Comparison:
    rule: str
    params: dict[str, Any]
    n_shared: int
    only_a: int  # cases only run A has
    only_b: int
    correct_a: int
    correct_b: int
    accuracy_a: float
    accuracy_b: float
    difference: float  # accuracy_a - accuracy_b on the shared cases
    difference_ci: tuple[float, float]  # Newcombe paired 95% interval
    both_correct: int
    b: int  # A correct, B wrong
    c: int  # A wrong, B correct
    both_wrong: int
    p_value: float  # exact McNemar, two-sided

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def _by_case(rows: list[Row], name: str) -> dict[tuple[str, str, str], Row]:
    out: dict[tuple[str, str, str], Row] = {}
    for case, outcome in rows:
        key = (case.dataset, case.dataset_version, case.id)
        if key in out:
            raise ValueError(
                f"run {name} has more than one attempt for case {case.id} ({case.dataset} {case.dataset_version}); "
                "a paired comparison needs one per case — compare one epoch at a time"
            )
        out[key] = (case, outcome)
    return out


def compare(rows_a: Iterable[Row], rows_b: Iterable[Row], rule: str = "medcalc_bench", **params: Any) -> Comparison:
    """Paired accuracy difference of two runs on the cases both ran, with exact McNemar."""
    check_rule(rule, params)
    a = _by_case(_check_rows(rows_a, "rows_a"), "A")
    b = _by_case(_check_rows(rows_b, "rows_b"), "B")
    shared = [k for k in a if k in b]
    if not shared:
        def sets(rows: dict[tuple[str, str, str], Row]) -> str:
            return ", ".join(sorted({f"{k[0]} {k[1]}" for k in rows})) or "no cases"
        raise ValueError(f"the runs share no cases (A: {sets(a)}; B: {sets(b)})")
    both = only_a_right = only_b_right = neither = 0
    for k in shared:
        ca, oa = a[k]
        cb, ob = b[k]
        ra, rb = is_correct(oa, ca, rule, **params), is_correct(ob, cb, rule, **params)
        both += ra and rb
        only_a_right += ra and not rb
        only_b_right += rb and not ra
        neither += not ra and not rb
    n = len(shared)
    correct_a, correct_b = both + only_a_right, both + only_b_right
    return Comparison(
        rule=rule,
        params=dict(params),
        n_shared=n,
        only_a=len(a) - n,
        only_b=len(b) - n,
        correct_a=correct_a,
        correct_b=correct_b,
        accuracy_a=correct_a / n,
        accuracy_b=correct_b / n,
        difference=(correct_a - correct_b) / n,
        difference_ci=newcombe_paired(both, only_a_right, only_b_right, neither),
        both_correct=both,
        b=only_a_right,
        c=only_b_right,
        both_wrong=neither,
        p_value=mcnemar_exact(only_a_right, only_b_right),
    )


def _p(p: float) -> str:
    if p < 0.0001:
        return "< 0.0001"
    return f"{p:.4f}" if p < 0.01 else f"{p:.3f}"


def render_comparison_text(cmp: Comparison, names: tuple[str, str] = ("A", "B")) -> str:
    a, b = names
    w = max(len(a), len(b), 4)
    lo, hi = cmp.difference_ci
    diff_pp = 100 * cmp.difference
    lines = [
        f"Rule: {_rule_text(cmp.rule, cmp.params)}",
        f"Shared cases: {cmp.n_shared} (only in {a}: {cmp.only_a}, only in {b}: {cmp.only_b})",
        "",
        f"{'':<{w}}  correct  accuracy",
        f"{a:<{w}}  {cmp.correct_a:>7}  {_pct(cmp.accuracy_a):>8}",
        f"{b:<{w}}  {cmp.correct_b:>7}  {_pct(cmp.accuracy_b):>8}",
        "",
        f"Difference {a} − {b}: {diff_pp:+.1f} percentage points "
        f"(95% CI {100 * lo:+.1f} to {100 * hi:+.1f}, Newcombe paired)",
        f"Both correct {cmp.both_correct}, only {a} correct {cmp.b}, only {b} correct {cmp.c}, both wrong {cmp.both_wrong}",
        f"Exact McNemar p = {_p(cmp.p_value)} (two-sided, {cmp.b + cmp.c} discordant pairs)",
    ]
    if cmp.b + cmp.c == 0:
        lines.append("The runs agree on every shared case: no evidence of a difference.")
    return "\n".join(lines) + "\n"
