"""Quotes of the note a model writes beside a value (`evidence` form of the JSON request, and the
one-criterion questions): the reply schema with a quote before each value, the calculator
arguments read from it, and the check that a quote is in the note.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..bench.calculation import asked_inputs
from ..calculators.spec import Calculator

QUOTE_MAX = 80  # characters of an evidence quote


def evidence_schema(calc: Calculator) -> dict[str, Any]:
    """The reply schema with evidence: every input is an object whose first key is `quote` (the
    words of the note that give it, at most QUOTE_MAX characters, "" when not mentioned), then
    `value` (and `unit` when several are declared). Writing the quote first grounds the value in
    the note; the quote is checked against the note afterwards."""
    props: dict[str, Any] = {}
    for spec in asked_inputs(calc):
        optional = not spec.required or spec.nullable
        fields: dict[str, Any] = {"quote": {"type": "string", "maxLength": QUOTE_MAX}}
        if spec.kind == "quantity":
            fields["value"] = {"type": ["number", "null"] if optional else "number"}
            if len(spec.units) > 1:
                unit: dict[str, Any] = {"type": "string", "enum": list(spec.units)}
                fields["unit"] = {"anyOf": [unit, {"type": "null"}]} if optional else unit
        elif spec.kind == "choice":
            choice: dict[str, Any] = {"type": "string", "enum": list(spec.choices)}
            fields["value"] = {"anyOf": [choice, {"type": "null"}]} if optional else choice
        elif spec.kind == "boolean":
            fields["value"] = {"type": ["boolean", "null"] if optional else "boolean"}
        elif spec.kind in ("integer", "number"):
            fields["value"] = {"type": [str(spec.kind), "null"] if optional else str(spec.kind)}
        else:  # dates and text
            fields["value"] = {"type": ["string", "null"] if optional else "string"}
        props[spec.name] = {"type": "object", "properties": fields, "required": list(fields),
                            "additionalProperties": False, "description": spec.description}
    return {"type": "object", "properties": props, "required": list(props), "additionalProperties": False}


def inputs_from_evidence(calc: Calculator, reply: Mapping[str, Any]) -> tuple[dict[str, Any], dict[str, str]]:
    """(the calculator arguments, the quotes) of an evidence reply; keys that are not objects
    with a value pass through unchanged (the calculator reports them)."""
    args: dict[str, Any] = {}
    quotes: dict[str, str] = {}
    for name, item in reply.items():
        if not (isinstance(item, Mapping) and "value" in item):
            args[name] = item
            continue
        if isinstance(item.get("quote"), str):
            quotes[name] = item["quote"]
        value = item["value"]
        if value is not None and item.get("unit") is not None:
            value = {"value": value, "unit": item["unit"]}
        args[name] = value
    return args, quotes


def _squash(text: str) -> str:
    return " ".join(text.lower().replace("\u2009", " ").split())


def quote_in_note(quote: str, note: str) -> bool:
    """Whether a quote appears in the note (case and white space ignored; a quote whose ends
    the model trimmed or extended by a few characters still counts)."""
    q, n = _squash(quote).strip(" .,;:\"'"), _squash(note)
    if not q:
        return True
    if q in n:
        return True
    if len(q) >= 24:  # long quotes: most of it verbatim
        half = len(q) // 2
        return q[:half] in n or q[half:] in n
    return False
