"""The calculator's own hints, applied without asking the model again.

A calculator that rejects a value or warns that it is implausible often says what would be
right, in words for people and as data for a program (an issue's or warning's `suggested`: the
number and unit): "did you mean 41 %?" (a hematocrit of 41 given as a fraction), "did you mean 88 umol/L
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
from ..calculators.describe import InputSpec, describe_inputs
from ..calculators.spec import Calculator


def suggested(item: Mapping[str, Any]) -> tuple[float, str] | None:
    """(number, unit) a calculator error's issue or warning suggests, as data (`suggested`); None
    where it suggests none. The words beside it ("did you mean 41 %?") are for people."""
    s = item.get("suggested")
    if not isinstance(s, Mapping) or not isinstance(s.get("unit"), str):
        return None
    try:
        return float(s["value"]), s["unit"]
    except (KeyError, TypeError, ValueError):
        return None


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


def _written(value: Any) -> str:
    if isinstance(value, Mapping):
        return f"{value.get('value')} {value.get('unit') or ''}".strip()
    return str(value)


def _converts(number: float, unit: str, spec: InputSpec) -> float | None:
    try:
        return u.convert(number, unit, str(spec.unit))
    except (u.UnitError, KeyError, ValueError):
        return None


def plausible_unit(spec: InputSpec | None, given: Any) -> tuple[float, str] | None:
    """The value in the one other declared unit that makes it plausible, if exactly one does (84
    with unit "1" as an oxygen saturation: 84 %); plausible means inside the declared plausible
    range, else inside the hard bounds (numbers, `InputSpec.limits_in`)."""
    if spec is None or spec.kind != "quantity" or spec.unit is None:
        return None
    bounds = spec.limits_in()
    low, high = spec.plausible or ((bounds[0], bounds[2]) if bounds else (float("-inf"), float("inf")))
    number, unit = (given.get("value"), given.get("unit") or spec.unit) if isinstance(given, Mapping) else (given, spec.unit)
    if not isinstance(number, int | float) or isinstance(number, bool):
        return None
    now = _converts(float(number), unit, spec)
    if now is None or low <= now <= high:
        return None  # plausible as it stands (or not a unit we can judge)
    fits = [other for other in spec.units if other != unit
            and (x := _converts(float(number), other, spec)) is not None and low <= x <= high]
    return (float(number), fits[0]) if len(fits) == 1 else None


class _Fixer:
    """The reply as the hints change it, and the lines that say what changed."""

    def __init__(self, calc: Calculator, reply: Mapping[str, Any], note: str | None):
        self.specs = {s.name: s for s in describe_inputs(calc)}
        self.fixed, self.fixes, self.note = dict(reply), [], note

    def quantity(self, name: str, hint: tuple[float, str] | None) -> None:
        spec = self.specs.get(name)
        if hint is None or spec is None or spec.kind != "quantity" or hint[1] not in spec.units:
            return
        if self.note is not None and _in_note(self.note, self.fixed.get(name)):
            return
        value = {"value": hint[0], "unit": hint[1]}
        if self.fixed.get(name) != value:
            self.fixes.append(f"{name}: {_written(self.fixed.get(name))} read as {hint[0]:g} {hint[1]} (the calculator's hint)")
            self.fixed[name] = value

    def issue(self, issue: Mapping[str, Any]) -> None:
        field = str(issue.get("field") or "")
        name, close = field.split(".")[0], issue.get("did_you_mean")
        spec = self.specs.get(name)
        if issue.get("kind") == "unknown_field":
            if isinstance(close, str) and close in self.specs and close not in self.fixed and field in self.fixed:
                self.fixed[close] = self.fixed.pop(field)
                self.fixes.append(f"{field}: read as {close} (the calculator's hint)")
        elif spec is not None and spec.kind == "choice" and close in spec.choices:
            self.fixes.append(f"{name}: {_written(self.fixed.get(name))} read as {close} (the calculator's hint)")
            self.fixed[name] = close
        elif spec is not None:
            self.quantity(name, suggested(issue) or plausible_unit(spec, self.fixed.get(name)))


def apply_hints(calc: Calculator, reply: Mapping[str, Any], *, error: Mapping[str, Any] | None = None,
                warnings: Sequence[Mapping[str, Any]] = (), note: str | None = None,
                ) -> tuple[dict[str, Any], list[str]]:
    """The reply with every applicable hint of `error` (a `tools.error_object`) and of the
    implausible-value `warnings` (result warnings: field, message, code, suggested) applied; a unit
    hint is refused for a value `note` writes with the model's unit (see the module docstring)."""
    fix = _Fixer(calc, reply, note)
    for issue in (error or {}).get("issues", []) or []:
        fix.issue(issue)
    for w in warnings:
        if w.get("code") == "implausible" and isinstance(w.get("field"), str):
            fix.quantity(w["field"], suggested(w) or plausible_unit(fix.specs.get(w["field"]), fix.fixed.get(w["field"])))
    return fix.fixed, fix.fixes
