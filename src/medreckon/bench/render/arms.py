"""The arms report (`analysis.arms.ArmsReport`) as plain text, Markdown (for docs/results) and a
self-contained HTML page: accuracy per arm, adjacent comparisons, cost per case, error
magnitude, and per-category and per-calculator tables with the arms as columns."""

from __future__ import annotations

import html

from ..analysis.arms import DATE_RANGE_DAYS, ArmsReport, ArmSummary, Cell, PairComparison, TableRow
from ..types import STATUSES
from .cells import NONE, cut, interval, median_iqr, number, p_value, percent, rule_text
from .charts import accuracy_svg, magnitude_svg
from .page import page
from .tables import html_table, markdown_table, text_table

_SELECTIVE = ("attempts ranked by the reading's calibrated confidence; accuracy on the most confident 50%, 80% "
              "and all of them; AURC: mean risk over every coverage, lower is better; at the review threshold, "
              "the share answered and their accuracy")


def _cell(c: Cell) -> str:
    return NONE if c.n == 0 else f"{c.correct}/{c.n}"


def _or_text(c: PairComparison) -> str:
    if c.gee_odds_ratio is None or c.gee_or_ci is None:
        return NONE
    return f"{c.gee_odds_ratio:.2f} ({c.gee_or_ci[0]:.2f}–{c.gee_or_ci[1]:.2f})"


def _diff_text(c: PairComparison) -> str:
    if c.difference is None or c.difference_ci is None:
        return NONE
    lo, hi = c.difference_ci
    return f"{100 * c.difference:+.1f} pp ({100 * lo:+.1f} to {100 * hi:+.1f})"


def _arm_version(a: ArmSummary) -> str:
    v = a.meta.get("strategy_version")
    s = a.meta.get("strategy")
    if s and s != a.name:
        return f"{s} {v or ''}".strip()
    return str(v or "")


def _incomplete(report: ArmsReport) -> list[str]:
    return [f"{a.name} attempted {a.n} of {report.n_cases} cases" for a in report.arms
            if a.n < report.n_cases]


_NOTES = (
    "Accuracy counts every attempt that is not `ok` as wrong. Comparisons are between adjacent "
    "arms (B − A) on the cases both attempted: Newcombe paired 95% interval, exact two-sided "
    "McNemar, and the odds ratio B vs A from a logistic GEE clustered by case (exchangeable "
    "working correlation, robust standard errors); each family of p-values is Holm–Bonferroni "
    "adjusted over the comparisons. Error magnitude: |answer − truth| / width of the "
    "calculator's plausible output range, over wrong answers that gave a value (dates and "
    f"gestational ages in days over {DATE_RANGE_DAYS} days): median (IQR). Time is the summed "
    "latency of an attempt's model requests."
)


def _arm_rows(report: ArmsReport) -> tuple[list[str], list[list[str]]]:
    header = ["arm", "version", "n", "correct", "accuracy", "95% CI (Wilson)", *STATUSES]
    rows = [[a.name, _arm_version(a), str(a.n), str(a.correct), percent(a.accuracy),
             interval(a.wilson, a.n), *(str(a.statuses.get(s, 0)) for s in STATUSES)]
            for a in report.arms]
    return header, rows


def _cost_rows(report: ArmsReport) -> tuple[list[str], list[list[str]]]:
    header = ["arm", "prompt tokens", "completion tokens", "seconds (mean)", "seconds (median)",
              "requests"]
    rows = [[a.name, number(a.prompt_tokens_per_case), number(a.completion_tokens_per_case),
             number(a.seconds_per_case, ".1f"), number(a.median_seconds_per_case, ".1f"),
             number(a.model_calls_per_case, ".1f")] for a in report.arms]
    return header, rows


def _magnitude_rows(report: ArmsReport) -> tuple[list[str], list[list[str]]]:
    header = ["arm", "wrong", "not ok", "no range", "measured", "median (IQR)"]
    rows = [[a.name, str(a.wrong), str(a.wrong_unanswered), str(a.wrong_unmeasured),
             str(len(a.magnitudes)), median_iqr(a.magnitude_median, a.magnitude_iqr)] for a in report.arms]
    return header, rows


