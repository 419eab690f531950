"""The bench report of one run (`analysis.summary.Summary`) as plain text and a self-contained
HTML page (the run's configuration, accuracy overall and per category and calculator, what it
cost, and every wrong attempt), and the paired comparison of two runs (`bench compare`) as
plain text."""

from __future__ import annotations

import html
import json
from collections.abc import Callable, Mapping
from typing import Any

from ..analysis.selective import Selective
from ..analysis.summary import Comparison, Cost, Group, Summary
from ..types import STATUSES
from .cells import NONE, answer_text, cut, interval, p_value, percent, rule_text, value_text
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
        *([f"Cost: {cost_line(summary.cost)}"] if summary.cost else []),
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


def _seconds(x: float | None) -> str:
    return NONE if x is None else f"{x:.1f} s" if x < 600 else f"{x / 60:.1f} min"


def cost_line(c: Cost) -> str:
    """'51 attempts, 72 model requests, 41,210 prompt + 3,022 completion tokens, model time
    12.3 min (per attempt: mean 14.5 s, median 9.8 s, 90th percentile 31.0 s, at most 62.4 s)'."""
    tokens = (f"{c.prompt_tokens:,} prompt + {c.completion_tokens:,} completion tokens"
              + (f" ({c.with_usage} of {c.attempts} attempts recorded usage)" if c.with_usage < c.attempts else "")
              if c.with_usage else "no token usage recorded")
    time = (f"model time {_seconds(c.seconds)} (per attempt: mean {_seconds(c.seconds_mean)}, median "
            f"{_seconds(c.seconds_median)}, 90th percentile {_seconds(c.seconds_p90)}, at most "
            f"{_seconds(c.seconds_max)})" if c.seconds is not None else "no model time recorded")
    return f"{c.attempts} attempts, {c.model_calls} model requests, {tokens}, {time}"


def cost_html(c: Cost) -> str:
    """The cost table (requests, tokens, model time: total and per attempt) and its spread."""
    def count(total: int, n: int) -> list[str]:  # the total and its mean over n attempts
        return [f"{total:,}", f"{total / n:,.1f}"] if n else [NONE, NONE]

    rows = [["model requests", *count(c.model_calls, c.attempts)],
            ["prompt tokens", *count(c.prompt_tokens, c.with_usage)],
            ["completion tokens", *count(c.completion_tokens, c.with_usage)],
            ["model time", _seconds(c.seconds), _seconds(c.seconds_mean)]]
    spread = (f"Model time per attempt: median {_seconds(c.seconds_median)}, 90th percentile "
              f"{_seconds(c.seconds_p90)}, at most {_seconds(c.seconds_max)}." if c.seconds is not None
              else "No model time was recorded (an imported run, say).")
    return (html_table(["", "total", "per attempt"], rows)
            + f'<p class="meta">{html.escape(spread)} Tokens as the model server counted them; model '
            "time is the summed latency of each attempt's requests.</p>")


def _wrong_html(summary: Summary) -> str:
    if not summary.wrong:
        return "<p>No wrong attempts.</p>"
    rows = []
    for w in summary.wrong:
        truth = answer_text(w.truth)
        if w.lower is not None and w.upper is not None:
            truth += f" ({answer_text(w.lower)}–{answer_text(w.upper)})"
        calc = f"{w.calculator_id} · {w.calculator}" if w.calculator_id is not None else w.calculator
        rows.append([w.case_id, calc, w.status, answer_text(w.answer), truth, cut(w.error or "", 160)])
    return html_table(["case", "calculator", "status", "answer", "ground truth (accepted)", "error"],
                      rows, wrap=frozenset({1, 5}))


def configuration(config: Mapping[str, Any], run_dir: str | None = None) -> list[tuple[str, str]]:
    """A run's configuration as (what, value) rows: its directory, model, strategy and version,
    generation settings, epochs, case selection, and when and by which medreckon it was made."""
    selection = config.get("selection") or {}
    chosen = ", ".join(f"{k} {value_text(v)}" for k, v in selection.items()
                       if k != "dataset" and v not in (None, [], ""))
    rows = [("directory", run_dir or NONE), ("model", str(config.get("model") or NONE)),
            ("model details", value_text(config.get("model_info") or None)),
            ("strategy", f"{config.get('strategy') or NONE} (version {config.get('strategy_version') or NONE})"),
            ("generation", json.dumps(config.get("gen") or {}, sort_keys=True)),
            ("epochs", str(config.get("epochs", 1))),
            ("cases", f"{selection.get('dataset') or NONE}" + (f" · {chosen}" if chosen else "")),
            ("made", f"{config.get('created_at') or NONE} · medreckon {config.get('medreckon_version') or NONE}"
             + (f" · run id {config['run_id']}" if config.get("run_id") else ""))]
    return rows


def configuration_html(config: Mapping[str, Any], run_dir: str | None = None) -> str:
    cells = "".join(f"<tr><th>{html.escape(k)}</th><td>{html.escape(v)}</td></tr>"
                    for k, v in configuration(config, run_dir))
    return f'<table class="kv">{cells}</table>'


def render_html(summary: Summary, title: str = "medreckon bench report", extra: str = "", *,
                config: Mapping[str, Any] | None = None, run_dir: str | None = None,
                wrong: bool = True) -> str:
    """A self-contained HTML page (inline CSS and SVG; no scripts, fonts or links to fetch): the
    run's configuration (when given), the report, `extra` (HTML: the run's step verdicts), what
    the run cost and (`wrong`) every wrong attempt."""
    body = ("<h2>Configuration</h2>" + configuration_html(config, run_dir) if config is not None else "")
    body += summary_html(summary) + extra
    if summary.cost is not None:
        body += "<h2>Cost and latency</h2>" + cost_html(summary.cost)
    if wrong:
        body += f"<h2 id=\"wrong\">Wrong attempts ({len(summary.wrong)})</h2>" + _wrong_html(summary)
    return page(title, body)


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
