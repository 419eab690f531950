"""The reading's confidence, fitted and checked on runs: each attempt of an `extract` run (its
trace's `reading`) labelled against the case's gold entities (every input: `entity_checks`) and its
answer against the label (`scoring`), as `reading.calibration.Example`s; `reliability_of` checks a
fitted table on attempts it was not fitted on."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ...errors import CalculatorInputError
from ...reading.calibration import Example, reliability
from ...reading.result import InputReading
from ..calculation import calculator_for_case
from ..types import Case, Outcome
from .entity_checks import compare_entities, gold_of
from .scoring import is_correct
from .selective import confidence_of


def example_of(case: Case, outcome: Outcome, rule: str = "medcalc_bench", **params: Any) -> Example | None:
    """The attempt as a labelled example, or None where it carries no reading."""
    reading = (outcome.trace or {}).get("reading")
    if not reading or not reading.get("inputs"):
        return None
    readings = {n: InputReading.from_dict(d) for n, d in reading["inputs"].items()}
    answer_right = is_correct(outcome, case, rule, **params) if reading.get("status") == "ok" else None
    inputs_right: dict[str, bool] = {}
    model = (outcome.trace or {}).get("normalised_inputs")
    try:
        calc = calculator_for_case(case)
    except CalculatorInputError:
        return Example(readings, inputs_right, answer_right)
    gold = gold_of(calc, case, rule, params)
    if model is not None and gold.normalised is not None:
        written = outcome.calc.written_inputs if outcome.calc is not None else None
        for v in compare_entities(calc, model, gold, written):
            if v.field in readings:
                inputs_right[v.field] = v.verdict == "correct"
    return Example(readings, inputs_right, answer_right)


def examples_of(rows: Iterable[tuple[Case, Outcome]], rule: str = "medcalc_bench", **params: Any) -> list[Example]:
    return [ex for case, o in rows if (ex := example_of(case, o, rule, **params)) is not None]


def reliability_of(rows: Iterable[tuple[Case, Outcome]], rule: str = "medcalc_bench", **params: Any
                   ) -> list[dict[str, Any]]:
    """The case confidences the attempts carry against whether their answers were right."""
    return reliability([(confidence_of(o.trace)[0], is_correct(o, c, rule, **params)) for c, o in rows])


__all__ = ["example_of", "examples_of", "reliability_of"]
