"""Reports written for people: one module per report (arms, summary, attribution) over the
analysis' dataclasses, and the pieces they share (cells: numbers as shown; tables; the HTML page; charts)."""
