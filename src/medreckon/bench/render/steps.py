"""Step verification written out (`bench verify`, `bench errors`): MedRaC-style step tables
(per-step accuracy, Conditional Correctness CC_i, First-Error rate FE_i, with Wilson
intervals), error-type counts (MedRaC's taxonomy and OpenMedCalc's classes), entity verdicts,
and how far a judge agrees with the exact verdicts or with people; as text, Markdown and a
self-contained HTML page with plots."""

from __future__ import annotations

import html
from collections.abc import Sequence

from ..analysis.agreement import AgreementReport
from ..analysis.step_metrics import Rate, StepMetrics, StepReport
from ..analysis.verdicts import ERROR_TYPES, OPENMEDCALC_CLASS, STEPS
from .cells import NONE, interval, percent
from .charts import accuracy_svg
from .page import page
from .tables import html_table, markdown_table, text_table

STEP_LABELS = {"calculator": "1 calculator", "values": "2 values", "arithmetic": "3 arithmetic",
               "answer": "4 answer", "none": "no error"}


def _rate(r: Rate) -> str:
    return f"{r.k}/{r.n} {percent(r.p)}" if r.n else NONE


def _ci(r: Rate) -> str:
    return interval((r.lo, r.hi), r.n) if r.n else NONE


def _step_rows(m: StepMetrics) -> tuple[list[str], list[list[str]]]:
    header = ["step", "accuracy", "CC (right | earlier right)", "95% CI", "first error here", "95% CI"]
    rows = [[STEP_LABELS[s], _rate(m.accuracy[s]), _rate(m.conditional[s]), _ci(m.conditional[s]),
             _rate(m.first_error[s]), _ci(m.first_error[s])] for s in STEPS]
    rows.append(["all four right", _rate(m.all_right), "", _ci(m.all_right),
                 _rate(m.first_error["none"]), _ci(m.first_error["none"])])
    return header, rows


def _error_rows(m: StepMetrics) -> tuple[list[str], list[list[str]]]:
    header = ["error type (MedRaC)", "attempts", "share of n", "OpenMedCalc class"]
    rows = [[t, str(k), percent(k, m.n) if m.n else NONE, OPENMEDCALC_CLASS.get(t, NONE)]
            for t, k in m.errors.items()]
    return header, rows


def _count_line(counts: dict[str, int]) -> str:
    return ", ".join(f"{k} {v}" for k, v in counts.items() if v) or "none"


def _status_line(m: StepMetrics) -> str:
    return (f"{m.n} attempts with verdicts ({_count_line(m.sources)}); statuses: "
            f"{_count_line(m.statuses)}")


def _group_rows(groups: Sequence[StepMetrics], calculators: bool) -> tuple[list[str], list[list[str]]]:
    header = ["calculator" if calculators else "category", "n", "all four right",
              *(f"FE {STEP_LABELS[s]}" for s in STEPS)]
    rows = []
    for g in groups:
        label = f"{g.calculator_id} {g.key}" if calculators and g.calculator_id is not None else g.key
        rows.append([label, str(g.n), _rate(g.all_right), *(str(g.first_error[s].k) for s in STEPS)])
    return header, rows


def _empty(m: StepMetrics) -> str | None:
    why = m.why_empty()
    return f"No step verdicts: {why}." if why else None


def render_text(report: StepReport, title: str = "Step verification") -> str:
    o = report.overall
    out = [title, _status_line(o)]
    if (why := _empty(o)) is not None:
        return "\n".join([*out, why]) + "\n"
    out += ["", *text_table(*_step_rows(o)), "", *text_table(*_error_rows(o)), "",
            f"OpenMedCalc classes: {_count_line(o.openmedcalc)}",
            f"Entity verdicts (step 2): {_count_line(o.entities)}", "",
            "By category", *text_table(*_group_rows(report.by_category, False)), "",
            "By calculator", *text_table(*_group_rows(report.by_calculator, True))]
    return "\n".join(out) + "\n"


