"""Step 2 of the step verdicts (`analysis.steps`): an attempt's inputs against the case's gold
Relevant Entities. `gold_for` runs the entities through our calculator (`Gold`: the inputs they
stand for, normalised, the result and whether it scores under the rule); `compare_entities`
gives one `EntityVerdict` per input (the rules are in `steps`' docstring); `note_numbers` and
`in_note` read the numbers a note writes, for telling a hallucinated number from a misread one;
`off_by_unit` tells a value off from gold by a conversion factor between the field's declared
units. Per-calculator lookups are cached; no pint on this path (the units' table only).
"""

from __future__ import annotations

import re
import typing
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from ...calculators.describe import InputSpec, describe_inputs
from ...calculators.fields import Quantity
from ...calculators.medcalc_bench import to_inputs
from ...calculators.spec import Calculator
from ...calculators.units import UnitError, conversion
from ...errors import CalculatorInputError
from ..answers import decimals_of, same_value, typed_answer
from ..calculation import calculator_for_case, result_record
from ..trace import plain
from ..types import Case, Outcome
from .scoring import is_correct
from .verdicts import EntityVerdict

UNIT_TOLERANCE = 0.01  # relative: a value off from gold by a unit factor, notes' rounding allowed
NUMERIC_KINDS = ("quantity", "integer", "number")


def first_line(text: str | None) -> str | None:
    return text.strip().splitlines()[0] if text and text.strip() else None


# ---------------------------------------------------------------- gold


@dataclass(frozen=True)
class Gold:
    """Our calculator on a case's gold entities."""

    given: dict[str, Any] | None  # the calculator inputs the entities stand for
    normalised: dict[str, Any] | None  # as the calculator read them (canonical units)
    rounded: Any = None
    correct: bool | None = None  # correct under the rule; None: no gold
    why_not: str | None = None  # why there is no gold
    # the entities our calculator finds implausible: what the dataset audit flags on this row
    # (`data audit`, e.g. row 790's albumin 0.42 g/dL, "did you mean 4.2 g/dL?")
    implausible: tuple[str, ...] = ()


def _scores(value: Any, case: Case, rule: str, params: Mapping[str, Any]) -> bool:
    """A calculator value scored as an answer to `case` (False when it is not of its type)."""
    try:
        answer = typed_answer(value, case.output_type)
    except ValueError:
        return False
    as_outcome = Outcome(raw="", answer=answer, status="ok",
                         trace={"answer_decimals": decimals_of(answer)})
    return is_correct(as_outcome, case, rule, **params)


def gold_for(case: Case, rule: str = "medcalc_bench", **params: Any) -> Gold:
    """Our calculator on the case's gold entities, scored as an `extract` answer would be."""
    try:
        calc = calculator_for_case(case)
    except CalculatorInputError as exc:
        return Gold(None, None, why_not=f"no calculator: {first_line(str(exc))}")
    return gold_of(calc, case, rule, params)


def gold_of(calc: Calculator, case: Case, rule: str, params: Mapping[str, Any]) -> Gold:
    """`gold_for` with the case's calculator known."""
    if calc.medcalc_bench is None or not case.entities:
        return Gold(None, None, why_not="the case has no gold entities")
    try:
        given = to_inputs(calc, case.entities)
        result = calc.calculate(given)
    except CalculatorInputError as exc:
        return Gold(None, None, why_not=first_line(str(exc)))
    implausible = tuple(dict.fromkeys(w.field for w in result.warnings if w.code == "implausible"))
    try:
        correct = _scores(result.value, case, rule, params)
    except ValueError as exc:  # e.g. a decimal case without limits under medcalc_bench
        return Gold(plain(given), plain(result_record(result)["inputs"]), result.rounded, None,
                    why_not=first_line(str(exc)), implausible=implausible)
    return Gold(plain(given), plain(result_record(result)["inputs"]), result.rounded, correct,
                implausible=implausible)


# ---------------------------------------------------------------- per-calculator lookups

_SPECS: dict[Calculator, dict[str, InputSpec]] = {}
_UNIT_READINGS: dict[tuple[Calculator, str], tuple[tuple[float, float, float, float], ...]] = {}


def input_specs(calc: Calculator) -> dict[str, InputSpec]:
    if calc not in _SPECS:
        _SPECS[calc] = {s.name: s for s in describe_inputs(calc)}
    return _SPECS[calc]


