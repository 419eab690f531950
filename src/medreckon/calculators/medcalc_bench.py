"""Adapter from a MedCalc-Bench row's "Relevant Entities" to a calculator call.

Entities arrive as a dict or as the Python-literal string of the CSV. Values are `[number,
unit]` pairs, booleans, strings or numbers; each calculator's `MedCalcBench` declaration maps
entity names to its inputs. A missing entity is left out, so the calculator's own default
applies and is reported in the warnings (the dataset assumes absent findings are absent).
"""

from __future__ import annotations

import ast
import difflib
from collections.abc import Mapping
from typing import Any

from ..errors import CalculatorInputError, InputIssue
from .registry import by_medcalc_bench_id
from .spec import Calculator, Result

_UNKNOWN = object()


def parse_entities(entities: Mapping[str, Any] | str) -> dict[str, Any]:
    if type(entities) is dict or isinstance(entities, Mapping):
        return dict(entities)
    try:
        parsed = ast.literal_eval(entities)
    except (ValueError, SyntaxError) as exc:
        raise CalculatorInputError(
            None,
            [InputIssue("entities", entities, "a dict or its Python-literal string", f"could not parse: {exc}")],
        ) from None
    if not isinstance(parsed, dict):
        raise CalculatorInputError(None, [InputIssue("entities", entities, "a dict", None, "type")])
    return parsed


def to_inputs(calc: Calculator, entities: Mapping[str, Any] | str) -> dict[str, Any]:
    """The calculator inputs a row's entities stand for (before validation)."""
    spec = calc.medcalc_bench
    assert spec is not None
    adapt = spec.adapt
    # read only, so a dict is not copied; without an adapter the options go in first, which is
    # where {**options, **mapped} would put them
    raw = entities if type(entities) is dict and adapt is None else parse_entities(entities)
    mapped: dict[str, Any] = {} if adapt is not None else dict(spec.options)
    unknown = []
    fields = spec.entities
    for name, value in raw.items():
        field = fields.get(name, _UNKNOWN)
        if field is _UNKNOWN:
            unknown.append(name)
            continue
        if field is None:  # reshaped by spec.adapt
            continue
        tv = type(value)
        if (tv is list or tv is tuple or isinstance(value, list | tuple)) and len(value) == 2:
            value = {"value": value[0], "unit": value[1]}
        mapped[field] = value
    if adapt is not None:
        mapped = adapt(raw, mapped)
    if unknown:
        known = list(spec.entities)
        raise CalculatorInputError(
            calc.id,
            [
                InputIssue(
                    n, raw[n], f"an entity of MedCalc-Bench calculator {spec.id}",
                    _did_you_mean(n, known), "unknown_field",
                )
                for n in unknown
            ],
        )
    return {**spec.options, **mapped} if adapt is not None else mapped


def _did_you_mean(name: str, known: list[str]) -> str:
    close = difflib.get_close_matches(name, known, n=1, cutoff=0.6)
    return f"did you mean {close[0]!r}?" if close else f"known entities: {', '.join(known)}"


def from_medcalc_bench(calculator_id: int | str, entities: Mapping[str, Any] | str) -> Result:
    """Compute a MedCalc-Bench row: `calculator_id` is the dataset's Calculator ID."""
    calc = _BY_ID.get(calculator_id) if type(calculator_id) is int else None
    if calc is None:
        calc = by_medcalc_bench_id(int(calculator_id))
        if type(calculator_id) is int:
            _BY_ID[calculator_id] = calc
    return calc.calculate(to_inputs(calc, entities))


_BY_ID: dict[int, Calculator] = {}  # MedCalc-Bench Calculator ID -> calculator, as looked up
