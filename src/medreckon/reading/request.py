"""The one JSON request of a reading: the note and question, the calculator, one line per input
asked (kind, units or allowed values, required or null-able, the declaration's description), the
rules of extraction, and the reply's schema (`calculation.input_schema`: strict, quantities as
{value, unit}); with candidate mentions, a quantity is answered by one of its mentions' numbers;
with abstention allowed, required inputs may be null. The repair message after a reply the
calculator cannot use names each problem once.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Mapping, Sequence
from typing import Any

from ..bench.calculation import asked_inputs
from ..calculators.describe import InputSpec
from ..calculators.spec import Calculator
from . import prompts as P
from .quantities import QuantityMention, as_input


def head_text(note: str, question: str, calc: Calculator) -> str:
    """What every request of a reading starts with (note, question, calculator, criteria), so a
    prefix cache reads the note once per reading."""
    what = f"{calc.name}"
    if calc.description:
        what += f" — {calc.description.strip()}"
    parts = [f"Patient note:\n{note.strip()}", f"Question: {question.strip()}", f"Calculator: {what}"]
    if calc.formula:
        parts.append(f"{'Formula' if calc.kind == 'equation' else 'Criteria'}: {calc.formula.strip()}")
    return "\n\n".join(parts)


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


def input_lines(calc: Calculator, names: Sequence[str] | None = None) -> str:
    """One line per input asked (all of them when `names` is None), in declaration order."""
    lines = []
    for s in asked_inputs(calc):
        if names is not None and s.name not in names:
            continue
        desc = f": {s.description.strip()}" if s.description else ""
        lines.append(f"- {s.name} ({_kind_words(s)}; {_need_words(s)}){desc}")
    return "\n".join(lines)


def user_prompt(head: str, calc: Calculator, evidence: bool = False, names: Sequence[str] | None = None,
                extra: Sequence[str] = ()) -> str:
    lines = "\n".join(x for x in [input_lines(calc, names), *extra] if x)
    parts = [head, f"Inputs to fill:\n{lines}", P.RULES]
    if evidence:
        parts.append(P.EVIDENCE_RULE)
    return "\n\n".join(parts)


def response_format(schema: dict[str, Any]) -> dict[str, Any]:
    return {"type": "json_schema", "json_schema": {"name": "calculator_inputs", "strict": True, "schema": schema}}


def _short(v: Any) -> str:
    if isinstance(v, Mapping) and "value" in v:
        return f"{v.get('value')} {v.get('unit') or ''}".strip()
    return json.dumps(v, ensure_ascii=False) if not isinstance(v, str) else v


def repair_message(*, parse_error: str | None = None, error: Mapping[str, Any] | None = None,
                   implausible: Sequence[Mapping[str, Any]] = ()) -> str:
    """The targeted message of a repair turn (our wording; lists each problem once)."""
    parts = []
    if parse_error:
        parts.append(P.REPAIR_PARSE.format(error=parse_error))
    if error:
        parts.append(P.REPAIR_INVALID)
        for issue in error.get("issues", []):
            line = f"- {issue.get('field')}: got {_short(issue.get('value'))}; expected {issue.get('expected')}"
            for key in ("suggestion", "did_you_mean"):
                if issue.get(key):
                    line += f" ({key.replace('_', ' ')}: {issue[key]})"
            if issue.get("units"):
                line += f"; units: {', '.join(issue['units'])}"
            parts.append(line)
    if implausible:
        parts.append(P.REPAIR_IMPLAUSIBLE)
        for w in implausible:
            parts.append(f"- {w['message']}")
    parts.append(P.REPAIR_CLOSE)
    return "\n".join(parts)


def nullable_required(schema: dict[str, Any], specs: Sequence[InputSpec]) -> dict[str, Any]:
    """The schema with required inputs nullable too (null: the note does not give it), so a
    model can say an input is missing instead of inventing one."""
    out = copy.deepcopy(schema)
    for s in specs:
        prop = out["properties"].get(s.name)
        if prop is None or not s.required:
            continue
        if "anyOf" in prop:
            if {"type": "null"} not in prop["anyOf"]:
                prop["anyOf"].append({"type": "null"})
        elif prop.get("type") == "object" or "properties" in prop:  # anyOf: llama.cpp's form
            out["properties"][s.name] = {"anyOf": [prop, {"type": "null"}], "description": prop.get("description", "")}
        elif isinstance(prop.get("type"), str):
            prop["type"] = [prop["type"], "null"]
    return out


# A candidate input is answered with the mention's number, not an id: the 1.5B model often wrote
# the value where an id was asked ("age": 52 for "a 52-year-old"), and a value that happened to
# be another mention's id chose that mention silently.
def candidate_schema(schema: dict[str, Any], fields: Mapping[str, list[QuantityMention]],
                     specs: Mapping[str, InputSpec]) -> dict[str, Any]:
    """The reply schema with each candidate input as one of its mentions' numbers (null allowed)."""
    out = copy.deepcopy(schema)
    for name, found in fields.items():
        if name in out["properties"]:
            values = list(dict.fromkeys(number(m.value) for m in found))
            out["properties"][name] = {"anyOf": [{"type": "number", "enum": values}, {"type": "null"}],
                                       "description": specs[name].description}
    return out


def number(x: float) -> int | float:
    return int(x) if float(x).is_integer() else x


def candidate_lines(fields: Mapping[str, list[QuantityMention]], specs: Mapping[str, InputSpec]) -> str:
    """The prompt's lines for the inputs answered by a mention's number: the rule, then per input
    its mentions and its description (these inputs are left out of the ordinary input lines)."""
    lines = [P.CANDIDATE_RULE]
    for name, found in fields.items():
        desc = f" — {specs[name].description.strip()}" if specs[name].description else ""
        mentions = "; ".join(f'{number(m.value)} ("{(m.before + " " + m.written).strip()}"'
                             f'{", later time point" if m.later else ""})' for m in found)
        lines.append(f"- {name} (a number from: {mentions}, or null){desc}")
    return "\n".join(lines)


def inputs_from_candidates(reply: Mapping[str, Any], fields: Mapping[str, list[QuantityMention]],
                           specs: Mapping[str, InputSpec]) -> tuple[dict[str, Any], list[str], dict[str, QuantityMention]]:
    """The reply with each chosen number as its mention (the first mention of that number in the
    candidates' order); a required input left null takes its first candidate (the value at
    presentation, by the dataset's convention), said in the notes. Also returns the mention each
    input took."""
    args, notes, took = dict(reply), [], {}
    for name, found in fields.items():
        if name not in args:
            continue
        value = args[name]
        chosen = next((m for m in found if isinstance(value, (int, float)) and not isinstance(value, bool)
                       and m.value == float(value)), None)
        if chosen is None and specs[name].required and not specs[name].nullable:
            chosen = found[0]
            notes.append(f"{name}: no mention's number given ({value!r}); took the first, {number(chosen.value)}")
        args[name] = None if chosen is None else as_input(chosen, specs[name].units)
        if chosen is not None:
            took[name] = chosen
    return args, notes, took
