"""The calculator's own hints, applied without asking the model again.

A calculator that rejects a value or warns that it is implausible often says what would be
right: "did you mean 41 %?" (a hematocrit of 41 given as a fraction), "did you mean 88 umol/L
(= 1 mg/dL)?" (a creatinine of 88 labelled mg/dL), a close input or choice name ("did you mean
'heart_rate'?"). A small model given such a message in a repair turn often repeats its mistake;
here the hint is taken as it is:

    fixed, fixes = apply_hints(calc, reply, error=got.error, warnings=warnings)

Only hints that name one declared unit, input or choice are applied, and a value that is
implausible (or impossible) in its unit and plausible in exactly one other declared unit is read
in that one (84 with unit "1" as an oxygen saturation: 84 %); everything else is left for a
repair turn. Given the `note`, a unit hint is not applied to a value the note itself
writes with the unit the model gave ("aspirin 300 mg" read as the weight): the number is another
quantity, and relabelling it (300 kg) would turn a misreading into a confident wrong answer.
`fixes` says what changed, one line each, for the trace.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from ..calculators import units as u
from ..calculators.describe import describe_inputs
from ..calculators.spec import Calculator

_UNIT_HINT = re.compile(r"did you mean (-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?) ([^\s?]+)")


def unit_hint(text: str | None) -> tuple[float, str] | None:
    """(number, unit) of a "did you mean <number> <unit>" hint, or None."""
    m = _UNIT_HINT.search(text or "")
    return (float(m.group(1)), m.group(2)) if m else None


def _in_note(note: str, value: Any) -> bool:
    """Whether `note` writes this {value, unit} as it stands: the number followed by the unit."""
    if not isinstance(value, Mapping) or not isinstance(value.get("unit"), str) or not value["unit"].strip():
        return False
    try:
        number = float(value.get("value"))  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return False
    shown = f"{number:g}".replace(".", r"\.") + (r"(?:\.0+)?" if number == int(number) else "0*")
    unit = re.escape(value["unit"].strip())
    return re.search(rf"(?<![\d.]){shown}\s*{unit}(?![a-zA-Z])", note, re.IGNORECASE) is not None


def _bounds(text: str | None) -> tuple[float, float]:
    """(low, high) of a declaration's bounds text ("≥ 0, ≤ 100"; a side not given is infinite)."""
    low, high = float("-inf"), float("inf")
    for sign, number in re.findall(r"([≥>≤<])\s*(-?\d+(?:\.\d+)?)", text or ""):
        if sign in "≥>":
            low = float(number)
        else:
            high = float(number)
    return low, high


def _written(value: Any) -> str:
    if isinstance(value, Mapping):
        return f"{value.get('value')} {value.get('unit') or ''}".strip()
    return str(value)


def apply_hints(calc: Calculator, reply: Mapping[str, Any], *, error: Mapping[str, Any] | None = None,
                warnings: Sequence[Mapping[str, Any]] = (), note: str | None = None,
                ) -> tuple[dict[str, Any], list[str]]:
    """The reply with every applicable hint of `error` (a `tools.error_object`) and of the
    implausible-value `warnings` (result warnings: field, message, code) applied; a unit hint is
    refused for a value `note` writes with the model's unit (see the module docstring)."""
    specs = {s.name: s for s in describe_inputs(calc)}
    fixed, fixes = dict(reply), []

    def set_quantity(name: str, hint: tuple[float, str] | None) -> None:
        spec = specs.get(name)
        if hint is None or spec is None or spec.kind != "quantity" or hint[1] not in spec.units:
            return
        if note is not None and _in_note(note, fixed.get(name)):
            return
        value = {"value": hint[0], "unit": hint[1]}
        if fixed.get(name) != value:
            fixes.append(f"{name}: {_written(fixed.get(name))} read as {hint[0]:g} {hint[1]} (the calculator's hint)")
            fixed[name] = value

    def plausible_unit(name: str) -> tuple[float, str] | None:
        """The value in the one other declared unit that makes it plausible, if exactly one does
        (84 "1" as an oxygen saturation: 84 %)."""
        spec, given = specs.get(name), fixed.get(name)
        if spec is None or spec.kind != "quantity" or spec.unit is None:
            return None
        low, high = spec.plausible or _bounds(spec.bounds)
        number, unit = (given.get("value"), given.get("unit")) if isinstance(given, Mapping) else (given, spec.unit)
        if not isinstance(number, int | float) or isinstance(number, bool):
            return None
        try:
            if low <= u.convert(float(number), unit, spec.unit) <= high:
                return None  # plausible as it stands
        except (u.UnitError, KeyError, ValueError):
            return None
        fits = []
        for other in spec.units:
            if other == unit:
                continue
            try:
                x = u.convert(float(number), other, spec.unit)
            except (u.UnitError, KeyError, ValueError):
                continue
            if low <= x <= high:
                fits.append(other)
        return (float(number), fits[0]) if len(fits) == 1 else None

    for issue in (error or {}).get("issues", []) or []:
        field = str(issue.get("field") or "")
        name, close = field.split(".")[0], issue.get("did_you_mean")
        spec = specs.get(name)
        if issue.get("kind") == "unknown_field":
            if isinstance(close, str) and close in specs and close not in fixed and field in fixed:
                fixed[close] = fixed.pop(field)
                fixes.append(f"{field}: read as {close} (the calculator's hint)")
        elif spec is not None and spec.kind == "choice" and close in spec.choices:
            fixes.append(f"{name}: {_written(fixed.get(name))} read as {close} (the calculator's hint)")
            fixed[name] = close
        elif spec is not None:
            set_quantity(name, unit_hint(issue.get("suggestion")) or plausible_unit(name))
    for w in warnings:
        if w.get("code") == "implausible" and isinstance(w.get("field"), str):
            set_quantity(w["field"], unit_hint(w.get("message")) or plausible_unit(w["field"]))
    return fixed, fixes
