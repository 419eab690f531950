"""Validated clinical calculators: one declaration each, in `library/`."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .registry import all_calculators, get
from .spec import Calculator, Result


def calculate(calculator: str | int | Calculator, inputs: Mapping[str, Any] | None = None, /, **kwargs: Any) -> Result:
    """Run a calculator (id, alias, name or MedCalc-Bench ID) on inputs; see CalculatorInputError."""
    return get(calculator)(inputs, **kwargs)


__all__ = ["Calculator", "Result", "all_calculators", "calculate", "get"]