def _quantity(calc: Calculator, name: str) -> Quantity | None:
    field = calc.inputs.model_fields.get(name)
    if field is None:
        return None
    todo: list[Any] = [*field.metadata, field.annotation]
    while todo:
        item = todo.pop()
        if isinstance(item, Quantity):
            return item
        todo += typing.get_args(item) if not isinstance(item, str | bytes) else []
        todo += list(getattr(item, "__metadata__", ()))
    return None


def _unit_readings(calc: Calculator, name: str) -> tuple[tuple[float, float, float, float], ...]:
    """For each ordered pair of the field's declared units (U, V): U's and V's (factor, offset)
    to the canonical unit, so that a canonical value g written in V and read as U becomes
    fU * (g - oV) / fV + oU."""
    key = (calc, name)
    if key not in _UNIT_READINGS:
        spec, qty = input_specs(calc).get(name), _quantity(calc, name)
        factors = []
        for unit in spec.units if spec is not None and qty is not None else ():
            try:
                factors.append(conversion(unit, qty.unit, qty.analyte))
            except (UnitError, KeyError):
                continue
        _UNIT_READINGS[key] = tuple((fu, ou, fv, ov) for i, (fu, ou) in enumerate(factors)
                                    for j, (fv, ov) in enumerate(factors) if i != j and fv)
    return _UNIT_READINGS[key]


def off_by_unit(calc: Calculator, name: str, model: Any, gold: Any) -> bool:
    """`model` is `gold` written in one declared unit of the field and read in another."""
    if not (is_number(model) and is_number(gold)) or gold == 0:
        return False
    for fu, ou, fv, ov in _unit_readings(calc, name):
        misread = fu * (gold - ov) / fv + ou
        if misread != gold and abs(model - misread) <= UNIT_TOLERANCE * abs(misread):
            return True
    return False


# ---------------------------------------------------------------- numbers in the note

_NOTE_NUMBER = re.compile(r"\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?|\.\d+")
_UNITS = "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen " \
         "fifteen sixteen seventeen eighteen nineteen".split()
_TENS = "twenty thirty forty fifty sixty seventy eighty ninety".split()
_TENS_RE, _DIGIT_RE, _SMALL_RE = "|".join(_TENS), "|".join(_UNITS[1:10]), "|".join(_UNITS)
_WORD_NUMBER = re.compile(rf"\b(?:({_TENS_RE})(?:[\s-]({_DIGIT_RE}))?|({_SMALL_RE}))\b", re.I)


def note_numbers(note: str) -> frozenset[float]:
    """Every number the note writes: digits (comma thousands read both ways: "1,025.2" is
    1025.2, and 1 and 25.2 in a list), and number words up to ninety-nine."""
    found: set[float] = set()
    for m in _NOTE_NUMBER.finditer(note):
        text = m.group()
        found.add(round(float(text.replace(",", "")), 9))
        if "," in text:
            found.update(round(float(part), 9) for part in text.split(",") if part)
    for m in _WORD_NUMBER.finditer(note):
        tens, unit, single = m.groups()
        if single:
            found.add(float(_UNITS.index(single.lower())))
        else:
            found.add(float(20 + 10 * _TENS.index(tens.lower()) + (_UNITS.index(unit.lower()) if unit else 0)))
    return frozenset(found)


# a count written scaled ("115 x 10^3/uL" as 115000) is still the note's number
_SCALES = (1.0, 1e-3, 1e-6, 1e-9, 1e3, 1e6, 1e9)


def in_note(x: float, numbers: frozenset[float]) -> bool:
    """`x` is one of the note's numbers, or one of them scaled by a power of a thousand."""
    return any(round(x * scale, 9) in numbers for scale in _SCALES)


def is_number(x: Any) -> bool:
    return isinstance(x, int | float) and not isinstance(x, bool)


def _number(value: Any) -> float | None:
    """The number of a value as written: 5.1, {"value": 5.1, "unit": ...}, [5.1, "mg/dL"]."""
    if isinstance(value, Mapping):
        value = value.get("value")
    elif isinstance(value, list | tuple) and len(value) == 2:
        value = value[0]
    return float(value) if is_number(value) else None


def written_numbers(value: Any) -> list[float]:
    """The numbers in a value as the model wrote it (a number, a {value, unit} mapping, a
    [value, unit] pair or text such as "5 ft 7 in")."""
    if isinstance(value, Mapping):
        value = value.get("value")
    elif isinstance(value, list | tuple) and len(value) == 2:
        value = value[0]
    if is_number(value):
        return [abs(float(value))]
    if isinstance(value, str):
        return [float(t.replace(",", "")) for t in _NOTE_NUMBER.findall(value)]
    return []


