"""Reports written for people: one module per report (arms, summary, attribution) over the
analysis' dataclasses, and the pieces they share (values, tables, the HTML page, charts)."""
