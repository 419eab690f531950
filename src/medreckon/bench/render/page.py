"""The self-contained HTML page every report is written into: one style sheet, inline; no
scripts, fonts or links to fetch."""

from __future__ import annotations

import html

CSS = """
body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:2rem auto;max-width:1200px;
color:#1d2430;padding:0 1rem}
h1{font-size:1.5rem;margin:0 0 .25rem}h2{font-size:1.15rem;margin:2rem 0 .5rem}
.meta{color:#5a6474;margin:.25rem 0}code{background:#f4f6f9;padding:0 .25rem;border-radius:3px}
.warn{color:#9a3412}
.big{font-size:2rem;font-weight:650}
table{border-collapse:collapse;font-variant-numeric:tabular-nums;margin:.25rem 0}
th,td{padding:.3rem .55rem;border-bottom:1px solid #e3e7ee;text-align:right;white-space:nowrap}
th:first-child,td:first-child{text-align:left;white-space:normal;overflow-wrap:anywhere}
td.wrap,td.left{text-align:left;white-space:normal;overflow-wrap:anywhere}
table.kv th{text-align:left;width:14rem;vertical-align:top}
table.kv td{text-align:left;white-space:normal;overflow-wrap:anywhere}
th{background:#f4f6f9;font-weight:600}
td.zero{color:#b8bfca}
svg text{font:12px system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;fill:#1d2430}
svg .axis{fill:#5a6474}
"""


def page(title: str, body: str) -> str:
    """The page titled `title` (escaped here) around `body` (HTML, already escaped)."""
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>{html.escape(title)}</title><style>{CSS}</style></head>
<body>
<h1>{html.escape(title)}</h1>
{body}
</body></html>
"""
