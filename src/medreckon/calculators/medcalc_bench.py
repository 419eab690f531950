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

from ..errors import CalculatorInputError, InputIssue, wrong_argument
from .registry import by_medcalc_bench_id
from .spec import Calculator, Result

_UNKNOWN = object()


MAX_LITERAL = 100_000  # characters of an entities literal (a dataset row's is under 2,000)


def parse_entities(entities: Mapping[str, Any] | str) -> dict[str, Any]:
    if type(entities) is dict or isinstance(entities, Mapping):
        return dict(entities)
    if not isinstance(entities, str):
        raise wrong_argument("entities", entities, "a dict of entity names to values, or its Python-literal string")
    expected = "a dict or its Python-literal string"
    if len(entities) > MAX_LITERAL:
        raise CalculatorInputError(None, [InputIssue(
            "entities", entities, expected, f"the literal is longer than {MAX_LITERAL:,} characters", "type")])
    try:
        parsed = ast.literal_eval(entities)
    except (ValueError, TypeError, SyntaxError) as exc:  # TypeError: an unhashable key, {[1]: 2}
        raise CalculatorInputError(None, [InputIssue("entities", entities, expected, f"could not parse: {exc}")]) from None
    except (MemoryError, RecursionError):  # nested deeper than the parser goes ("-" * 10000 + "1" too)
        raise CalculatorInputError(None, [InputIssue(
            "entities", entities, expected, "the literal is nested too deeply", "type")]) from None
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
            unknown.append(name if isinstance(name, str) else repr(name))
            continue
        if field is None:  # reshaped by spec.adapt
            continue
        tv = type(value)
        if (tv is list or tv is tuple or isinstance(value, list | tuple)) and len(value) == 2:
            value = {"value": value[0], "unit": value[1]}
        mapped[field] = value
    if adapt is not None:
        mapped = _adapted(calc, adapt, raw, mapped)
    if unknown:
        known = list(spec.entities)
        raise CalculatorInputError(
            calc.id,
            [
                InputIssue(
                    n, raw.get(n), f"an entity of MedCalc-Bench calculator {spec.id}",
                    _did_you_mean(n, known), "unknown_field",
                )
                for n in unknown
            ],
        )
    return {**spec.options, **mapped} if adapt is not None else mapped


def _adapted(calc: Calculator, adapt: Any, raw: Mapping[str, Any], mapped: dict[str, Any]) -> dict[str, Any]:
    """`adapt(raw, mapped)`, its failures on entities of another shape as input errors: an adapter
    reads a row as the dataset writes it ([name, dose, unit] for a steroid) and indexes it so."""
    try:
        return adapt(raw, mapped)
    except KeyError as exc:
        name = exc.args[0] if exc.args and isinstance(exc.args[0], str) else "entities"
        raise CalculatorInputError(calc.id, [InputIssue(
            name, None, f"a value (MedCalc-Bench calculator {calc.medcalc_bench.id} needs this entity)",  # type: ignore[union-attr]
            None, "missing")]) from None
    except (TypeError, ValueError, IndexError, AttributeError, ArithmeticError) as exc:
        raise CalculatorInputError(calc.id, [InputIssue(
            "entities", raw, "the entities in the shapes MedCalc-Bench writes them (a value, [value, unit], "
            "or for a drug [name, dose, unit])", f"could not read them ({type(exc).__name__})", "type")]) from None


def _did_you_mean(name: str, known: list[str]) -> str:
    close = difflib.get_close_matches(name, known, n=1, cutoff=0.6)
    return f"did you mean {close[0]!r}?" if close else f"known entities: {', '.join(known)}"


def from_medcalc_bench(calculator_id: int | str, entities: Mapping[str, Any] | str) -> Result:
    """Compute a MedCalc-Bench row: `calculator_id` is the dataset's Calculator ID."""
    calc = _BY_ID.get(calculator_id) if type(calculator_id) is int else None
    if calc is None:
        calc = by_medcalc_bench_id(calculator_id)
        if type(calculator_id) is int:
            _BY_ID[calculator_id] = calc
    return calc.calculate(to_inputs(calc, entities))


_BY_ID: dict[int, Calculator] = {}  # MedCalc-Bench Calculator ID -> calculator, as looked up