def _selective_rows(report: ArmsReport) -> tuple[list[str], list[list[str]]]:
    header = ["arm", "n", "accuracy", "AURC", "perfect AURC", "acc @50%", "acc @80%", "acc @100%",
              "threshold", "coverage", "acc answered"]
    rows = []
    for a in report.arms:
        s = a.selective
        if s is None:
            rows.append([a.name, str(a.n), percent(a.accuracy), "no confidence", "", "", "", "", "", "", ""])
            continue
        rows.append([a.name, str(s.n), percent(s.accuracy), f"{s.aurc:.3f}", f"{s.optimal_aurc:.3f}",
                     *(percent(v) for v in s.accuracy_at.values()),
                     NONE if s.threshold is None else f"{s.threshold:.3f}", percent(s.coverage_at_threshold),
                     percent(s.accuracy_at_threshold)])
    return header, rows


def _cmp_rows(report: ArmsReport) -> tuple[list[str], list[list[str]]]:
    header = ["A → B", "n", "both", "only A", "only B", "neither", "B − A (95% CI)",
              "McNemar p", "McNemar Holm", "GEE OR B/A (95% CI)", "GEE p", "GEE Holm"]
    rows = [[f"{c.a} → {c.b}", str(c.n_shared), str(c.both_correct), str(c.only_a),
             str(c.only_b), str(c.both_wrong), _diff_text(c), p_value(c.mcnemar_p),
             p_value(c.mcnemar_p_holm), _or_text(c), p_value(c.gee_p), p_value(c.gee_p_holm)]
            for c in report.comparisons]
    return header, rows


def _group_rows(report: ArmsReport, rows: list[TableRow], calculators: bool, plain: bool = True
                ) -> tuple[list[str], list[list[str]]]:
    header = ["calculator" if calculators else "category", *(a.name for a in report.arms)]
    out = []
    for r in rows:
        if not calculators:
            label = r.label
        elif plain:
            label = f"{r.key:>3} {cut(r.label, 40)}"
        else:
            label = f"{r.key} · {r.label}"
        out.append([label, *(_cell(c) for c in r.cells)])
    return header, out


def _labels(report: ArmsReport) -> str:
    labels = report.context.get("labels")
    return f" · labels {labels}" if labels else ""


def _header_lines(report: ArmsReport) -> list[str]:
    ctx = report.context
    lines = []
    if ctx.get("title"):
        lines.append(str(ctx["title"]))
    if ctx.get("command"):
        lines.append(f"Command: {ctx['command']}")
    if ctx.get("model"):
        lines.append(f"Model: {ctx['model']}")
    lines.append(f"Rule: {rule_text(report.rule, report.params)}{_labels(report)} · dataset "
                 f"{', '.join(report.datasets) or NONE} · {report.n_cases} cases · "
                 f"{len(report.arms)} arms")
    return lines


def render_text(report: ArmsReport) -> str:
    """The arms report as plain text."""
    out = _header_lines(report)
    for warning in _incomplete(report):
        out.append(f"incomplete: {warning}")
    out += ["", "Accuracy per arm", *text_table(*_arm_rows(report)), ""]
    if report.comparisons:
        out += ["Adjacent arms (B − A on the cases both attempted)",
                *text_table(*_cmp_rows(report)), f"GEE: {report.gee_message}"]
        notes = [f"  {c.a} → {c.b}: {c.gee_note}" for c in report.comparisons if c.gee_note]
        out += notes + [""]
    if any(a.selective for a in report.arms):
        out += [f"Selective prediction ({_SELECTIVE})", *text_table(*_selective_rows(report)), ""]
    out += ["Per case: tokens, model time, requests", *text_table(*_cost_rows(report)), ""]
    out += ["Error magnitude of wrong answers (|error| / output range)",
            *text_table(*_magnitude_rows(report)), ""]
    out += ["By category (correct/n)", *text_table(*_group_rows(report, report.by_category, False)), ""]
    out += ["By calculator (correct/n)",
            *text_table(*_group_rows(report, report.by_calculator, True)), ""]
    out += [_NOTES]
    return "\n".join(out) + "\n"