def render_markdown(report: StepReport, title: str = "Step verification") -> str:
    o = report.overall
    out = [f"## {title}", "", _status_line(o), ""]
    if (why := _empty(o)) is not None:
        return "\n".join([*out, why]) + "\n"
    out += [*markdown_table(*_step_rows(o)), "", *markdown_table(*_error_rows(o)), "",
            f"OpenMedCalc classes: {_count_line(o.openmedcalc)}.", "",
            f"Entity verdicts (step 2): {_count_line(o.entities)}.", "",
            "### By category", "", *markdown_table(*_group_rows(report.by_category, False)), "",
            "### By calculator", "", *markdown_table(*_group_rows(report.by_calculator, True))]
    return "\n".join(out) + "\n"


def _bars(rates: dict[str, Rate], names: Sequence[str]) -> list[tuple[str, int, int, tuple[float, float]]]:
    return [(STEP_LABELS[s], rates[s].k, rates[s].n, (rates[s].lo, rates[s].hi)) for s in names]


def steps_html(report: StepReport, title: str = "Step verification") -> str:
    """The step section of a page (no page shell): tables and the CC and FE plots."""
    o = report.overall
    parts = [f"<h2>{html.escape(title)}</h2>", f'<p class="meta">{html.escape(_status_line(o))}</p>']
    if (why := _empty(o)) is not None:
        return "\n".join([*parts, f"<p>{html.escape(why)}</p>"])
    parts += [html_table(*_step_rows(o)),
              "<h2>Conditional Correctness per step</h2>",
              accuracy_svg(_bars(o.conditional, STEPS), of="step"),
              "<h2>Where the first error falls</h2>",
              accuracy_svg(_bars(o.first_error, (*STEPS, "none")), of="first error"),
              "<h2>Error types</h2>", html_table(*_error_rows(o)),
              f'<p class="meta">OpenMedCalc classes: {html.escape(_count_line(o.openmedcalc))}<br>'
              f"Entity verdicts (step 2): {html.escape(_count_line(o.entities))}</p>",
              "<h2>By category</h2>", html_table(*_group_rows(report.by_category, False)),
              "<h2>By calculator</h2>", html_table(*_group_rows(report.by_calculator, True))]
    return "\n".join(parts)


def render_html(report: StepReport, title: str = "medreckon step verification",
                agreement: AgreementReport | None = None) -> str:
    body = steps_html(report, "Exact step verdicts")
    if agreement is not None:
        body += "\n" + agreement_html(agreement)
    return page(title, body)


# ---------------------------------------------------------------- several runs (bench errors)


def _errors_table(named: Sequence[tuple[str, StepMetrics]]) -> tuple[list[str], list[list[str]]]:
    header = ["", *(name for name, _ in named)]
    rows = [["attempts with verdicts", *(str(m.n) for _, m in named)],
            ["all four right", *(_rate(m.all_right) for _, m in named)]]
    rows += [[t, *(f"{m.errors.get(t, 0)} ({percent(m.errors.get(t, 0), m.n)})" if m.n else NONE
                   for _, m in named)] for t in ERROR_TYPES]
    classes = dict.fromkeys(OPENMEDCALC_CLASS.values())
    rows += [[f"OpenMedCalc: {c}", *(str(m.openmedcalc.get(c, 0)) if m.n else NONE for _, m in named)]
             for c in classes]
    rows += [[f"first error: {STEP_LABELS[s]}", *(_rate(m.first_error[s]) for _, m in named)]
             for s in (*STEPS, "none")]
    return header, rows


def render_errors_text(named: Sequence[tuple[str, StepMetrics]]) -> str:
    """Error types (share of the attempts with verdicts) side by side, one column per run."""
    notes = [f"{name}: {why}" for name, m in named if (why := m.why_empty())]
    return "\n".join(["Error types per run (an attempt counts once per type)",
                      *text_table(*_errors_table(named)), *notes]) + "\n"


def render_errors_markdown(named: Sequence[tuple[str, StepMetrics]]) -> str:
    notes = [f"- {name}: {why}" for name, m in named if (why := m.why_empty())]
    return "\n".join(["## Error types per run", "", *markdown_table(*_errors_table(named)), "",
                      *notes]) + "\n"


