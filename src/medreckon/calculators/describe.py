"""A flat, structured description of a calculator's inputs, read from its inputs model, and its
output in words; the CLI, docs, formula cards and tool schemas all use this rather than
re-declaring anything."""

from __future__ import annotations

import datetime as dt
import math
import types
import typing
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from .fields import Quantity, Scope
from .spec import Calculator, Output


class InputKind(StrEnum):
    """What an input is (a str: `spec.kind == "quantity"` holds)."""

    QUANTITY = "quantity"
    CHOICE = "choice"
    BOOLEAN = "boolean"
    DATE = "date"
    INTEGER = "integer"
    NUMBER = "number"
    TEXT = "text"


Limit = tuple[float, bool, float, bool]  # (low, low inclusive, high, high inclusive)


@dataclass(frozen=True)
class InputSpec:
    name: str
    kind: InputKind
    required: bool
    description: str
    default: Any = None
    option: bool = False
    unit: str | None = None
    units: tuple[str, ...] = ()
    bounds: str | None = None  # the hard bounds in words ("≥ 0, ≤ 100"), for people
    plausible: tuple[float, float] | None = None
    limits: tuple[tuple[str, Limit], ...] = ()  # the hard bounds as numbers, per unit (a plain number: unit "")
    choices: tuple[str, ...] = ()
    nullable: bool = False
    scope: Scope = Scope()  # which of a finding's occurrences count (fields.Scope)

    def limits_in(self, unit: str | None = None) -> Limit | None:
        """The hard bounds in `unit` (default: the canonical unit), or None where there are none."""
        want = (self.unit or "") if unit is None else unit
        return next((lim for u, lim in self.limits if u == want), None)


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


def _quantity_limits(qty: Quantity, units: tuple[str, ...]) -> tuple[tuple[str, Limit], ...]:
    from .quantity_schema import unit_limits

    return tuple((unit, unit_limits(qty, unit)) for unit in units)


def _plain_limits(meta: list[Any]) -> tuple[tuple[str, Limit], ...]:
    lo, lo_in, hi, hi_in = -math.inf, False, math.inf, False
    for m in meta:
        for key, low, inclusive in (("gt", True, False), ("ge", True, True), ("lt", False, False), ("le", False, True)):
            v = getattr(m, key, None)
            if isinstance(v, int | float):
                if low:
                    lo, lo_in = float(v), inclusive
                else:
                    hi, hi_in = float(v), inclusive
    return () if (lo, hi) == (-math.inf, math.inf) else (("", (lo, lo_in, hi, hi_in)),)


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
            units = tuple(dict.fromkeys((qty.unit, *qty.units)))
            specs.append(InputSpec(kind=InputKind.QUANTITY, unit=qty.unit, units=units, bounds=_bounds(qty),
                                   plausible=qty.plausible, limits=_quantity_limits(qty, units), **common))
        elif typing.get_origin(base) is typing.Literal:
            specs.append(InputSpec(kind=InputKind.CHOICE, choices=tuple(typing.get_args(base)), **common))
        elif base is bool:
            scope = next((m for m in meta if isinstance(m, Scope)), Scope())
            specs.append(InputSpec(kind=InputKind.BOOLEAN, scope=scope, **common))
        elif base is dt.date:
            specs.append(InputSpec(kind=InputKind.DATE, **common))
        elif base in (int, float):
            kind = InputKind.INTEGER if base is int else InputKind.NUMBER
            specs.append(InputSpec(kind=kind, bounds=_plain_bounds(meta), limits=_plain_limits(meta), **common))
        else:
            specs.append(InputSpec(kind=InputKind.TEXT, **common))
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
    elif output.type == "category":
        text = "one of: " + "; ".join(output.categories)
    else:
        text = "a gestational age in weeks and days" if page else "a gestational age as (weeks, days)"
    if output.range:
        text += f"; usual range {output.range[0]:g} to {output.range[1]:g}"
    if output.secondary:
        text += "; also " + "; ".join(
            f"{s.name} ({s.description}{f', {s.unit}' if s.unit else ''})" for s in output.secondary)
    if output.domain is not None:  # what the formula may answer, enforced (calculators/domain.py)
        d = output.domain
        text += (f"; a result outside {d.words(output.unit)} is " + ("answered as the nearest bound, with a note"
                                                                     if d.clamp else "refused as an input error"))
    return text
