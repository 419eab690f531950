"""The engine's guarantee that a calculator answers with a finite number or an input error.

A formula can be defined for every input its bounds allow and still overflow or divide by
(almost) zero at the extremes: HOMA-IR with glucose 1e308, QTc Framingham with a heart rate of
5e-324. Rather than guard each of 55 formulas, `Calculator.calculate` checks what `compute`
returned here, once, and turns a non-finite result into a `CalculatorInputError` that names the
inputs most likely to blame: those flagged as implausible, else every number that was given.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from typing import Any

from ..errors import CalculatorInputError, InputIssue
from .fields import InputWarning

LARGEST_INTEGER = 2**53  # beyond this an integer result has lost precision (and breaks JSON parsers)


def _finite(v: Any) -> bool:
    tv = type(v)
    if tv is float:
        return math.isfinite(v)
    if tv is int:
        return abs(v) < LARGEST_INTEGER
    if tv is tuple:
        return all(_finite(x) for x in v)
    return True  # dates, text, None: not numbers


def logistic(z: float) -> float:
    """1 / (1 + e^−z), finite for every finite z: e^−z overflows past z = −709, where the
    risk is 0 all the same (and e^z past 709, where it is 1)."""
    if z >= 0:
        return 1 / (1 + math.exp(-z))
    e = math.exp(z)
    return e / (1 + e)


def baseline_power(baseline: float, lp: float) -> float:
    """baseline^exp(lp), the survival of a Cox model at linear predictor lp, finite for every
    finite lp: past lp = 700 e^lp overflows, where the survival is 0 all the same."""
    return baseline ** math.exp(min(lp, 700.0))


def undefined(calculator: str, inputs: Mapping[str, Any], warnings: Iterable[InputWarning],
              reason: str) -> CalculatorInputError:
    """The error for inputs outside the formula's domain: one issue per input to blame."""
    blamed = [w.field for w in warnings if w.code == "implausible" and w.field in inputs]
    if not blamed:
        blamed = [k for k, v in inputs.items() if type(v) in (float, int)]
    expected = "a value for which the formula gives a finite result"
    return CalculatorInputError(calculator, [
        InputIssue(name, inputs[name], expected, reason, "range") for name in dict.fromkeys(blamed)
    ] or [InputIssue("inputs", None, expected, reason, "range")])


def check_defined(calculator: str, value: Any, lines: Iterable[tuple[Any, ...]], inputs: Mapping[str, Any],
                  warnings: Iterable[InputWarning]) -> None:
    """Raise CalculatorInputError when the result, or a step it was built from (`Working.lines`:
    (what, expression, value, unit)), is not finite."""
    for line in lines:  # on every call: a loop without a call per step for the common float
        v = line[2]
        if type(v) is float:
            if v - v != 0.0:  # inf - inf and nan - nan are nan; a finite float gives 0.0
                break
        elif not _finite(v):
            break
    else:
        if _finite(value):
            return
    raise undefined(calculator, inputs, warnings,
                    "these inputs take the formula outside the numbers it can represent "
                    "(a result that is infinite or undefined); check the values and their units")
