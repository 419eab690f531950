"""How MedMCP-Calc's worked inputs and answers map onto one of our calculators: a small JSON file
per calculator id in `medreckon/data/medmcp_calc_mappings/` (see docs/coverage/README.md).

A mapping file holds no values copied from the task file: it says which of MedMCP-Calc's field
labels is which of our inputs, what their option texts mean as our values, which output their
final answer is and how to compare it, and every documented disagreement with its reason.

    {"calculator": "sf-ratio",
     "fields": [{"labels": ["SpO2", "SpO2 (%)"], "input": "spo2"},
                {"labels": ["Black race"], "ignore": "why our calculator does not take it"}],
     "fixed": {"option": "value"},
     "answer": {"output": null, "unit": "lb", "tolerance": 0.5, "match": "text",
                "labels": {"their text": "our label", "re:<pattern>": "@refused"}},
     "uses": {"<task id>#<order>": {"output": "other_output", "why": "..."}},
     "deviations": {"<task id>#<order>": {"ours": "...", "reason": "...", "source": "..."}}}

`"match": "text"` compares a text output with their answer as labels are compared (case and
punctuation aside). Option texts and answer labels may be `re:` patterns (matched in full against the normalised text). Labels and
option texts match after normalising (Unicode NFKC, case, and for labels every run of
punctuation or spaces as one space), so "PaCO₂ (mm Hg)" and "paco2_mm_hg" are one label.
"""

from __future__ import annotations

import json
import re
import types
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any, Union, get_args, get_origin

from ...calculators import units as u
from ...calculators.fields import Quantity
from ...calculators.registry import get
from ...calculators.spec import Calculator
from ...errors import CalculatorInputError
from ...paths import package_data
from ..datasets.medmcp_calc import CalculatorUse

MAPPINGS = package_data("medmcp_calc_mappings")
REFUSED = "@refused"  # an answer label meaning "MDCalc says it cannot be calculated"
ROUTE = "@calculator"  # in a value's inputs: this use is computed by that calculator instead
_KEYS = {"calculator", "fields", "fixed", "answer", "uses", "deviations", "notes"}
_FIELD_KEYS = {"labels", "input", "unit", "values", "ignore", "find", "why"}
_ANSWER_KEYS = {"output", "unit", "tolerance", "labels", "match", "why"}
_COMPARATOR = re.compile(r"^\s*(?:[<>≤≥~]|>=|<=)")
_NUMBER = re.compile(r"^\s*([-+]?(?:\d[\d,]*(?:\.\d+)?|\.\d+))\s*(.*)$", re.S)


class MappingError(ValueError):
    """A mapping file that is not well formed: the message names the file and the key."""


class Unmapped(ValueError):
    """A use the mapping cannot read: a field label, an option text or an answer it does not know."""


def label_key(text: str) -> str:
    """A field label as mapping files match it: NFKC, lower case, punctuation runs as one space."""
    t = unicodedata.normalize("NFKC", str(text)).casefold().replace("_", " ")
    return re.sub(r"[^0-9a-z]+", " ", t).strip()


def value_key(text: Any) -> str:
    """An option text or answer as mapping files match it: NFKC, lower case, spaces collapsed."""
    return " ".join(unicodedata.normalize("NFKC", str(text)).casefold().split())


@dataclass(frozen=True)
class FieldRule:
    labels: tuple[str, ...]
    input: str | None = None
    unit: str | None = None  # the unit of a bare number (a label such as "Weight (lbs)")
    values: dict[str, Any] = field(default_factory=dict)  # value_key(text) -> our value or {input: value}
    ignore: str | None = None  # why this field is not one of our inputs
    find: bool = False  # read the first amount anywhere in the text ("Paclitaxel 175 mg/m²"), not a leading one


@dataclass(frozen=True)
class Mapping:
    calculator: str
    path: Path
    fields: dict[str, FieldRule]  # label_key -> rule
    fixed: dict[str, Any]
    answer: dict[str, Any]
    uses: dict[str, dict[str, Any]]
    deviations: dict[str, dict[str, Any]]


def mapping_path(calculator_id: str) -> Path:
    return MAPPINGS / f"{calculator_id}.json"


def load_mapping(calculator_id: str, folder: Path | None = None) -> Mapping | None:
    """The mapping of a calculator, or None when it has none; MappingError when malformed."""
    p = (folder or MAPPINGS) / f"{calculator_id}.json"
    return read_mapping(p) if p.is_file() else None


