"""The JSON Schema of a quantity input, saying exactly what the validator accepts.

A quantity is a number in the canonical unit, a string with a unit, or `{"value", "unit"}`. The
schema gives each form its bounds in each offered unit, so a value the schema allows is one the
server takes (and the reverse), which is what OpenAPI clients and property-based testers rely on:
- numbers: the hard bounds, within the magnitude every quantity has (|x| < 1e9; a quantity that
  must be > 0 is at least 1e-9, so no formula divides by a denormal);
- strings: `<number> <unit>` for each offered unit (the canonical one may be left out), the
  number written in plain decimals with as many digits as keep it inside the bounds in that unit;
- objects: one alternative per offered unit, the value bounded in that unit. A bound converted to
  another unit is exact: the converted bound itself where the validator takes it (1 as a
  fraction is 100 %), else the nearest value inside that it takes (`unit_limits`).
- a percentage also offered as a fraction (FiO2, SpO2, haematocrit): a bare number, or a value
  without its unit, is 0 or over 1; 0 < x <= 1 needs its unit ("0.4 %" or a fraction), since it
  could be either (`fields.is_percent_or_fraction`).
The validator accepts more spellings than the string pattern lists ("5 ft 7 in", "1,025 mg",
exponents, other units of the dimension); the schema names the common, exact ones.
A quantity's `scope` (the values its calculator is defined for, such as the ages a rule was
derived in) narrows the schema only: the validator reads the value, and `compute` says why it is
out of scope, with a suggestion, as `choice(unscorable=...)` does for choices.
"""

from __future__ import annotations

import math
import re
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from . import units as u

if TYPE_CHECKING:
    from .fields import Quantity

MAGNITUDE = 1e9  # every quantity is below this in absolute value (canonical unit)
TINY = 1e-9  # a quantity that must be > 0 is at least this (canonical unit)


def limits(q: Quantity, scoped: bool = False) -> tuple[float, bool, float, bool]:
    """(low, low inclusive, high, high inclusive) in the canonical unit, magnitude included;
    `scoped`: narrowed to the quantity's `scope`, as the schema states it."""
    lo, lo_in = -MAGNITUDE, False
    if q.gt is not None:
        lo, lo_in = (TINY, True) if q.gt == 0 else (q.gt, False)
    elif q.ge is not None:
        lo, lo_in = q.ge, True
    hi, hi_in = MAGNITUDE, False
    if q.lt is not None:
        hi, hi_in = q.lt, False
    elif q.le is not None:
        hi, hi_in = q.le, True
    if scoped and q.scope:
        start, below = q.scope
        if start is not None and (start > lo or start == lo and lo_in):
            lo, lo_in = start, True
        if below is not None and below <= hi:
            hi, hi_in = below, False
    return lo, lo_in, hi, hi_in


@lru_cache(maxsize=4096)
def unit_limits(q: Quantity, unit: str, scoped: bool = False) -> tuple[float, bool, float, bool]:
    """`limits(q)` in one of its offered units: what the schema says and what the validator
    checks a value given in that unit against, before converting it (so both agree exactly).

    Exact in every unit: each bound is the converted bound itself when the validator takes it
    (1 as a fraction is 100 %, the top of an FiO2), else the nearest value inside that the
    validator takes once converted as it converts (`Quantity._convert`: to 12 significant digits)."""
    bounds = limits(q, scoped)
    if unit == q.unit:
        return bounds
    factor, offset = u.conversion(unit, q.unit, q.analyte)
    if factor == 1.0 and offset == 0.0:  # another spelling: no conversion
        return bounds

    def takes(y: float) -> bool:
        return within(float(f"{y * factor + offset:.12g}"), bounds)

    lo, _, hi, _ = bounds
    a, b = u.convert(lo, q.unit, unit, q.analyte), u.convert(hi, q.unit, unit, q.analyte)
    a, b = min(a, b), max(a, b)  # every conversion we have is increasing; be safe anyway
    middle = (a + b) / 2
    return _edge(a, middle, takes), True, _edge(b, middle, takes), True


def _edge(y: float, inside: float, takes: Any) -> float:
    """`y` if `takes(y)`, else the value nearest it towards `inside` that `takes` accepts (found by
    doubling, then halving, the step: the conversion's rounding moves it by ~1e-12 at most)."""
    if takes(y):
        return y
    bad, good, step = 0.0, None, 2.0**-52
    while step <= 1.0:
        if takes(y + (inside - y) * step):
            good = step
            break
        bad, step = step, step * 2
    if good is None:
        return inside
    for _ in range(64):
        mid = (bad + good) / 2
        if mid in (bad, good):
            break
        if takes(y + (inside - y) * mid):
            good = mid
        else:
            bad = mid
    return y + (inside - y) * good


