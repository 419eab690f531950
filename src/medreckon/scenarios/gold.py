"""Gold made from the record: a calculator's inputs charted into a patient (`Chart`), and each
step's answer computed by our calculator from exactly what was charted (`compute_step`).

A value is charted once per concept and time rule (`concepts.concept_for`): a second step that
takes the same lab at the same time reads the same row, and two steps that would need two
different values of one concept at one time are a `Conflict` (an imported task can hold one;
the importer then states the value in the question instead of charting it).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..calculators import units as u
from ..calculators.describe import InputSpec, describe_inputs
from ..calculators.registry import get
from ..calculators.spec import Calculator, Result
from ..errors import CalculatorInputError
from .concepts import (
    ASSESSMENTS,
    DIAGNOSES,
    LABS_T,
    MEDICATIONS_T,
    PATIENTS,
    VITALS_T,
    analyte_of,
    concept_for,
)
from .model import GoldInput, Source, Step
from .patients import PatientBuilder


class GoldError(ValueError):
    """A step our calculator refuses, or whose inputs look implausible, on the drawn values."""


@dataclass(frozen=True)
class Conflict:
    """A concept already charted with another value at the same time rule."""

    name: str
    charted: Any
    wanted: Any


def specs(calc: Calculator) -> dict[str, InputSpec]:
    return {s.name: s for s in describe_inputs(calc)}


def canonical(calc: Calculator, spec: InputSpec, value: Any) -> Any:
    """A value in the input's canonical unit (for comparing two chartings), else as it is."""
    if spec.kind == "quantity" and isinstance(value, Mapping):
        try:
            return round(u.convert(float(value["value"]), value["unit"], spec.unit or "",
                                   analyte_of(calc, spec.name)), 6)
        except (u.UnitError, KeyError, TypeError, ValueError):
            return value
    return value


def assessment_text(spec: InputSpec, value: Any) -> Any:
    """How a bedside assessment charts an input's value: yes/no as present/absent, a choice as
    written, a date ISO, a number as the number."""
    if spec.kind == "boolean":
        return "present" if value else "absent"
    if isinstance(value, dt.date):
        return value.isoformat()
    return value


class Chart:
    """Charts inputs into one patient (see the module docstring)."""

    def __init__(self, builder: PatientBuilder, rng: Any):
        self.b = builder
        self.rng = rng
        self.charted: dict[tuple[str, str], tuple[Any, Source]] = {}

    def input(self, calc: Calculator, name: str, value: Any, *, rule: str = "admission",
              label: str | None = None, earlier: Any = None) -> GoldInput | Conflict:
        spec = specs(calc)[name]
        concept = concept_for(calc, spec, label)
        key = (concept.key, rule)
        wanted = canonical(calc, spec, value)
        if key in self.charted:
            known, source = self.charted[key]
            if known != wanted:
                return Conflict(name, known, wanted)
            return GoldInput(name, value, source)
        source = self._source(calc, spec, concept, value, rule, earlier)
        self.charted[key] = (wanted, source)
        return GoldInput(name, value, source)

    def _source(self, calc: Calculator, spec: InputSpec, concept: Any, value: Any, rule: str,
                earlier: Any) -> Source:
        b = self.b
        if concept.table == PATIENTS:
            return b.patient_fact(spec.name)
        if concept.table in (LABS_T, VITALS_T):
            number, unit = (value["value"], value["unit"]) if isinstance(value, Mapping) else (value, spec.unit)
            return b.measurement(concept, number, unit, rule, analyte_of(calc, spec.name))
        if concept.table == DIAGNOSES:
            return b.condition(concept, bool(value))
        if concept.table == MEDICATIONS_T:
            return b.medication(concept, bool(value))
        assert concept.table == ASSESSMENTS
        number, unit = (value["value"], value["unit"]) if isinstance(value, Mapping) else (value, spec.unit)
        shown = assessment_text(spec, number)
        if earlier is None and spec.kind == "boolean" and self.rng.random() < 0.3:
            earlier = assessment_text(spec, not value)
        return b.assessment(concept.name, shown, unit if spec.kind in ("quantity", "number") else None, rule,
                            earlier)


def typed(result: Result, calc: Calculator) -> tuple[Any, Any]:
    """(answer, value) of a result: a decimal rounded under the calculator's rule, an integer,
    a category's label, a date ISO."""
    kind = calc.output.type
    if kind == "category":
        return result.value, result.value
    if kind == "integer":
        return int(round(float(result.rounded))), result.value
    if kind == "decimal":
        return float(result.rounded), float(result.value)
    v = result.value
    return (v.isoformat() if isinstance(v, dt.date) else v), (v.isoformat() if isinstance(v, dt.date) else v)


def step_inputs(step: Step) -> dict[str, Any]:
    return {**{i.name: i.value for i in step.inputs}, **step.options}


def compute_step(step: Step) -> Result:
    """Fill the step's gold answer from its inputs; GoldError when the calculator refuses them
    or warns that one is implausible."""
    calc = get(step.calculator)  # type: ignore[arg-type]
    try:
        result = calc.calculate(step_inputs(step))
    except CalculatorInputError as exc:
        raise GoldError(f"{calc.id}: {exc}") from None
    implausible = [w.field for w in result.warnings if w.code == "implausible"]
    if implausible:
        raise GoldError(f"{calc.id}: implausible {', '.join(str(f) for f in implausible)}")
    step.answer, step.value = typed(result, calc)
    step.output_type = calc.output.type
    step.unit = calc.output.unit
    step.categories = list(calc.output.categories)
    return result


__all__ = ["Chart", "Conflict", "GoldError", "assessment_text", "canonical", "compute_step", "specs",
           "step_inputs", "typed"]
