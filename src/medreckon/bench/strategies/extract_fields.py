"""How `extract` describes the inputs it asks for and reads the replies with evidence: the
prompt's line per input (kind, units or allowed values, required or null-able, description),
the evidence schema ({quote, value, unit} per input) and the check that a quote is in the note.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from ...calculators.describe import InputSpec
from ...calculators.spec import Calculator
from ..calculation import asked_inputs

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
            fields["value"] = {"type": [spec.kind, "null"] if optional else spec.kind}
        else:  # dates and text
            fields["value"] = {"type": ["string", "null"] if optional else "string"}
        props[spec.name] = {"type": "object", "properties": fields, "required": list(fields),
                            "additionalProperties": False, "description": spec.description}
    return {"type": "object", "properties": props, "required": list(props),
            "additionalProperties": False}


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
    return " ".join(text.lower().replace(" ", " ").split())


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


def _kind_words(spec: InputSpec) -> str:
    if spec.kind == "quantity":
        if len(spec.units) <= 1:
            return f"number in {spec.unit}"
        return "{value, unit}, unit one of " + " | ".join(spec.units)
    if spec.kind == "choice":
        return "one of " + " | ".join(json.dumps(c) for c in spec.choices)
    if spec.kind == "boolean":
        return "true/false"
    if spec.kind == "date":
        return 'date "YYYY-MM-DD"'
    if spec.kind in ("integer", "number"):
        return f"{'whole ' if spec.kind == 'integer' else ''}number" + (f" {spec.bounds}" if spec.bounds else "")
    return "text"


def _need_words(spec: InputSpec) -> str:
    if spec.required and not spec.nullable:
        return "required"
    if spec.kind == "boolean":
        return "null if not mentioned"
    return "null if the note does not give it"


def input_lines(calc: Calculator, names: list[str] | None = None) -> str:
    lines = []
    for s in asked_inputs(calc):
        if names is not None and s.name not in names:
            continue
        desc = f": {s.description.strip()}" if s.description else ""
        lines.append(f"- {s.name} ({_kind_words(s)}; {_need_words(s)}){desc}")
    return "\n".join(lines)
