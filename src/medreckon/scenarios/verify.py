"""Every gold answer recomputed from the stored record alone: each gold input is read back from
the row its source names (a lab's value and unit, the age from the birth date on the day of
admission, a condition from the problem list, an order from the medication list, an assessment
as charted; an absent condition is checked to be absent), the calculator is run on what was
read, and the answer must equal the gold one. `medreckon scenarios verify DIR` runs it; the
tests run it on generated and imported scenarios, in SQLite and PostgreSQL.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from ..calculators.registry import get
from ..errors import CalculatorInputError
from .gold import typed
from .model import Scenario, Source, Step
from .record import Record

_KEYS = {"lab_results": "lab_id", "vital_signs": "vital_id", "assessments": "assessment_id",
         "diagnoses": "diagnosis_id", "medications": "medication_id", "patients": "patient_id"}


def _q(text: str) -> str:
    return "'" + str(text).replace("'", "''") + "'"


def _one(record: Record, sql: str) -> list[Any] | None:
    rows = record.query(sql, max_rows=5).rows
    return rows[0] if rows else None


def _yes_no(step: Step, name: str) -> bool:
    field = get(step.calculator).inputs.model_fields.get(name)  # type: ignore[arg-type]
    return field is not None and field.annotation in (bool, bool | None)


def read_back(record: Record, scenario: Scenario, step: Step, name: str, source: Source,
              answers: dict[int, Any]) -> Any:
    """The input's value as the record (or an earlier step, or the question) gives it."""
    if source.kind == "step":  # an imported task's carried-over value as written, else the answer
        return source.written if source.written is not None else answers[source.step]  # type: ignore[index]
    if source.kind == "stated":
        return source.written
    pid = _q(scenario.patient_id)
    if source.kind == "absent":
        column = "name" if source.table == "diagnoses" else "drug"
        active = "status = 'active'" if source.table == "diagnoses" else "end_time IS NULL"
        hit = _one(record, f"SELECT 1 FROM {source.table} WHERE patient_id = {pid} AND {column} = "
                           f"{_q(source.name)} AND {active}")
        if hit is not None:
            raise AssertionError(f"{scenario.id} step {step.order}: {source.name} is absent in gold but charted")
        return False
    key = _KEYS[source.table]  # type: ignore[index]
    if source.table == "patients":
        birth, sex = _one(record, f"SELECT birth_date, sex FROM patients WHERE patient_id = {pid}")  # type: ignore[misc]
        if name != "age":
            return sex
        born, on = dt.date.fromisoformat(birth), dt.date.fromisoformat(scenario.admitted_at[:10])
        return on.year - born.year - ((on.month, on.day) < (born.month, born.day))
    if source.table in ("diagnoses", "medications"):
        return _one(record, f"SELECT 1 FROM {source.table} WHERE {key} = {_q(source.row)}") is not None
    columns = "value, unit" if source.table != "assessments" else "value, value_text, unit"
    row = _one(record, f"SELECT {columns} FROM {source.table} WHERE {key} = {_q(source.row)}")
    if row is None:
        raise AssertionError(f"{scenario.id} step {step.order}: row {source.row} is not in the record")
    if source.table == "assessments":
        value, text, unit = row
        if text in ("present", "absent") and _yes_no(step, name):  # else a choice named so (ascites "absent")
            return text == "present"
        if value is None:
            return text
        return {"value": value, "unit": unit} if unit else value
    return {"value": row[0], "unit": row[1]}


def recompute(record: Record, scenario: Scenario) -> list[str]:
    """What disagrees: one line per step whose answer, recomputed from the record, is not the
    gold one (an empty list when every graded step agrees)."""
    problems: list[str] = []
    answers: dict[int, Any] = {}
    for step in scenario.steps:
        if not step.graded or not step.taken:
            continue
        try:
            inputs = {i.name: read_back(record, scenario, step, i.name, i.source, answers) for i in step.inputs}
            calc = get(step.calculator)  # type: ignore[arg-type]
            answer, _ = typed(calc.calculate({**inputs, **step.options}), calc)
        except (AssertionError, CalculatorInputError, KeyError) as exc:
            problems.append(f"{scenario.id} step {step.order} ({step.calculator}): {exc}")
            continue
        answers[step.order] = answer
        if _plain(answer) != _plain(step.answer):  # a (weeks, days) answer is a list in JSON
            problems.append(f"{scenario.id} step {step.order} ({step.calculator}): gold {step.answer!r}, "
                            f"recomputed from the record {answer!r}")
    return problems


def _plain(value: Any) -> Any:
    return list(value) if isinstance(value, tuple) else value


__all__ = ["read_back", "recompute"]
