"""Selective prediction and the reading's calibration as Markdown (for docs/results) and SVG: the
risk-coverage curve of each arm, AURC, accuracy at 50/80/100% coverage and at the review
threshold, paired McNemar on plain accuracy; the confidence table fitted on a design sample and
its reliability."""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from ...reading.calibration import Example, reliability
from ...reading.confidence import calibrated_case, input_confidence, raw_score
from ..analysis.arms import case_key
from ..analysis.scoring import is_correct
from ..analysis.selective import accuracy_at, confidence_of, selective
from ..analysis.stats import mcnemar_exact, wilson
from .cells import percent

POINTS = (0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0)
COLOURS = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd")


def curve_svg(curves: Mapping[str, Sequence[tuple[float, float]]], width: int = 420, height: int = 240) -> str:
    """The risk-coverage curves, one line each (coverage across, risk up)."""
    pad, top = 40, max([0.05, *(r for c in curves.values() for _, r in c)])
    def xy(cov: float, risk: float) -> str:
        return f"{pad + cov * (width - pad - 10):.1f},{height - pad - risk / top * (height - pad - 10):.1f}"
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" font-size="11">',
             f'<line x1="{pad}" y1="{height - pad}" x2="{width - 10}" y2="{height - pad}" stroke="#555"/>',
             f'<line x1="{pad}" y1="10" x2="{pad}" y2="{height - pad}" stroke="#555"/>',
             f'<text x="{width / 2}" y="{height - 8}" text-anchor="middle">coverage</text>',
             f'<text x="10" y="{height / 2}" transform="rotate(-90 10 {height / 2})">risk (max {top:.2f})</text>']
    for i, (name, curve) in enumerate(curves.items()):
        colour = COLOURS[i % len(COLOURS)]
        points = " ".join(xy(c, r) for c, r in [(0.0, curve[0][1]), *curve]) if curve else ""
        parts += [f'<polyline fill="none" stroke="{colour}" stroke-width="2" points="{points}"/>',
                  f'<text x="{pad + 8}" y="{20 + 14 * i}" fill="{colour}">{html.escape(name)}</text>']
    return "\n".join([*parts, "</svg>"]) + "\n"


def _items(rows: Sequence[tuple[Any, Any]], rule: str) -> list[tuple[float | None, bool]]:
    return [(confidence_of(o.trace)[0], is_correct(o, c, rule)) for c, o in rows]


def selective_markdown(arms: Sequence[tuple[str, Sequence[tuple[Any, Any]]]], rule: str = "medcalc_bench",
                       threshold: float | None = None) -> str:
    """Each arm's selective figures on the cases every arm attempted, and the last arm against each
    other, paired (McNemar on plain accuracy)."""
    keys = set.intersection(*({case_key(c) for c, _ in rows} for _, rows in arms))
    paired = {name: {case_key(c): (c, o) for c, o in rows if case_key(c) in keys} for name, rows in arms}
    out = ["| arm | n | accuracy (95% CI) | AURC | perfect AURC | acc @50% | acc @80% | acc @100% | "
           f"answered at {threshold if threshold is not None else '-'} | right of answered |",
           "|---|---:|---|---:|---:|---:|---:|---:|---:|---:|"]
    right = {}
    for name, rows in paired.items():
        items = _items(list(rows.values()), rule)
        right[name] = {k: is_correct(o, c, rule) for k, (c, o) in rows.items()}
        s = selective(items, threshold)
        k = sum(r for _, r in items)
        lo, hi = wilson(k, len(items))
        at = [percent(v) for v in s.accuracy_at.values()]
        answered = sum(c is not None and threshold is not None and c >= threshold for c, _ in items)
        good = sum(r for c, r in items if c is not None and threshold is not None and c >= threshold)
        out.append(f"| {name} | {len(items)} | {k}/{len(items)} {percent(s.accuracy)} ({100 * lo:.1f}–{100 * hi:.1f}) | "
                   f"{s.aurc:.3f} | {s.optimal_aurc:.3f} | {' | '.join(at)} | "
                   f"{answered}/{len(items)} {percent(s.coverage_at_threshold)} | "
                   f"{good}/{answered} {percent(s.accuracy_at_threshold)} |")
    names = list(paired)
    out += ["", "Paired, the last arm against each other (right only with it / right only with the other):", ""]
    for other in names[:-1]:
        b = sum(right[names[-1]][k] and not right[other][k] for k in keys)
        c = sum(right[other][k] and not right[names[-1]][k] for k in keys)
        out.append(f"- {names[-1]} vs {other}: {b} / {c}, exact McNemar p = {mcnemar_exact(b, c):.3g}")
    out += ["", "Risk (share wrong) among the most confident share answered:", "",
            "| coverage | " + " | ".join(names) + " |", "|---:|" + "---:|" * len(names)]
    for cov in POINTS:
        cells = [percent(1 - (accuracy_at(_items(list(paired[n].values()), rule), cov) or 0.0)) for n in names]
        out.append(f"| {cov:.0%} | " + " | ".join(cells) + " |")
    return "\n".join(out) + "\n"


def reliability_markdown(points: Sequence[tuple[float | None, bool]]) -> str:
    rows = reliability(points)
    out = ["| confidence | n | mean confidence | share right |", "|---|---:|---:|---:|"]
    for r in rows:
        out.append(f"| {r['low']:.1f}–{r['high']:.1f} | {r['n']} | {r['mean_confidence'] if r['n'] else '-'} | "
                   f"{r['share_right'] if r['n'] else '-'} |")
    missing = sum(c is None for c, _ in points)
    return "\n".join(out) + (f"\n\n{missing} attempts carry no confidence (nothing computed).\n" if missing else "\n")


def calibration_markdown(table: Mapping[str, Any], examples: Sequence[Example]) -> str:
    """The fitted table: inputs by what settled them, the case fit and threshold, its reliability
    on the cases it was fitted on (optimistic by construction)."""
    out = [f"{table['about']}", "", "| settled by (kind:method:state) | n | right | confidence |",
           "|---|---:|---:|---:|"]
    for key, (right, n) in table["inputs"].items():
        if key.count(":") == 2:
            conf = (right + 1) / (n + 2) if n >= table["min_n"] else None
            out.append(f"| {key} | {n} | {right} | {'-' if conf is None else f'{conf:.3f}'} |")
    points = []
    for ex in examples:
        if ex.answer_right is None:
            continue
        scored = {n: replace(r, confidence=input_confidence(r, table)) for n, r in ex.readings.items()}
        points.append((calibrated_case(raw_score(scored), table), bool(ex.answer_right)))
    cov = [r for c, r in points if table["threshold"] is not None and c >= table["threshold"]]
    out += ["", f"Case fit (raw score -> share right): {table['case']}", "",
            f"Review threshold {table['threshold']}: on the design sample it answers {len(cov)} of {len(points)} "
            f"computed cases, {sum(cov)} right ({percent(sum(cov) / len(cov) if cov else None)}); target "
            f"{table.get('target', 0.9):.0%} {'met' if table.get('target_met') else 'not met'}.", "",
            "Reliability on the design sample (fitted on it: optimistic):", "", reliability_markdown(points)]
    return "\n".join(out)