# ---------------------------------------------------------------- step 2: the values


def _rounded(calc: Calculator, inputs: Mapping[str, Any]) -> Any:
    try:
        return plain(calc.calculate(dict(inputs)).rounded)
    except CalculatorInputError:
        return None


def entity_verdict(calc: Calculator, name: str, model: Any, gold: Gold,
                   written: Mapping[str, Any] | None, numbers: frozenset[float]) -> str:
    """The verdict of one input whose model value differs from gold's (module docstring)."""
    assert gold.given is not None and gold.normalised is not None
    spec = input_specs(calc).get(name)
    given = written is None or written.get(name) is not None
    gold_has = gold.given.get(name) is not None
    kind = spec.kind if spec else "text"
    if spec is not None and spec.option:
        return "wrong_choice"
    if not given and gold_has:
        return "missing"
    if kind == "boolean":
        return "finding_flipped"
    if given and not gold_has:
        return "extra"
    if kind in NUMERIC_KINDS:
        wrote = written.get(name) if written is not None else None
        number, entity = _number(wrote), _number(gold.given.get(name))
        if number is not None and entity is not None and same_value(number, entity):
            return "wrong_unit"  # gold's number under another unit
        if off_by_unit(calc, name, model, gold.normalised.get(name)):
            return "wrong_unit"
        if written is not None and not all(in_note(x, numbers) for x in written_numbers(wrote)):
            return "hallucinated"
        return "wrong_value"
    return "wrong_value" if kind == "date" else "wrong_choice"


def partial_inputs(calc: Calculator, written: Mapping[str, Any] | None, gold: Gold) -> dict[str, Any] | None:
    """The model's written inputs as the calculator reads them, where it left required ones out
    (so nothing was computed): each input gold has and the model lacks is lent gold's value so
    the calculator can read the rest, then taken out again — `compare_entities` then calls it
    ``missing``. None when nothing was written, nothing is missing (the values themselves do not
    compute) or the written ones do not compute even so."""
    if not written or gold.given is None:
        return None
    missing = [name for name in gold.given if name not in written]
    if not missing:
        return None
    try:
        result = calc.calculate({**{name: gold.given[name] for name in missing}, **written})
    except CalculatorInputError:
        return None
    return {k: v for k, v in plain(result_record(result)["inputs"]).items() if k not in missing}


def compare_entities(calc: Calculator, model: Mapping[str, Any], gold: Gold,
                     written: Mapping[str, Any] | None, numbers: frozenset[float] = frozenset()
                     ) -> tuple[EntityVerdict, ...]:
    """One verdict per input of `calc` (rule options only where they differ), in declaration
    order: the model's normalised inputs against gold's (module docstring, step 2)."""
    assert gold.normalised is not None and gold.given is not None
    specs = input_specs(calc)
    model_rounded = _rounded(calc, model)
    out: list[EntityVerdict] = []
    within: list[int] = []  # differences that do not change the result on their own
    for name in dict.fromkeys([*gold.normalised, *model]):
        m, g = model.get(name), gold.normalised.get(name)
        spec = specs.get(name)
        w = None if written is None else plain(written.get(name))
        if same_value(m, g):
            if spec is None or not spec.option:
                out.append(EntityVerdict(name, "correct", g, m, w))
            continue
        verdict = entity_verdict(calc, name, m, gold, written, numbers)
        numeric = spec is not None and spec.kind in NUMERIC_KINDS
        if (numeric or verdict == "extra") and model_rounded is not None \
                and _rounded(calc, {**model, name: g}) == model_rounded:
            within.append(len(out))
        out.append(EntityVerdict(name, verdict, g, m, w))
    wrong = sum(e.verdict != "correct" for e in out) - len(within)
    if not (wrong == 0 and within and model_rounded != plain(gold.rounded)):
        for i in within:  # inside the tolerance, unless together they change the result
            out[i] = replace(out[i], verdict="correct")
    return tuple(out)


__all__ = ["Gold", "gold_for", "gold_of", "compare_entities", "partial_inputs", "entity_verdict", "note_numbers",
           "in_note", "written_numbers", "off_by_unit", "input_specs", "first_line", "is_number",
           "NUMERIC_KINDS", "UNIT_TOLERANCE"]