def render_markdown(report: ArmsReport) -> str:
    """The arms report as Markdown (tables; for docs/results)."""
    ctx = report.context
    out = [f"# {ctx.get('title') or 'Arms report'}", ""]
    if ctx.get("command"):
        out += ["```", str(ctx["command"]), "```", ""]
    model = f"Model: `{ctx['model']}` · " if ctx.get("model") else ""
    out.append(f"{model}rule: `{rule_text(report.rule, report.params)}`{_labels(report)} · dataset "
               f"{', '.join(report.datasets) or NONE} · {report.n_cases} cases · "
               f"{len(report.arms)} arms")
    out.append("")
    for warning in _incomplete(report):
        out.append(f"- **incomplete:** {warning}")
    if _incomplete(report):
        out.append("")
    out += ["## Accuracy per arm", "", *markdown_table(*_arm_rows(report)), ""]
    if report.comparisons:
        out += ["## Adjacent arms", "", *markdown_table(*_cmp_rows(report)), "",
                f"GEE: {report.gee_message}.", ""]
        out += [f"- {c.a} → {c.b}: {c.gee_note}" for c in report.comparisons if c.gee_note]
        out.append("")
    if any(a.selective for a in report.arms):
        out += ["## Selective prediction", "", f"{_SELECTIVE}.", "", *markdown_table(*_selective_rows(report)), ""]
    out += ["## Per case: tokens, model time, requests", "", *markdown_table(*_cost_rows(report)), ""]
    out += ["## Error magnitude of wrong answers (|error| / output range)", "",
            *markdown_table(*_magnitude_rows(report)), ""]
    out += ["## By category (correct/n)", "",
            *markdown_table(*_group_rows(report, report.by_category, False)), ""]
    out += ["## By calculator (correct/n)", "",
            *markdown_table(*_group_rows(report, report.by_calculator, True, plain=False)), ""]
    out += [_NOTES, ""]
    return "\n".join(out)


def render_html(report: ArmsReport, extra: str = "") -> str:
    """A self-contained HTML page (inline CSS and SVG; no scripts, fonts or links to fetch);
    `extra` is HTML appended at the end (the arms' step verdicts)."""
    title = str(report.context.get("title") or "medreckon arms report")
    return page(title, "\n".join([arms_html(report), extra]))


def arms_html(report: ArmsReport) -> str:
    """The report's body (no page shell): the run viewer shows it on its arms page."""
    ctx = report.context
    meta = []
    if ctx.get("command"):
        meta.append(f'<p class="meta">Command: <code>{html.escape(str(ctx["command"]))}</code></p>')
    model = f"Model <b>{html.escape(str(ctx['model']))}</b> · " if ctx.get("model") else ""
    meta.append(f'<p class="meta">{model}rule <b>{html.escape(rule_text(report.rule, report.params))}</b>'
                f"{html.escape(_labels(report))} · "
                f"dataset {html.escape(', '.join(report.datasets) or NONE)} · {report.n_cases} cases · "
                f"{len(report.arms)} arms</p>")
    meta += [f'<p class="meta warn">Incomplete: {html.escape(w)}</p>' for w in _incomplete(report)]
    parts = [*meta, "<h2>Accuracy per arm</h2>",
             accuracy_svg([(a.name, a.correct, a.n, a.wilson) for a in report.arms], of="arm"),
             html_table(*_arm_rows(report))]
    if report.comparisons:
        notes = "".join(f"<li>{html.escape(f'{c.a} → {c.b}: {c.gee_note}')}</li>"
                        for c in report.comparisons if c.gee_note)
        parts.append(f"<h2>Adjacent arms</h2>{html_table(*_cmp_rows(report))}"
                     f'<p class="meta">GEE: {html.escape(report.gee_message)}.</p>'
                     + (f"<ul class=\"meta\">{notes}</ul>" if notes else ""))
    if any(a.selective for a in report.arms):
        parts.append(f'<h2>Selective prediction</h2><p class="meta">{html.escape(_SELECTIVE)}.</p>'
                     f"{html_table(*_selective_rows(report))}")
    parts.append(f"<h2>Per case: tokens, model time, requests</h2>{html_table(*_cost_rows(report))}"
                 f"<h2>Error magnitude of wrong answers (|error| / output range)</h2>"
                 f"{magnitude_svg(report.arms)}{html_table(*_magnitude_rows(report))}")
    for title_, rows, calcs in (("By category (correct/n)", report.by_category, False),
                                ("By calculator (correct/n)", report.by_calculator, True)):
        header, body = _group_rows(report, rows, calcs, plain=False)
        shade = [[c.accuracy for c in r.cells] for r in rows]
        parts.append(f"<h2>{html.escape(title_)}</h2>{html_table(header, body, shade)}")
    parts.append(f'<p class="meta">{html.escape(_NOTES.replace("`", ""))}</p>')
    return "\n".join(parts)
