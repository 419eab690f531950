"""The values a calculator may answer: its output domain, declared once and enforced by the engine.

A formula can be defined for every input its bounds allow and still leave the values that mean
anything: Devine's ideal body weight is negative below about 97 cm, a sodium deficit is negative
when the sodium is already above the target, a P/F ratio of 20,000 mmHg is no patient's. Each
calculator whose formula can leave its domain declares it on its `Output` (`domain=Domain(...)`),
decided from its source, and says what happens outside it:

- refuse (the default): a `CalculatorInputError` naming the inputs to blame and the published
  validity limits (`validity`), as for any other input the formula cannot take;
- `clamp="..."`: the nearest bound is the clinically meaningful answer (no deficit is a deficit
  of 0), returned with the note as a warning and a last step that shows the clamp.

`Calculator.calculate` checks the result against it after `compute`; a helper shared by several
calculators (the ideal body weight inside Cockcroft-Gault) calls `Domain.enforce` on its own value.
A score's domain is its points range (`Output.range`); the fuzzer (benchmarks/fuzz_calls.py)
checks every answer against both.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..errors import CalculatorInputError, InputIssue

if TYPE_CHECKING:
    from .spec import Working


def _fmt(x: float) -> str:
    return f"{x:.4g}"


@dataclass(frozen=True, slots=True)
class Domain:
    """`gt`/`ge`/`lt`/`le`: the bounds of the values the formula may answer (in the output's unit).
    `inputs`: the inputs a refusal names (empty: every number given). `validity`: the published
    validity limits, as a refusal states them. `clamp`: answer the nearest bound instead, with this
    note (only where that bound is the clinically meaningful value)."""

    gt: float | None = None
    ge: float | None = None
    lt: float | None = None
    le: float | None = None
    inputs: tuple[str, ...] = ()
    validity: str = ""
    clamp: str | None = None

    def holds(self, value: Any) -> bool:
        if type(value) is not float and (type(value) is not int or isinstance(value, bool)):
            return True  # dates, text: not numbers
        return ((self.gt is None or value > self.gt) and (self.ge is None or value >= self.ge)
                and (self.lt is None or value < self.lt) and (self.le is None or value <= self.le))

    def words(self, unit: str | None = None) -> str:
        """The bounds as text: "> 0 kg", ">= 0 and <= 750 mmHg"."""
        parts = [f"{op} {_fmt(b)}" for op, b in ((">", self.gt), (">=", self.ge), ("<", self.lt), ("<=", self.le))
                 if b is not None]
        return " and ".join(parts) + (f" {unit}" if unit and unit not in ("1", "points") else "")

    def nearest(self, value: float) -> float:
        low = self.ge if self.ge is not None else self.gt
        high = self.le if self.le is not None else self.lt
        if low is not None and value < low:
            return float(low)
        return float(high) if high is not None else value

    def enforce(self, calculator: str | None, value: Any, w: Working, inputs: Mapping[str, Any],
                unit: str | None = None, what: str = "the result") -> Any:
        """`value` when it holds; else the clamped bound (with the note) or the refusal."""
        if self.holds(value):
            return value
        if self.clamp is not None:
            bound = self.nearest(value)
            w.warn(self.clamp, None, "note")
            w.step(f"{what}, within its domain ({self.words(unit)})",
                   lambda: f"{_fmt(value)} is outside it: {self.clamp}", bound, unit)
            return bound
        raise self.refusal(calculator, value, inputs, unit, what)

    def refusal(self, calculator: str | None, value: float, inputs: Mapping[str, Any], unit: str | None = None,
                what: str = "the result") -> CalculatorInputError:
        named = [n for n in self.inputs if n in inputs] or [
            k for k, v in inputs.items() if type(v) in (float, int)]
        got = f"these inputs give {what} {_fmt(value)}{f' {unit}' if unit else ''}, outside {self.words(unit)}"
        expected = self.validity or f"inputs for which {what} is {self.words(unit)}"
        return CalculatorInputError(calculator, [
            InputIssue(n, inputs[n], expected, got, "range") for n in named
        ] or [InputIssue("inputs", None, expected, got, "range")])