def within(x: float, bounds: tuple[float, bool, float, bool]) -> bool:
    lo, lo_in, hi, hi_in = bounds
    return (lo <= x if lo_in else lo < x) and (x <= hi if hi_in else x < hi)


def _number_schema(lo: float, lo_in: bool, hi: float, hi_in: bool) -> dict[str, Any]:
    return {"type": "number", ("minimum" if lo_in else "exclusiveMinimum"): lo,
            ("maximum" if hi_in else "exclusiveMaximum"): hi}


def _upto(top: int) -> str:
    """A regex for the whole numbers 0..top written without leading zeros."""
    text, n = str(top), len(str(top))
    alts = ["0"] + ([rf"[1-9]\d{{0,{n - 2}}}"] if n > 1 else [])
    for i, ch in enumerate(text):
        first, last = (1 if i == 0 else 0), int(ch) - 1
        if last >= first:
            rest = rf"\d{{{n - i - 1}}}" if n - i - 1 else ""
            alts.append(text[:i] + (f"[{first}-{last}]" if last > first else str(first)) + rest)
    alts.append(text)
    return "(?:" + "|".join(dict.fromkeys(alts)) + ")"


def _decimal_pattern(lo: float, hi: float) -> str | None:
    """A regex for plain decimals inside (lo, hi): a whole part w with w + 1 <= hi (so any
    decimals keep it below hi), at most 12 significant digits; None where no simple one fits."""
    top = math.floor(hi) - 1
    if top < 0 or lo >= 1:
        return None
    room = max(1, 11 - len(str(top)))  # decimals, so the number has at most 12 significant digits
    if lo > 0:  # a floor above zero: some non-zero digit, and no more decimals than the floor allows
        places = min(room, max(1, math.floor(-math.log10(lo))))
        return rf"(?=[0.]*[1-9]){_upto(top)}(?:\.\d{{1,{places}}})?"
    number = rf"{_upto(top)}(?:\.\d{{1,{min(6, room)}}})?"
    bottom = math.floor(-lo) - 1  # the same on the negative side
    if bottom >= 0:
        return rf"(?:-{_upto(bottom)}(?:\.\d{{1,{min(6, room)}}})?|{number})"
    return number


def is_percent_or_fraction(q: Quantity) -> bool:
    """A percentage whose declaration also offers the fraction ("1"): FiO2, SpO2, haematocrit, a
    differential's percentages. A bare value 0 < x <= 1 is refused there unless its unit is said."""
    return q.unit == "%" and "1" in q.units


def _bare_numbers(q: Quantity) -> list[dict[str, Any]]:
    """The number forms of a value given without its unit: the canonical unit's bounds, less
    0 < x <= 1 where that could be a percentage or a fraction."""
    lo, lo_in, hi, hi_in = limits(q, scoped=True)
    if not is_percent_or_fraction(q):
        return [_number_schema(lo, lo_in, hi, hi_in)]
    pieces = []
    if lo < 0 or lo == 0 and lo_in:
        pieces.append({"type": "number", "const": 0} if lo == 0 else _number_schema(lo, lo_in, min(hi, 0), True))
    if hi > 1:
        pieces.append(_number_schema(max(lo, 1), lo_in and lo > 1, hi, hi_in))
    return pieces


def quantity_json_schema(q: Quantity) -> dict[str, Any]:
    offered = list(dict.fromkeys((q.unit, *q.units)))
    either = is_percent_or_fraction(q)
    strings, objects = [], []
    for unit in offered:
        lo, lo_in, hi, hi_in = unit_limits(q, unit, scoped=True)
        number = _decimal_pattern(lo, hi)
        bare = unit == q.unit and not either  # the unit may be left out
        if number is not None:
            unit_re = re.escape(unit).replace("/", r"\/")
            space = " " if unit[0].isdigit() else " ?"  # "5 10^9/L", never "510^9/L"
            strings.append(rf"{number}(?:{space}{unit_re})" + ("?" if bare else ""))
        objects.append({
            "type": "object",
            "properties": {"value": _number_schema(lo, lo_in, hi, hi_in),
                           # no unit, null or "" mean the canonical unit
                           "unit": {"enum": [unit, "", None]} if bare else {"const": unit}},
            "required": ["value"] if bare else ["value", "unit"],
            "additionalProperties": False,
        })
    if either:  # {"value": x} with no unit: as a bare number
        objects.append({"type": "object", "properties": {"value": {"anyOf": _bare_numbers(q)},
                                                         "unit": {"enum": ["", None]}},
                        "required": ["value"], "additionalProperties": False})
    forms: list[dict[str, Any]] = _bare_numbers(q)
    if strings:
        pattern = "^(?:" + "|".join(strings) + ")$"
        example = f"{_example(q, offered[-1])} {offered[-1]}"
        forms.append({"type": "string", "pattern": pattern,
                      **({"examples": [example]} if re.fullmatch(pattern, example) else {})})
    forms.extend(objects)
    return {
        "anyOf": forms,
        "x-unit": q.unit,
        "x-units": offered,
        **({"x-analyte": q.analyte} if q.analyte else {}),
        **({"x-plausible": list(q.plausible)} if q.plausible else {}),
    }


