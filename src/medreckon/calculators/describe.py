"""A flat, structured description of a calculator's inputs, read from its inputs model, and its
output in words; the CLI, docs, formula cards and tool schemas all use this rather than
re-declaring anything."""

from __future__ import annotations

import datetime as dt
import types
import typing
from dataclasses import dataclass
from typing import Any

from .fields import Quantity, Scope
from .spec import Calculator, Output


@dataclass(frozen=True)
class InputSpec:
    name: str
    kind: str  # quantity | choice | boolean | date | integer | number | text
    required: bool
    description: str
    default: Any = None
    option: bool = False
    unit: str | None = None
    units: tuple[str, ...] = ()
    bounds: str | None = None
    plausible: tuple[float, float] | None = None
    choices: tuple[str, ...] = ()
    nullable: bool = False
    scope: Scope = Scope()  # which of a finding's occurrences count (fields.Scope)


def unwrap(annotation: Any) -> tuple[Any, list[Any], bool]:
    """(base type, metadata, nullable) through Optional and Annotated."""
    nullable = False
    origin = typing.get_origin(annotation)
    if origin in (typing.Union, types.UnionType):
        args = [a for a in typing.get_args(annotation) if a is not type(None)]
        nullable = len(args) < len(typing.get_args(annotation))
        annotation = args[0] if len(args) == 1 else annotation
    meta: list[Any] = []
    while typing.get_origin(annotation) is typing.Annotated:
        annotation, *extra = typing.get_args(annotation)
        meta += extra
    return annotation, meta, nullable


def _bounds(qty: Quantity) -> str | None:
    parts = []
    for key, sym in (("gt", ">"), ("ge", "≥"), ("lt", "<"), ("le", "≤")):
        v = getattr(qty, key)
        if v is not None:
            parts.append(f"{sym} {v:g}")
    return ", ".join(parts) or None


def _plain_bounds(meta: list[Any]) -> str | None:
    """Bounds of a plain number field (annotated_types Gt/Ge/Lt/Le in its metadata)."""
    parts = []
    for m in meta:
        for key, sym in (("gt", ">"), ("ge", "≥"), ("lt", "<"), ("le", "≤")):
            v = getattr(m, key, None)
            if isinstance(v, int | float):
                parts.append(f"{sym} {v:g}")
    return ", ".join(parts) or None


def describe_inputs(calc: Calculator) -> list[InputSpec]:
    specs = []
    for name, f in calc.inputs.model_fields.items():
        base, meta, nullable = unwrap(f.annotation)
        meta += list(f.metadata)
        extra = f.json_schema_extra if isinstance(f.json_schema_extra, dict) else {}
        common = dict(
            name=name, required=f.is_required(), description=f.description or "",
            default=None if f.is_required() else f.default, option=bool(extra.get("x-option")),
            nullable=nullable,
        )
        qty = next((m for m in meta if isinstance(m, Quantity)), None)
        if qty is not None:
            specs.append(InputSpec(kind="quantity", unit=qty.unit, units=tuple(dict.fromkeys((qty.unit, *qty.units))),
                                   bounds=_bounds(qty), plausible=qty.plausible, **common))
        elif typing.get_origin(base) is typing.Literal:
            specs.append(InputSpec(kind="choice", choices=tuple(typing.get_args(base)), **common))
        elif base is bool:
            scope = next((m for m in meta if isinstance(m, Scope)), Scope())
            specs.append(InputSpec(kind="boolean", scope=scope, **common))
        elif base is dt.date:
            specs.append(InputSpec(kind="date", **common))
        elif base in (int, float):
            kind = "integer" if base is int else "number"
            specs.append(InputSpec(kind=kind, bounds=_plain_bounds(meta), **common))
        else:
            specs.append(InputSpec(kind="text", **common))
    return specs


def describe_output(output: Output, *, page: bool = False) -> str:
    """The output in words, e.g. 'a number in mL/min, rounded to 1 decimal place; usual range 0 to
    200'. `page`: the docs page's wording, which also names the rounding rule and date format."""
    if output.type == "decimal":
        places = f"{output.decimals} decimal place{'' if output.decimals == 1 else 's'}"
        rounding = f"reported rounded to {places} (half away from zero)" if page else f"rounded to {places}"
        text = f"a number{f' in {output.unit}' if output.unit else ''}, {rounding}"
    elif output.type == "integer":
        text = f"a whole number{f' of {output.unit}' if output.unit else ''}"
    elif output.type == "date":
        text = "a date (YYYY-MM-DD)" if page else "a date"
    else:
        text = "a gestational age in weeks and days" if page else "a gestational age as (weeks, days)"
    if output.range:
        text += f"; usual range {output.range[0]:g} to {output.range[1]:g}"
    return text
