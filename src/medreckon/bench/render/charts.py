"""Inline SVG charts: accuracy as bars with Wilson-interval whiskers, and the spread of error
magnitudes (IQR box, median line, one point per wrong answer)."""

from __future__ import annotations

import html
from collections.abc import Sequence

from ..analysis.arms import ArmSummary
from .cells import cut, interval, median_iqr, percent

Bar = tuple[str, int, int, tuple[float, float]]  # (label, correct, n, Wilson 95% interval)


def accuracy_svg(bars: Sequence[Bar], *, of: str, label_width: int = 170, label_chars: int = 24,
                 bar_width: int = 460) -> str:
    """Accuracy per `of` (arm, calculator ...) as a bar, its Wilson 95% interval as a whisker."""
    row_h, top, bottom, right = 24, 26, 10, 110
    width, height = label_width + bar_width + right, top + row_h * len(bars) + bottom
    x0 = label_width
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
             f'viewBox="0 0 {width} {height}" role="img" '
             f'aria-label="Accuracy per {html.escape(of)} with 95% Wilson intervals">']
    for tick in (0, 25, 50, 75, 100):
        x = x0 + bar_width * tick / 100
        parts.append(f'<line x1="{x:.1f}" y1="{top - 6}" x2="{x:.1f}" y2="{height - bottom}" stroke="#e3e7ee"/>')
        parts.append(f'<text class="axis" x="{x:.1f}" y="{top - 10}" text-anchor="middle">{tick}%</text>')
    for i, (label, correct, n, wilson) in enumerate(bars):
        y = top + i * row_h
        mid = y + row_h / 2
        accuracy = correct / n if n else None
        tip = html.escape(f"{label}: {correct}/{n} = {percent(accuracy)} (95% CI {interval(wilson, n)})")
        parts.append(f"<g><title>{tip}</title>")
        parts.append(f'<text x="{x0 - 8}" y="{mid + 4:.1f}" text-anchor="end">{html.escape(cut(label, label_chars))}</text>')
        parts.append(f'<rect x="{x0}" y="{y + 4}" width="{bar_width}" height="{row_h - 8}" fill="#f4f6f9"/>')
        parts.append(f'<rect class="bar" x="{x0}" y="{y + 4}" width="{bar_width * (accuracy or 0):.1f}" '
                     f'height="{row_h - 8}" fill="#4c78a8"/>')
        if n:
            xl, xh = x0 + bar_width * wilson[0], x0 + bar_width * wilson[1]
            parts.append(f'<line x1="{xl:.1f}" y1="{mid:.1f}" x2="{xh:.1f}" y2="{mid:.1f}" stroke="#1d2430" stroke-width="1.2"/>')
            for xe in (xl, xh):
                parts.append(f'<line x1="{xe:.1f}" y1="{mid - 5:.1f}" x2="{xe:.1f}" y2="{mid + 5:.1f}" stroke="#1d2430" stroke-width="1.2"/>')
        parts.append(f'<text x="{x0 + bar_width + 8}" y="{mid + 4:.1f}">{percent(accuracy)} '
                     f'<tspan class="axis">{correct}/{n}</tspan></text></g>')
    parts.append("</svg>")
    return "".join(parts)


def magnitude_svg(arms: Sequence[ArmSummary], *, label_width: int = 170, plot_width: int = 460) -> str:
    """Error magnitude of the wrong answers per arm: IQR box, median line, the points."""
    measured = [a for a in arms if a.magnitudes]
    top_value = max([1.0, *(m for a in measured for m in a.magnitudes)])
    top_value = min(top_value, 10.0)  # beyond 10 range-widths a point is a triangle at the edge
    row_h, top, bottom, right = 26, 26, 10, 200
    width, height = label_width + plot_width + right, top + row_h * len(arms) + bottom
    x0 = label_width

    def x(v: float) -> float:
        return x0 + plot_width * min(v, top_value) / top_value

    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
             f'viewBox="0 0 {width} {height}" role="img" '
             'aria-label="Error magnitude of wrong answers per arm, normalised by output range">']
    for j in range(5):
        v = top_value * j / 4
        parts.append(f'<line x1="{x(v):.1f}" y1="{top - 6}" x2="{x(v):.1f}" y2="{height - bottom}" stroke="#e3e7ee"/>')
        parts.append(f'<text class="axis" x="{x(v):.1f}" y="{top - 10}" text-anchor="middle">{v:.2g}</text>')
    for i, a in enumerate(arms):
        y = top + i * row_h
        mid = y + row_h / 2
        tip = (f"{a.name}: median (IQR) {median_iqr(a.magnitude_median, a.magnitude_iqr)} "
               f"over {len(a.magnitudes)} wrong answers")
        parts.append(f"<g><title>{html.escape(tip)}</title>")
        parts.append(f'<text x="{x0 - 8}" y="{mid + 4:.1f}" text-anchor="end">{html.escape(cut(a.name, 24))}</text>')
        if a.magnitude_iqr is not None and a.magnitude_median is not None:
            q1, q3 = a.magnitude_iqr
            parts.append(f'<rect x="{x(q1):.1f}" y="{y + 5}" width="{max(x(q3) - x(q1), 1.0):.1f}" '
                         f'height="{row_h - 10}" fill="#f2cf9e" stroke="#b4651f"/>')
            beyond = 0
            for m in a.magnitudes:
                if m > top_value:  # off the axis: a triangle at its edge
                    beyond += 1
                    xe = x0 + plot_width
                    parts.append(f'<path d="M{xe - 6:.1f},{mid - 4:.1f} L{xe:.1f},{mid:.1f} '
                                 f'L{xe - 6:.1f},{mid + 4:.1f} Z" fill="#b42318"/>')
                    continue
                parts.append(f'<circle cx="{x(m):.1f}" cy="{mid:.1f}" r="2.2" fill="#1d2430" fill-opacity="0.45"/>')
            xm = x(a.magnitude_median)
            parts.append(f'<line x1="{xm:.1f}" y1="{y + 3}" x2="{xm:.1f}" y2="{y + row_h - 3}" stroke="#b4651f" stroke-width="2.5"/>')
            label = f"{a.magnitude_median:.3f} · n={len(a.magnitudes)}"
            if beyond:
                label += f" ({beyond} beyond {top_value:g})"
        else:
            label = "no wrong answer with a value"
        parts.append(f'<text x="{x0 + plot_width + 12}" y="{mid + 4:.1f}">{html.escape(label)}</text></g>')
    parts.append("</svg>")
    return "".join(parts)