def read_mapping(p: Path) -> Mapping:
    try:
        data = json.loads(p.read_text(encoding="utf-8"))
    except ValueError as exc:
        raise MappingError(f"{p.name}: not JSON ({exc})") from None
    if not isinstance(data, dict) or set(data) - _KEYS or data.get("calculator") != p.stem:
        raise MappingError(f"{p.name}: an object with keys among {sorted(_KEYS)} whose 'calculator' is {p.stem!r}")
    fields: dict[str, FieldRule] = {}
    for i, raw in enumerate(data.get("fields", [])):
        rule = _field_rule(p, i, raw)
        for label in rule.labels:
            if fields.setdefault(label_key(label), rule) is not rule:
                raise MappingError(f"{p.name}: label {label!r} is listed twice")
    answer = data.get("answer", {})
    if set(answer) - _ANSWER_KEYS:
        raise MappingError(f"{p.name}: answer keys are among {sorted(_ANSWER_KEYS)}")
    labels = {(k if k.startswith("re:") else value_key(k)): v for k, v in answer.get("labels", {}).items()}
    _check_patterns(p, labels)
    answer = {**answer, "labels": labels}
    deviations = data.get("deviations", {})
    for key, d in deviations.items():
        if not {"ours", "reason", "source"} <= set(d) or not d["reason"].strip() or not d["source"].strip():
            raise MappingError(f"{p.name}: deviation {key} needs 'ours', a 'reason' and a 'source'")
    return Mapping(p.stem, p, fields, data.get("fixed", {}), answer, data.get("uses", {}), deviations)


def _check_patterns(p: Path, table: dict[str, Any]) -> None:
    for k in table:
        if k.startswith("re:"):
            try:
                re.compile(k[3:])
            except re.error as exc:
                raise MappingError(f"{p.name}: {k!r} is not a regular expression ({exc})") from None


def _field_rule(p: Path, i: int, raw: Any) -> FieldRule:
    if not isinstance(raw, dict) or set(raw) - _FIELD_KEYS or not raw.get("labels"):
        raise MappingError(f"{p.name}: fields[{i}] is an object with 'labels' and keys among {sorted(_FIELD_KEYS)}")
    if ("input" in raw) + ("ignore" in raw) + ("values" in raw and "input" not in raw) != 1:
        raise MappingError(f"{p.name}: fields[{i}] maps to an 'input', maps its 'values' to inputs, or says why "
                           "it is ignored ('ignore'): exactly one")
    values = {(k if k.startswith("re:") else value_key(k)): v for k, v in raw.get("values", {}).items()}
    _check_patterns(p, values)
    if "input" not in raw and any(not isinstance(v, dict) for v in values.values()):
        raise MappingError(f"{p.name}: fields[{i}] has no 'input', so each of its values maps to {{input: value}}")
    return FieldRule(tuple(raw["labels"]), raw.get("input"), raw.get("unit"), values, raw.get("ignore"),
                     bool(raw.get("find", False)))


# ---------------------------------------------------------------- a use as our inputs


def inputs_for(mapping: Mapping, calc: Calculator, use: CalculatorUse) -> tuple[Calculator, dict[str, Any]]:
    """The calculator and inputs that compute this use (a value may route it to a sibling
    calculator); Unmapped names the first label or option text the mapping does not know."""
    inputs: dict[str, Any] = dict(mapping.fixed)
    implied: dict[str, Any] = {}  # inputs set by an option's {input: value}: a field giving the input wins
    for label, raw in use.inputs:
        rule = mapping.fields.get(label_key(label))
        if rule is None:
            raise Unmapped(f"field {label!r} is not in {mapping.path.name}")
        if rule.ignore is not None:
            continue
        known = option_value(rule.values, raw)
        if isinstance(known, dict):
            implied.update(known)
        elif known is not _MISSING:
            inputs[rule.input] = known  # type: ignore[index]
        elif rule.input is None:
            raise Unmapped(f"field {label!r}: option {raw!r} is not in {mapping.path.name}")
        else:
            target = get(implied.get(ROUTE, calc.id))
            inputs[rule.input] = read_value(target, rule, label, raw)
    inputs = {**implied, **inputs}
    routed = get(inputs.pop(ROUTE)) if ROUTE in inputs else calc
    return routed, inputs


_MISSING = object()


def option_value(values: dict[str, Any], raw: Any) -> Any:
    """What an option text maps to: an exact entry, else the first `re:` pattern matching it in full."""
    key = value_key(raw)
    if key in values:
        return values[key]
    return next((v for k, v in values.items() if k.startswith("re:") and re.fullmatch(k[3:], key)), _MISSING)


