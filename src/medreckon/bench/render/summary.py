"""The bench report of one run (`analysis.summary.Summary`) as plain text and a self-contained
HTML page, and the paired comparison of two runs (`bench compare`) as plain text."""

from __future__ import annotations

import html
from collections.abc import Callable

from ..analysis.selective import Selective
from ..analysis.summary import Comparison, Group, Summary
from ..types import STATUSES
from .cells import NONE, cut, interval, p_value, percent, rule_text
from .charts import accuracy_svg
from .page import page
from .tables import html_table


def render_text(summary: Summary) -> str:
    """A plain-text report: overall, per category, per calculator, with status counts."""
    name_w = 44
    head = (f"{'':<{name_w}} {'n':>5} {'correct':>7} {'accuracy':>8}  {'95% CI (Wilson)':<15} "
            + " ".join(f"{s:>9}" for s in STATUSES))

    def line(label: str, g: Group) -> str:
        return (f"{cut(label, name_w):<{name_w}} {g.n:>5} {g.correct:>7} {percent(g.accuracy):>8}  "
                f"{interval(g.wilson, g.n):<15} "
                + " ".join(f"{g.statuses.get(s, 0):>9}" for s in STATUSES))

    out = [
        f"Rule: {rule_text(summary.rule, summary.params)}",
        f"Dataset: {', '.join(summary.datasets) or NONE}",
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


def render_selective_text(sel: Selective) -> str:
    """The selective-prediction lines of a report (see analysis.selective)."""
    at = "  ".join(f"{k} {percent(v)}" for k, v in sel.accuracy_at.items())
    lines = ["Selective prediction (ranked by the reading's confidence; a person reviews the rest)",
             f"  attempts {sel.n}, with a confidence {sel.with_confidence}; plain accuracy {percent(sel.accuracy)}",
             f"  accuracy at coverage: {at}",
             f"  AURC {sel.aurc:.3f} (a perfect ranking: {sel.optimal_aurc:.3f}; no ranking: "
             f"{1 - (sel.accuracy or 0):.3f})" if sel.aurc is not None else "  AURC -"]
    if sel.threshold is not None:
        lines.append(f"  at the review threshold {sel.threshold:.3f}: answers {percent(sel.coverage_at_threshold)} "
                     f"of the cases, {percent(sel.accuracy_at_threshold)} of them right")
    return "\n".join(lines) + "\n"


def _calc_label(g: Group) -> str:
    return f"{g.calculator_id} · {g.label}" if g.calculator_id is not None else g.label


def _groups_table(groups: list[Group], first: str,
                  label: Callable[[Group], str] = lambda g: g.label) -> str:
    header = [first, "n", "correct", "accuracy", "95% CI", *STATUSES]
    rows = [[label(g), str(g.n), str(g.correct), percent(g.accuracy), interval(g.wilson, g.n),
             *(str(g.statuses.get(s, 0)) for s in STATUSES)] for g in groups]
    return html_table(header, rows)


def render_html(summary: Summary, title: str = "medreckon bench report", extra: str = "") -> str:
    """A self-contained HTML page (inline CSS and SVG; no scripts, fonts or links to fetch);
    `extra` is HTML appended at the end (the run's step verdicts)."""
    return page(title, summary_html(summary) + extra)


def summary_html(summary: Summary) -> str:
    """The report's body (no page shell): the run viewer shows it on a run's page."""
    o = summary.overall
    status_line = ", ".join(f"{s} {o.statuses.get(s, 0)}" for s in STATUSES)
    bars = [(_calc_label(g), g.correct, g.n, g.wilson) for g in summary.by_calculator]
    return f"""<p class="meta">Rule <b>{html.escape(rule_text(summary.rule, summary.params))}</b> ·
dataset {html.escape(', '.join(summary.datasets) or NONE)} · {o.n} attempts</p>
<p><span class="big">{percent(o.accuracy)}</span> correct ({o.correct}/{o.n}; 95% Wilson interval {interval(o.wilson, o.n)})</p>
<p class="meta">Statuses: {html.escape(status_line)}. Attempts that are not <i>ok</i> count as wrong.</p>
<h2>By category</h2>
{_groups_table(summary.by_category, "category")}
<h2>Accuracy per calculator</h2>
{accuracy_svg(bars, of="calculator", label_width=330, label_chars=48)}
<h2>By calculator</h2>
{_groups_table(summary.by_calculator, "calculator", _calc_label)}
"""


def render_comparison_text(cmp: Comparison, names: tuple[str, str] = ("A", "B")) -> str:
    a, b = names
    w = max(len(a), len(b), 4)
    lo, hi = cmp.difference_ci
    diff_pp = 100 * cmp.difference
    lines = [
        f"Rule: {rule_text(cmp.rule, cmp.params)}",
        f"Shared cases: {cmp.n_shared} (only in {a}: {cmp.only_a}, only in {b}: {cmp.only_b})",
        "",
        f"{'':<{w}}  correct  accuracy",
        f"{a:<{w}}  {cmp.correct_a:>7}  {percent(cmp.accuracy_a):>8}",
        f"{b:<{w}}  {cmp.correct_b:>7}  {percent(cmp.accuracy_b):>8}",
        "",
        f"Difference {a} − {b}: {diff_pp:+.1f} percentage points "
        f"(95% CI {100 * lo:+.1f} to {100 * hi:+.1f}, Newcombe paired)",
        f"Both correct {cmp.both_correct}, only {a} correct {cmp.b}, only {b} correct {cmp.c}, both wrong {cmp.both_wrong}",
        f"Exact McNemar p = {p_value(cmp.p_value, below='< 0.0001')} (two-sided, {cmp.b + cmp.c} discordant pairs)",
    ]
    if cmp.b + cmp.c == 0:
        lines.append("The runs agree on every shared case: no evidence of a difference.")
    return "\n".join(lines) + "\n"
