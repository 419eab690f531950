"""The patient record's one schema, for SQLite (the embedded default) and PostgreSQL alike:
tables, their columns and what each holds, written once here and turned into each dialect's DDL
and into the description the agent's `query_record` tool carries.

Times are `YYYY-MM-DD HH:MM:SS` (TEXT in SQLite, TIMESTAMP in PostgreSQL), dates `YYYY-MM-DD`;
numbers are 8-byte floats in both (PostgreSQL's `REAL` is 4 bytes, so it gets DOUBLE PRECISION),
so the same query returns the same rows from either database.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Dialect = Literal["sqlite", "postgresql"]
ColumnType = Literal["text", "real", "timestamp", "date"]

_TYPES: dict[str, dict[str, str]] = {
    "sqlite": {"text": "TEXT", "real": "REAL", "timestamp": "TEXT", "date": "TEXT"},
    "postgresql": {"text": "TEXT", "real": "DOUBLE PRECISION", "timestamp": "TIMESTAMP", "date": "DATE"},
}


@dataclass(frozen=True)
class Column:
    name: str
    type: ColumnType
    description: str
    required: bool = False


@dataclass(frozen=True)
class Table:
    name: str
    description: str
    columns: tuple[Column, ...]

    @property
    def key(self) -> str:
        return self.columns[0].name  # every table's first column is its primary key

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(c.name for c in self.columns)


def _c(name: str, type_: ColumnType, description: str, required: bool = False) -> Column:
    return Column(name, type_, description, required)


_PATIENT = _c("patient_id", "text", "the patient", True)
_ENCOUNTER = _c("encounter_id", "text", "the encounter the row belongs to (NULL: none)")

TABLES: tuple[Table, ...] = (
    Table("patients", "one row per patient", (
        _c("patient_id", "text", "identifier, e.g. P000123", True),
        _c("name", "text", "full name", True),
        _c("sex", "text", "'female' or 'male'", True),
        _c("birth_date", "date", "date of birth (age = years from it to the time asked about)", True),
        _c("race", "text", "self-reported race, where recorded"),
    )),
    Table("encounters", "visits: admissions, emergency visits, clinic appointments", (
        _c("encounter_id", "text", "identifier, e.g. E000123-2", True),
        _PATIENT,
        _c("kind", "text", "'inpatient', 'emergency' or 'outpatient'", True),
        _c("department", "text", "the department seen in"),
        _c("reason", "text", "reason for the visit"),
        _c("start_time", "timestamp", "admission or arrival", True),
        _c("end_time", "timestamp", "discharge (NULL: still open)"),
    )),
    Table("vital_signs", "bedside measurements, body weight and height", (
        _c("vital_id", "text", "identifier", True), _PATIENT, _ENCOUNTER,
        _c("name", "text", "e.g. 'Heart rate', 'Systolic blood pressure', 'Body weight'", True),
        _c("value", "real", "the number", True),
        _c("unit", "text", "its unit as charted (mmHg, /min, degC or degF, kg or lb, %)"),
        _c("measured_at", "timestamp", "when it was measured", True),
    )),
    Table("lab_results", "laboratory results, one row per test", (
        _c("lab_id", "text", "identifier", True), _PATIENT, _ENCOUNTER,
        _c("test_name", "text", "e.g. 'Creatinine', 'Sodium', 'Urea nitrogen'", True),
        _c("specimen", "text", "'serum', 'plasma', 'whole blood', 'arterial blood', 'urine'"),
        _c("value", "real", "the number (NULL for a text result)"),
        _c("value_text", "text", "a text result"),
        _c("unit", "text", "the unit as reported (mg/dL or umol/L creatinine, mmol/L glucose ...)"),
        _c("reference_low", "real", "lower end of the reference range, in `unit`"),
        _c("reference_high", "real", "upper end of the reference range, in `unit`"),
        _c("flag", "text", "'H', 'L' or NULL"),
        _c("collected_at", "timestamp", "when the specimen was collected", True),
    )),
    Table("medications", "medication orders with doses", (
        _c("medication_id", "text", "identifier", True), _PATIENT, _ENCOUNTER,
        _c("drug", "text", "drug name, e.g. 'furosemide'", True),
        _c("dose", "real", "dose per administration"),
        _c("dose_unit", "text", "e.g. 'mg', 'units'"),
        _c("route", "text", "e.g. 'oral', 'intravenous'"),
        _c("frequency", "text", "e.g. 'twice daily'"),
        _c("start_time", "timestamp", "when the order started", True),
        _c("end_time", "timestamp", "when it stopped (NULL: still active)"),
    )),
    Table("diagnoses", "the problem list and diagnoses", (
        _c("diagnosis_id", "text", "identifier", True), _PATIENT, _ENCOUNTER,
        _c("name", "text", "e.g. 'Essential hypertension'", True),
        _c("code", "text", "ICD-10 code, where recorded"),
        _c("status", "text", "'active' or 'resolved'", True),
        _c("onset_date", "date", "when the condition began"),
        _c("recorded_at", "timestamp", "when it was entered", True),
    )),
    Table("procedures", "procedures done or planned", (
        _c("procedure_id", "text", "identifier", True), _PATIENT, _ENCOUNTER,
        _c("name", "text", "e.g. 'Laparoscopic cholecystectomy'", True),
        _c("status", "text", "'planned' or 'done'", True),
        _c("details", "text", "details such as urgency, approach and expected duration"),
        _c("performed_at", "timestamp", "when it was (or is to be) done", True),
    )),
    Table("assessments", "structured clinical assessments charted at the bedside: exam findings "
          "(present/absent), scores' items, functional status, social history", (
        _c("assessment_id", "text", "identifier", True), _PATIENT, _ENCOUNTER,
        _c("name", "text", "what was assessed, e.g. 'Altered mentation'", True),
        _c("value", "real", "a number, where the assessment is one"),
        _c("value_text", "text", "the finding as charted, e.g. 'present', 'absent', 'oriented'"),
        _c("unit", "text", "unit of `value`, where it has one"),
        _c("assessed_at", "timestamp", "when it was assessed", True),
    )),
    Table("notes", "clinical notes (history, family history, plans)", (
        _c("note_id", "text", "identifier", True), _PATIENT, _ENCOUNTER,
        _c("kind", "text", "e.g. 'admission history', 'progress note'", True),
        _c("written_at", "timestamp", "when it was written", True),
        _c("text", "text", "the note", True),
    )),
)
BY_NAME = {t.name: t for t in TABLES}


def ddl(dialect: Dialect) -> list[str]:
    """CREATE TABLE and CREATE INDEX statements (an index on each table's patient_id)."""
    types = _TYPES[dialect]
    out = []
    for t in TABLES:
        cols = []
        for i, c in enumerate(t.columns):
            spec = f"{c.name} {types[c.type]}"
            if i == 0:
                spec += " PRIMARY KEY"
            elif c.required:
                spec += " NOT NULL"
            cols.append(spec)
        out.append(f"CREATE TABLE {t.name} ({', '.join(cols)})")
        if t.name != "patients":
            out.append(f"CREATE INDEX {t.name}_patient ON {t.name} (patient_id)")
    return out


def describe(dialect: Dialect) -> str:
    """The schema as the agent's tool describes it: each table with its columns and meanings."""
    lines = [f"The patient record ({'SQLite' if dialect == 'sqlite' else 'PostgreSQL'}). Times are "
             "'YYYY-MM-DD HH:MM:SS', dates 'YYYY-MM-DD'. Tables:"]
    for t in TABLES:
        cols = ", ".join(f"{c.name} ({c.description})" for c in t.columns)
        lines.append(f"- {t.name}: {t.description}. Columns: {cols}.")
    return "\n".join(lines)


def compact(dialect: Dialect) -> str:
    """The schema in few tokens: table(columns) lines, for small models' prompts."""
    lines = [f"{'SQLite' if dialect == 'sqlite' else 'PostgreSQL'} tables (times 'YYYY-MM-DD HH:MM:SS'):"]
    lines += [f"{t.name}({', '.join(t.names)})" for t in TABLES]
    return "\n".join(lines)


__all__ = ["BY_NAME", "Column", "Dialect", "TABLES", "Table", "compact", "ddl", "describe"]