def input_kind(calc: Calculator, name: str) -> tuple[str, Quantity | None]:
    """quantity, boolean, integer, number or text: how a value for this input is read."""
    f = calc.inputs.model_fields.get(name)
    if f is None:
        return "text", None
    t, metadata = f.annotation, list(f.metadata)
    if get_origin(t) in (Union, types.UnionType):  # an optional input: X | None
        kinds = [a for a in get_args(t) if a is not type(None)]
        t = kinds[0] if len(kinds) == 1 else t
    if get_origin(t) is Annotated:
        t, metadata = get_args(t)[0], metadata + list(get_args(t)[1:])
    q = next((m for m in metadata if isinstance(m, Quantity)), None)
    if q is not None:
        return "quantity", q
    return {bool: "boolean", int: "integer", float: "number"}.get(t, "text"), None


def read_value(calc: Calculator, rule: FieldRule, label: str, raw: Any) -> Any:
    """A value as the calculator's input takes it: a quantity as {value, unit}, a yes/no from its
    first word, a number from its leading digits, anything else as written."""
    kind, q = input_kind(calc, rule.input or "")
    if kind == "text":
        return raw.strip() if isinstance(raw, str) else raw
    if kind == "boolean":
        word = re.match(r"[a-z]*", value_key(raw)).group(0)  # type: ignore[union-attr]
        if word in ("yes", "no"):
            return word == "yes"
        raise Unmapped(f"field {label!r}: {raw!r} is neither yes nor no; map it in 'values'")
    if isinstance(raw, int | float) and not isinstance(raw, bool):
        return {"value": raw, "unit": rule.unit} if kind == "quantity" and rule.unit else raw
    text = str(raw)
    if rule.find and (first := re.search(r"\d", text)):
        text = text[first.start():]
    number, unit = leading_amount(text, q.unit if q else None, q.analyte if q else None)
    if number is None:
        raise Unmapped(f"field {label!r}: cannot read a number from {raw!r}; map it in 'values'")
    if kind != "quantity":
        return int(number) if kind == "integer" and number.is_integer() else number
    return {"value": number, "unit": unit or rule.unit or q.unit}  # type: ignore[union-attr]


def leading_amount(text: str, unit: str | None, analyte: str | None = None) -> tuple[float | None, str | None]:
    """The number a value starts with and the longest run of words after it that is a unit of
    `unit`'s dimension ("800 mL over 24 hours" is 800 mL); annotations in brackets or after a
    semicolon are not read. A value starting with a comparator ("≥12 hours") is not a number."""
    t = unicodedata.normalize("NFKC", text)
    m = _NUMBER.match(t)
    if m is None or _COMPARATOR.match(t):
        return None, None
    number = float(m.group(1).replace(",", ""))
    rest = re.split(r"[(;\n]", m.group(2), maxsplit=1)[0].split()
    for k in range(len(rest), 0, -1):
        candidate = " ".join(rest[:k]).rstrip(",.")
        if unit is not None and _converts(candidate, unit, analyte):
            return number, candidate
    return number, None


def _converts(spelling: str, unit: str, analyte: str | None) -> bool:
    try:
        u.conversion(spelling, unit, analyte)
    except (u.UnitError, KeyError):
        return False
    return True


def all_mappings(folder: Path | None = None) -> list[Mapping]:
    return [read_mapping(p) for p in sorted((folder or MAPPINGS).glob("*.json"))]


def check_mapping(mapping: Mapping) -> list[str]:
    """What is wrong with a mapping beyond its form: an unknown calculator, input or output."""
    try:
        calc = get(mapping.calculator)
    except CalculatorInputError:
        return [f"{mapping.path.name}: no calculator {mapping.calculator!r}"]
    if calc.id != mapping.calculator:
        return [f"{mapping.path.name}: {mapping.calculator!r} is an alias; name the file {calc.id}.json"]
    routes = {get(v[ROUTE]) for r in mapping.fields.values() for v in r.values.values()
              if isinstance(v, dict) and ROUTE in v}
    known = {n for c in (calc, *routes) for n in c.inputs.model_fields}
    problems = [f"{mapping.path.name}: {n!r} is not an input of {calc.id}"
                for n in sorted(_named_inputs(mapping) - known)]
    outputs = {s.name for c in (calc, *routes) for s in c.output.secondary}
    for name in [mapping.answer.get("output"), *(x.get("output") for x in mapping.uses.values())]:
        if name is not None and name not in outputs:
            problems.append(f"{mapping.path.name}: {name!r} is not a secondary output of {calc.id}")
    return problems


def _named_inputs(mapping: Mapping) -> set[str]:
    names = set(mapping.fixed)
    for rule in mapping.fields.values():
        if rule.input:
            names.add(rule.input)
        names |= {k for v in rule.values.values() if isinstance(v, dict) for k in v if k != ROUTE}
    return names
