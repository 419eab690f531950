"""Per-item inputs as a list: a calculator whose inputs come in pairs `<item>_dose` and
`<item>_doses_per_day` (MME: one pair per opioid) is asked for a list of the items the note
names — {item, dose, unit, doses_per_day} — instead of every pair as flat nullable fields, so
an item the patient does not take cannot be "extracted". The list is turned back into the
calculator's inputs; the same item listed twice (10 mg twice a day and 5 mg at night) becomes
its total daily amount taken once a day, which gives the same product.

    groups = item_groups(calc)                       # {"oxycodone": ("oxycodone_dose", ...)}
    schema = items_schema(calc, groups, other_names)
    inputs = inputs_from_items(reply, groups)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..bench.calculation import asked_inputs, input_schema
from ..calculators.describe import InputSpec
from ..calculators.spec import Calculator

DOSE, PER_DAY = "_dose", "_doses_per_day"
ITEMS_KEY = "items"


def item_groups(calc: Calculator) -> dict[str, tuple[InputSpec, InputSpec]]:
    """{item: (dose input, doses-per-day input)} for the calculator's paired inputs; {} for a
    calculator without such pairs."""
    specs = {s.name: s for s in asked_inputs(calc)}
    return {name[:-len(DOSE)]: (spec, specs[name[:-len(DOSE)] + PER_DAY])
            for name, spec in specs.items()
            if name.endswith(DOSE) and name[:-len(DOSE)] + PER_DAY in specs and spec.kind == "quantity"}


def grouped_names(groups: Mapping[str, tuple[InputSpec, InputSpec]]) -> set[str]:
    return {s.name for pair in groups.values() for s in pair}


def items_schema(calc: Calculator, groups: Mapping[str, tuple[InputSpec, InputSpec]],
                 names: list[str]) -> dict[str, Any]:
    """The reply schema: `items` (a list, possibly empty) and the other inputs `names` as
    `calculation.input_schema` writes them."""
    units = sorted({u for dose, _ in groups.values() for u in dose.units})
    item = {"type": "object", "additionalProperties": False,
            "required": ["item", "dose", "unit", "doses_per_day"],
            "properties": {"item": {"type": "string", "enum": sorted(groups)},
                           "dose": {"type": "number"}, "unit": {"type": "string", "enum": units},
                           "doses_per_day": {"type": "number"}}}
    rest = input_schema(calc, [n for n in names if n not in grouped_names(groups)])
    props = {ITEMS_KEY: {"type": "array", "items": item,
                         "description": "One entry per item the note says the patient takes; [] for none."},
             **rest["properties"]}
    return {"type": "object", "properties": props, "required": list(props), "additionalProperties": False}


def item_lines(groups: Mapping[str, tuple[InputSpec, InputSpec]]) -> str:
    """The prompt's lines for the list."""
    return (f"- {ITEMS_KEY} (a list; one entry per item the patient takes, none for items not taken): "
            '{"item": one of ' + " | ".join(sorted(groups)) + ', "dose": the dose of one administration, '
            '"unit": its unit, "doses_per_day": how many times a day}')


def inputs_from_items(reply: Mapping[str, Any], groups: Mapping[str, tuple[InputSpec, InputSpec]]) -> dict[str, Any]:
    """The calculator arguments of a reply with a list: every other key as it is, each listed
    item as its dose and doses per day (ValueError for an item that is not one of the groups,
    so the repair turn names it)."""
    args = {k: v for k, v in reply.items() if k != ITEMS_KEY}
    listed = reply.get(ITEMS_KEY) or []
    if not isinstance(listed, list):
        raise ValueError(f"{ITEMS_KEY} must be a list, got {type(listed).__name__}")
    seen: dict[str, list[dict[str, Any]]] = {}
    for entry in listed:
        name = entry.get("item") if isinstance(entry, Mapping) else None
        if name not in groups:
            raise ValueError(f"{ITEMS_KEY}: {name!r} is not one of {', '.join(sorted(groups))}")
        seen.setdefault(name, []).append(entry)
    for name, entries in seen.items():
        dose, per_day = groups[name]
        units = {e.get("unit") for e in entries}
        if len(entries) == 1 or len(units) > 1:  # different units cannot be added: keep the first
            e = entries[0]
            args[dose.name] = {"value": e.get("dose"), "unit": e.get("unit")}
            args[per_day.name] = e.get("doses_per_day")
        else:
            total = sum(float(e.get("dose") or 0) * float(e.get("doses_per_day") or 0) for e in entries)
            args[dose.name] = {"value": total, "unit": entries[0].get("unit")}
            args[per_day.name] = 1
    return args
