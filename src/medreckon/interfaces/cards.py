"""Formula cards: one plain-text card per calculator, for retrieval and for prompts.

A card is read entirely from the calculator's declaration: name, id and aliases, the
MedCalc-Bench Calculator ID, kind and specialty, what it answers (the description), the
formula or criteria, every input (kind, canonical unit and accepted units, allowed values,
required or default, the declaration's description), the output (unit, type, rounding,
usual range), options that change the rule, and references. Nothing is restated here, so a
card cannot drift from the calculator it describes.

`card(calc)` returns the text; `all_cards()` returns a `Card` for every registered calculator,
in registry order, which the retrievers in `medreckon.bench.retrieval` index.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from ..calculators import all_calculators
from ..calculators.describe import InputSpec, describe_inputs, describe_output
from ..calculators.registry import get
from ..calculators.spec import Calculator


@dataclass(frozen=True)
class Card:
    calculator_id: str
    name: str
    aliases: tuple[str, ...]  # as words ('ckd epi'), for a retriever to weigh like the name
    medcalc_bench_id: int | None
    text: str


def _value(x: Any) -> str:
    if isinstance(x, bool):
        return "true" if x else "false"
    if isinstance(x, float):
        return f"{x:g}"
    return str(x)


def _readable(slug: str) -> str:
    """An alias as words ('ckd-epi' -> 'ckd epi'), so both retrieval and a reader see the words."""
    return slug.replace("-", " ")


def _input_line(s: InputSpec) -> str:
    if s.kind == "quantity":
        others = [u for u in s.units if u != s.unit]
        kind = f"quantity in {s.unit}" + (f" (also accepts {', '.join(others)})" if others else "")
    elif s.kind == "choice":
        kind = "one of: " + ", ".join(_value(c) for c in s.choices)
    elif s.kind == "boolean":
        kind = "true/false"
    elif s.kind == "date":
        kind = "date (YYYY-MM-DD or MM/DD/YYYY)"
    else:
        kind = s.kind
    if s.required:
        need = "required"
    elif s.option:
        need = f"rule option, default {_value(s.default)}"
    elif s.default is None:
        need = "optional"
    elif s.default is False:
        need = "optional, absent when not given"
    elif s.default is True:
        need = "optional, present when not given"
    else:
        need = f"optional, {_value(s.default)} when not given"
    bounds = f"; must be {s.bounds}" if s.bounds else ""
    description = f": {s.description}" if s.description else ""
    return f"- {s.name} [{kind}; {need}{bounds}]{description}"


def card(calc: Calculator | str | int) -> str:
    """The formula card of a calculator (or its id, alias, name or MedCalc-Bench ID), as text."""
    calc = get(calc)
    specs = describe_inputs(calc)
    lines = [calc.name, f"Calculator id: {calc.id}"]
    if calc.aliases:
        lines.append("Also called: " + "; ".join(_readable(a) for a in calc.aliases))
    if calc.medcalc_bench is not None:
        lines.append(f"MedCalc-Bench Calculator ID: {calc.medcalc_bench.id}")
    kind = "equation (computes a value)" if calc.kind == "equation" else "score (rule-based: adds up criteria)"
    lines.append(f"Kind: {kind}; specialty: {calc.specialty}")
    if calc.description:
        lines.append(f"What it answers: {calc.description}")
    if calc.formula:
        lines.append(f"{'Formula' if calc.kind == 'equation' else 'Criteria'}: {calc.formula}")
    lines.append("Inputs:")
    lines += [_input_line(s) for s in specs] or ["- none"]
    lines.append(f"Output: {describe_output(calc.output)}")
    if calc.medcalc_bench is not None and calc.medcalc_bench.options:
        chosen = ", ".join(f"{k}={_value(v)}" for k, v in calc.medcalc_bench.options.items())
        lines.append(f"Notes: MedCalc-Bench questions ask for {chosen}.")
    if calc.references:
        lines.append("References:")
        lines += [f"- {r.citation}" for r in calc.references]
    return "\n".join(lines) + "\n"


@lru_cache(maxsize=1)
def _cards() -> tuple[Card, ...]:
    return tuple(
        Card(c.id, c.name, tuple(_readable(a) for a in c.aliases), c.medcalc_bench.id if c.medcalc_bench else None,
             card(c))
        for c in all_calculators()
    )


def all_cards() -> list[Card]:
    """A card for every registered calculator, in registry order."""
    return list(_cards())
