"""Tables of already formatted cells (a header and rows of strings) as aligned plain text,
Markdown and HTML. The first `left` columns are labels, aligned left; the rest are numbers,
aligned right (`left=None`: every column is aligned left)."""

from __future__ import annotations

import html

from .cells import NONE


def text_table(header: list[str], rows: list[list[str]], left: int | None = 1) -> list[str]:
    """The table as lines of text, columns two spaces apart."""
    widths = [max(len(h), *(len(r[i]) for r in rows)) if rows else len(h)
              for i, h in enumerate(header)]
    left = len(header) if left is None else left

    def line(cells: list[str]) -> str:
        return "  ".join(c.ljust(w) if i < left else c.rjust(w)
                         for i, (c, w) in enumerate(zip(cells, widths, strict=True))).rstrip()

    return [line(header), *(line(r) for r in rows)]


def markdown_table(header: list[str], rows: list[list[str]], left: int | None = 1) -> list[str]:
    """The table as Markdown lines ('|' in a cell escaped)."""
    left = len(header) if left is None else left

    def esc(s: str) -> str:
        return s.replace("|", "\\|")

    align = ["---" if i < left else "---:" for i in range(len(header))]
    return ["| " + " | ".join(esc(h) for h in header) + " |", "| " + " | ".join(align) + " |",
            *("| " + " | ".join(esc(c) for c in r) + " |" for r in rows)]


def html_table(header: list[str], rows: list[list[str]],
               shade: list[list[float | None]] | None = None, wrap: frozenset[int] = frozenset()) -> str:
    """An HTML table; `shade` (one value in [0, 1] per number cell, or None) tints the cells,
    and a zero or missing number is greyed; the columns in `wrap` are text that wraps."""
    head = "".join(f"<th>{html.escape(h)}</th>" for h in header)
    body = []
    for r, row in enumerate(rows):
        cells = []
        for i, c in enumerate(row):
            style = ""
            if shade is not None and i > 0 and shade[r][i - 1] is not None:
                a = shade[r][i - 1]
                style = f' style="background:rgba(76,120,168,{0.08 + 0.5 * a:.2f})"'
            cls = ' class="wrap"' if i in wrap else ' class="zero"' if c in ("0", NONE) and i > 0 else ""
            cells.append(f"<td{cls}{style}>{html.escape(c)}</td>")
        body.append("<tr>" + "".join(cells) + "</tr>")
    return f"<table><thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table>"