def _example(q: Quantity, unit: str) -> str:
    x = u.convert(sum(q.plausible) / 2, q.unit, unit, q.analyte) if q.plausible else 1.0
    return f"{x:.2f}".rstrip("0").rstrip(".")


# ---------------------------------------------------------------- thresholds, per unit (rules.Between)


def threshold(q: Quantity, unit: str, t: float) -> float:
    """The smallest value in `unit` that the validator reads as at least `t` (canonical unit),
    converting as it converts (`Quantity._convert`: to 12 significant digits)."""
    if unit == q.unit:
        return t
    factor, offset = u.conversion(unit, q.unit, q.analyte)
    if factor == 1.0 and offset == 0.0:
        return t

    def reaches(y: float) -> bool:
        return float(f"{y * factor + offset:.12g}") >= t

    y = u.convert(t, q.unit, unit, q.analyte)
    step = abs(y) * 2.0**-40 or 2.0**-1000
    low, high = (y - step, y) if reaches(y) else (y, y + step)
    while reaches(low):  # widen until the threshold lies between
        low -= step
        step *= 2
    while not reaches(high):
        high += step
        step *= 2
    for _ in range(200):  # bisect down to adjacent floats
        mid = (low + high) / 2
        if mid in (low, high):
            break
        if reaches(mid):
            high = mid
        else:
            low = mid
    return high


def _digits_at_least(digits: str) -> str:
    """A regex for digit strings that, read as the decimals after a point, are at least `digits`."""
    alts = [re.escape(digits) + r"\d*"]
    for i, ch in enumerate(digits):
        if ch != "9":
            d = int(ch) + 1
            alts.append(digits[:i] + (f"[{d}-9]" if d < 9 else "9") + r"\d*")
    return "(?:" + "|".join(alts) + ")"


def _whole_above(whole: str) -> str:
    """A regex for whole numbers (no leading zeros) greater than `whole`."""
    n = len(whole)
    alts = [rf"[1-9]\d{{{n},}}"]
    for i, ch in enumerate(whole):
        first = max(int(ch) + 1, 1 if i == 0 else 0)
        if first <= 9:
            alts.append(whole[:i] + (f"[{first}-9]" if first < 9 else "9") + (rf"\d{{{n - i - 1}}}" if n - i - 1 else ""))
    return "(?:" + "|".join(alts) + ")"


def at_least_pattern(t: float) -> str:
    """A regex for plain non-negative decimals (no leading zeros, as the quantity patterns write
    them) whose value is at least `t` (t > 0)."""
    from decimal import Decimal

    text = format(Decimal(repr(t)), "f")
    whole, _, decimals = text.partition(".")
    decimals = decimals.rstrip("0")
    equal = re.escape(whole) + (rf"\.{_digits_at_least(decimals)}" if decimals else r"(?:\.\d+)?")
    return f"(?:{_whole_above(whole)}(?:\\.\\d+)?|{equal})"


def at_least_schema(q: Quantity, t: float) -> dict[str, Any]:
    """A JSON Schema that a value of quantity `q` (any form, any offered unit) matches exactly
    when the validator reads it as at least `t` in the canonical unit (`t` > 0): what a rule's
    condition on a threshold needs (rules.Between)."""
    either = is_percent_or_fraction(q)
    forms: list[dict[str, Any]] = [{"type": "number", "minimum": t}]
    for unit in dict.fromkeys((q.unit, *q.units)):
        y = threshold(q, unit, t)
        bare = unit == q.unit and not either
        unit_re = re.escape(unit).replace("/", r"\/")
        space = " " if unit[0].isdigit() else " ?"
        forms.append({"type": "string",
                      "pattern": rf"^{at_least_pattern(y)}(?:{space}{unit_re})" + ("?" if bare else "") + "$"})
        forms.append({"type": "object", "properties": {
            "value": {"type": "number", "minimum": y},
            "unit": {"enum": [unit, "", None]} if bare else {"const": unit}},
            "required": ["value"] if bare else ["value", "unit"]})
    if either:
        forms.append({"type": "object", "properties": {"value": {"type": "number", "minimum": t},
                                                       "unit": {"enum": ["", None]}}, "required": ["value"]})
    return {"anyOf": forms}
