"""The error attribution report (`analysis.attribution.AttributionReport`) as plain text, for the
terminal, and as Markdown: the causes of the wrong attempts, the kinds of input differences,
the top differing fields per calculator with an example each, and the ceiling."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..analysis.attribution import CAUSES, AttributionReport
from .cells import NONE, percent
from .tables import markdown_table, text_table


def _value(v: Any, unit: str | None = None) -> str:
    if v is None:
        return NONE
    if isinstance(v, float):
        v = f"{v:.4g}"
    return f"{v} {unit}" if unit and unit != "1" else str(v)


def _wrote(w: Any) -> str:
    if isinstance(w, Mapping) and "value" in w:
        return f"{w.get('value')} {w.get('unit') or ''}".strip()
    return _value(w)


def example_text(ex: Mapping[str, Any], kind: str) -> str:
    """'case 31: model 3.09 mg/dL, gold 1.17 mg/dL' (with what was written, for unit errors)."""
    text = f"case {ex['case_id']}: model {_value(ex['model'], ex.get('unit'))}"
    if kind == "missing":
        used = "" if ex["model"] is None else f" ({_value(ex['model'], ex.get('unit'))} used)"
        text = f"case {ex['case_id']}: model gave none{used}"
    elif kind == "unit" and ex.get("written") is not None:
        text += f" (wrote {_wrote(ex['written'])})"
    return text + f", gold {_value(ex['gold'], ex.get('unit'))}"


def _ceiling_line(r: AttributionReport) -> str:
    with_gold = r.cases - r.no_gold_cases
    return (f"Ceiling: our calculator on the dataset's own entities is right for {r.ceiling_correct} "
            f"of {with_gold} cases ({percent(r.ceiling_correct, with_gold)}); "
            f"{r.no_gold_cases} case(s) without convertible entities")


def _cause_rows(r: AttributionReport) -> list[list[str]]:
    rows = []
    for c in CAUSES:
        n = r.causes[c]
        if not n:
            continue
        note = ""
        if c == "no_answer":
            note = ", ".join(f"{s} {k}" for s, k in sorted(r.no_answer_statuses.items()))
        elif c == "dataset_disagrees":
            note = "; ".join(
                x for x in (f"{r.documented_disagreements} on reviewed deviation rows"
                            if r.documented_disagreements else "",
                            f"{r.flagged_disagreements} where the audit flags gold's value as implausible"
                            if r.flagged_disagreements else "") if x)
        elif c == "inputs" and r.inputs_beyond_ceiling:
            note = f"{r.inputs_beyond_ceiling} where gold does not score either (ceiling=False)"
        rows.append([c, str(n), percent(n, r.wrong), note])
    return rows


def _field_rows(r: AttributionReport) -> list[list[str]]:
    return [[f.calculator, f.field, f.kind, str(f.count), example_text(f.examples[0], f.kind)]
            for f in r.top_fields]


def _header(r: AttributionReport) -> str:
    params = "".join(f" {k}={v}" for k, v in r.params.items())
    return (f"{r.attempts} attempts, {r.correct} correct ({percent(r.correct, r.attempts)}), "
            f"{r.wrong} wrong · rule {r.rule}{params}")


_CAUSES = ["cause", "n", "share", "note"]
_FIELDS = ["calculator", "field", "kind", "n", "example"]


def render_text(r: AttributionReport) -> str:
    """The report as plain text, for the terminal."""
    out = [f"Error attribution · {_header(r)}", _ceiling_line(r), ""]
    if r.wrong:
        out += [f"Causes of the {r.wrong} wrong attempts:",
                *("  " + x for x in text_table(_CAUSES, _cause_rows(r), left=None)), ""]
    if any(r.kinds.values()):
        out += ["Input differences in the `inputs` attempts: "
                + " · ".join(f"{k} {n}" for k, n in r.kinds.items() if n), ""]
    if r.top_fields:
        out += ["Top differing fields per calculator:",
                *("  " + x for x in text_table(_FIELDS, _field_rows(r), left=None)), ""]
    if r.correct_with_diffs:
        out += [f"Correct attempts whose inputs differ from gold: {len(r.correct_with_diffs)} "
                f"(cases {', '.join(r.correct_with_diffs[:10])})", ""]
    return "\n".join(out).rstrip() + "\n"


def render_markdown(r: AttributionReport, title: str = "Error attribution") -> str:
    """The report as Markdown: compact tables of causes, field kinds and top fields."""
    out = [f"# {title}", "", _header(r) + ".", "", _ceiling_line(r) + ".", ""]
    if r.wrong:
        out += ["## Causes of wrong attempts", "",
                *markdown_table(_CAUSES, _cause_rows(r), left=None), ""]
    if any(r.kinds.values()):
        kinds = [[k, str(n)] for k, n in r.kinds.items() if n]
        out += ["## Input differences (`inputs` attempts)", "",
                *markdown_table(["kind", "n"], kinds, left=None), ""]
    if r.top_fields:
        out += ["## Top differing fields per calculator", "",
                *markdown_table(_FIELDS, _field_rows(r), left=None), ""]
    if r.correct_with_diffs:
        out += [f"Correct attempts whose inputs differ from gold: {len(r.correct_with_diffs)} "
                f"(cases {', '.join(r.correct_with_diffs[:10])}).", ""]
    return "\n".join(out).rstrip() + "\n"
