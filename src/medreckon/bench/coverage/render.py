"""The coverage map as Markdown (docs/coverage/medmcp-calc.md), rendered from its JSON data."""

from __future__ import annotations

from typing import Any


def _pct(n: int, of: int) -> str:
    return f"{n}/{of} ({100 * n / of:.1f}%)" if of else "0/0"


def _cell(text: Any) -> str:
    return str(text).replace("|", "\\|").replace("\n", " ")


def render_markdown(data: dict[str, Any]) -> str:
    from .coverage_map import MARKER

    t = data["totals"]
    lines = [
        MARKER, "",
        "# MedMCP-Calc coverage map", "",
        f"Source: {data['source']}. How the map is made and how to extend it: [README.md](README.md).", "",
        "| measure | covered | deliberately not implemented |",
        "|---|---|---|",
        f"| calculator uses | {_pct(t['uses']['covered'], t['uses']['of'])} | {t['uses']['not_implemented']} |",
        f"| distinct calculators | {_pct(t['names']['covered'], t['names']['of'])} | {t['names']['not_implemented']} |",
        f"| scenarios fully covered | {_pct(t['scenarios']['fully_covered'], t['scenarios']['of'])} | |",
        "", "## By scenario category", "",
        "| category | scenarios fully covered | uses covered |", "|---|---|---|",
    ]
    lines += [f"| {_cell(c['category'])} | {_pct(c['fully_covered'], c['scenarios'])} | "
              f"{_pct(c['uses_covered'], c['uses'])} |" for c in data["categories"]]
    lines += _answers(data["answers"])
    lines += ["", "## Every calculator MedMCP-Calc uses", "",
              "| MDCalc calculator | uses | ours |", "|---|---|---|"]
    for n in data["names"]:
        ours = {"covered": lambda n: f"`{n['calculator']}`",
                "not implemented": lambda n: f"not implemented ({n['reason']}): {_cell(n['why'])}",
                "missing": lambda n: "missing"}[n["status"]](n)
        lines.append(f"| {_cell(n['name'])} | {n['uses']} | {ours} |")
    return "\n".join(lines) + "\n"


def _answers(answers: dict[str, Any]) -> list[str]:
    rows = answers["calculators"]
    lines = ["", "## Our answers on MedMCP-Calc's published inputs", "",
             "Checked with `medreckon calc verify --dataset medmcp-calc`: each use computed from MedMCP-Calc's "
             "inputs through the calculator's mapping file and compared with its final answer.", ""]
    checked = sum(r["checked"] for r in rows)
    agree = sum(r["agree"] for r in rows)
    lines.append(f"{checked} uses checked over {len(rows)} calculators: {agree} agree, "
                 f"{sum(r['documented'] for r in rows)} documented disagreements, "
                 f"{sum(r['problems'] for r in rows)} problems.")
    if answers["unchecked"]:
        lines.append("Covered but without a mapping file yet: "
                     + ", ".join(f"`{k}` ({v})" for k, v in answers["unchecked"].items()) + ".")
    lines += ["", "| calculator | checked | agree | documented disagreements | problems |", "|---|---|---|---|---|"]
    lines += [f"| `{r['calculator']}` | {r['checked']} | {r['agree']} | {r['documented']} | {r['problems']} |"
              for r in rows]
    documented = [(r["calculator"], d) for r in rows for d in r["disagreements"]]
    if documented:
        lines += ["", "### Documented disagreements", ""]
        lines += [f"- `{calc}`, {d['use']}: ours {_cell(d['ours'])}. {_cell(d['reason'])}" for calc, d in documented]
    return lines