def _arms_table(named: Sequence[tuple[str, StepMetrics]]) -> tuple[list[str], list[list[str]]]:
    header = ["arm", "n", "all four right", *(f"CC {STEP_LABELS[s]}" for s in STEPS),
              *(f"FE {STEP_LABELS[s]}" for s in STEPS)]
    rows = [[name, str(m.n), _rate(m.all_right), *(_rate(m.conditional[s]) for s in STEPS),
             *(str(m.first_error[s].k) for s in STEPS)] for name, m in named]
    return header, rows


def traced(named: Sequence[tuple[str, StepMetrics]]) -> list[tuple[str, StepMetrics]]:
    """The arms with step verdicts (a report says nothing of steps when none has any)."""
    return [(name, m) for name, m in named if m.n]


def render_arms_text(named: Sequence[tuple[str, StepMetrics]]) -> str:
    """Step-wise accuracy, CC_i and first-error counts per arm, then error types per arm."""
    return "\n".join(["Step verification (exact verdicts of the arms with calculation traces)",
                      *text_table(*_arms_table(named)), "", render_errors_text(named)])


def render_arms_markdown(named: Sequence[tuple[str, StepMetrics]]) -> str:
    return "\n".join(["## Step verification", "", "Exact verdicts of the arms with calculation traces.",
                      "", *markdown_table(*_arms_table(named)), "", render_errors_markdown(named)])


def arms_html(named: Sequence[tuple[str, StepMetrics]]) -> str:
    bars = [(f"{name}: {STEP_LABELS[s]}", m.first_error[s].k, m.n, (m.first_error[s].lo, m.first_error[s].hi))
            for name, m in named for s in STEPS]
    return "\n".join(["<h2>Step verification (exact verdicts)</h2>", html_table(*_arms_table(named)),
                      "<h2>Where the first error falls, per arm</h2>",
                      accuracy_svg(bars, of="arm and step", label_width=260, label_chars=40),
                      "<h2>Error types per arm</h2>", html_table(*_errors_table(named))])


# ---------------------------------------------------------------- agreement


def _num(x: float | None) -> str:
    return NONE if x is None else f"{x:.2f}"


def _agreement_rows(r: AgreementReport) -> tuple[list[str], list[list[str]]]:
    header = ["label", "n", "agreement", "95% CI", "Cohen's κ", "Gwet's AC1", "macro-F1", "undecided"]
    rows = [[x.label, str(x.agreement.n), percent(x.agreement.percent),
             interval(x.agreement.percent_ci, x.agreement.n) if x.agreement.n else NONE,
             _num(x.agreement.kappa), _num(x.agreement.ac1), _num(x.agreement.macro_f1),
             _count_line(x.undecided) if x.undecided else "0"] for x in r.labels]
    return header, rows


def _agreement_head(r: AgreementReport) -> str:
    left = []
    if r.unusable:
        left.append(f"left out: {_count_line(r.unusable)}")
    if r.unmatched:
        left.append(f"not matched: {_count_line(r.unmatched)}")
    return (f"{r.rater_a} against {r.rater_b}: {r.pairs} paired attempts"
            + (f" ({'; '.join(left)})" if left else ""))


def render_agreement_text(r: AgreementReport) -> str:
    return "\n".join([_agreement_head(r), *text_table(*_agreement_rows(r))]) + "\n"


def render_agreement_markdown(r: AgreementReport) -> str:
    return "\n".join([f"## Agreement: {r.rater_a} against {r.rater_b}", "", _agreement_head(r), "",
                      *markdown_table(*_agreement_rows(r))]) + "\n"


def agreement_html(r: AgreementReport) -> str:
    return "\n".join([f"<h2>Agreement: {html.escape(r.rater_a)} against {html.escape(r.rater_b)}</h2>",
                      f'<p class="meta">{html.escape(_agreement_head(r))}</p>',
                      html_table(*_agreement_rows(r))])


__all__ = ["render_text", "render_markdown", "render_html", "steps_html", "render_errors_text",
           "traced", "render_arms_text", "render_arms_markdown", "arms_html",
           "render_errors_markdown", "render_agreement_text", "render_agreement_markdown",
           "agreement_html"]
