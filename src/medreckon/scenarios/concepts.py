"""Where a calculator's input lives in a patient record: its `Concept` (which table, under what
name and specimen, in what unit, with what reference range).

A calculator input resolves, in this order, to: the patient row (age from the birth date, sex); a laboratory test or a vital sign known by the input's name (`LABS`, `VITALS`: creatinine
and serum_creatinine are one test, pulse and heart_rate one vital); a
condition on the problem list or a medication order (`CONDITIONS`, `MEDICATIONS`: yes/no inputs
that a record keeps that way); anything else an assessment charted at the bedside under the
input's label (a finding present or absent, a choice as written, a number with its unit).
Concepts are keyed, so two calculators that take the same lab read the same rows.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..calculators.describe import InputSpec, unwrap
from ..calculators.fields import Quantity
from ..calculators.spec import Calculator

PATIENTS, VITALS_T, LABS_T = "patients", "vital_signs", "lab_results"
ASSESSMENTS, DIAGNOSES, MEDICATIONS_T = "assessments", "diagnoses", "medications"


@dataclass(frozen=True)
class Concept:
    key: str  # e.g. "lab:creatinine:serum"; one concept, one set of rows per patient
    table: str
    name: str  # the row's name as the record charts it
    unit: str | None = None  # the unit the record charts the gold value in (None: the input's own)
    specimen: str | None = None
    reference: tuple[float, float] | None = None  # normal range in `unit`
    other_units: tuple[str, ...] = ()  # units an earlier or later measurement may be charted in
    code: str | None = None  # ICD-10 of a condition
    dose: tuple[float, str, str, str] | None = None  # a medication: dose, unit, route, frequency


def _lab(key, name, unit, ref, specimen="serum", other=()):
    return Concept(f"lab:{key}", LABS_T, name, unit, specimen, ref, tuple(other))


def _vital(key, name, unit, other=()):
    return Concept(f"vital:{key}", VITALS_T, name, unit, None, None, tuple(other))


_CREATININE = _lab("creatinine:serum", "Creatinine", "mg/dL", (0.6, 1.2), other=("umol/L",))
_BUN = _lab("urea_nitrogen:serum", "Urea nitrogen", "mg/dL", (7, 20), other=("mmol/L",))
_SODIUM = _lab("sodium:serum", "Sodium", "mEq/L", (135, 145), other=("mmol/L",))
_WBC = _lab("wbc", "White blood cell count", "10^9/L", (4.0, 11.0), "whole blood")
_HR = _vital("heart_rate", "Heart rate", "/min")
_SBP = _vital("systolic_bp", "Systolic blood pressure", "mmHg")
_DBP = _vital("diastolic_bp", "Diastolic blood pressure", "mmHg")
_SPO2 = _vital("spo2", "SpO2", "%")

LABS: dict[str, Concept] = {
    "creatinine": _CREATININE, "serum_creatinine": _CREATININE,
    "bun": _BUN, "serum_bun": _BUN,
    "sodium": _SODIUM, "serum_sodium": _SODIUM,
    "potassium": _lab("potassium:serum", "Potassium", "mEq/L", (3.5, 5.1)),
    "chloride": _lab("chloride:serum", "Chloride", "mEq/L", (98, 107)),
    "bicarbonate": _lab("bicarbonate:serum", "Bicarbonate", "mEq/L", (22, 29)),
    "glucose": _lab("glucose:serum", "Glucose", "mg/dL", (70, 99), other=("mmol/L",)),
    "albumin": _lab("albumin:serum", "Albumin", "g/dL", (3.5, 5.0), other=("g/L",)),
    "bilirubin": _lab("bilirubin:serum", "Bilirubin, total", "mg/dL", (0.2, 1.2), other=("umol/L",)),
    "calcium": _lab("calcium:serum", "Calcium", "mg/dL", (8.6, 10.3)),
    "ast": _lab("ast", "AST", "U/L", (10, 40)),
    "alt": _lab("alt", "ALT", "U/L", (7, 56)),
    "platelets": _lab("platelets", "Platelet count", "10^9/L", (150, 400), "whole blood"),
    "wbc": _WBC, "white_cells": _WBC,
    "hemoglobin": _lab("hemoglobin", "Hemoglobin", "g/dL", (12.0, 17.5), "whole blood", ("g/L",)),
    "hematocrit": _lab("hematocrit", "Hematocrit", "%", (36, 50), "whole blood"),
    "inr": _lab("inr", "INR", "1", (0.9, 1.1), "plasma"),
    "arterial_ph": _lab("ph:arterial", "pH", "1", (7.35, 7.45), "arterial blood"),
    "pao2": _lab("pao2", "PaO2", "mmHg", (75, 100), "arterial blood"),
    "paco2": _lab("paco2", "PaCO2", "mmHg", (35, 45), "arterial blood"),
    "lactate": _lab("lactate", "Lactate", "mmol/L", (0.5, 2.2), "plasma"),
    "total_cholesterol": _lab("cholesterol", "Cholesterol, total", "mg/dL", (125, 200)),
    "hdl": _lab("hdl", "HDL cholesterol", "mg/dL", (40, 90)),
    "hdl_cholesterol": _lab("hdl", "HDL cholesterol", "mg/dL", (40, 90)),
    "triglycerides": _lab("triglycerides", "Triglycerides", "mg/dL", (40, 150)),
    "urine_sodium": _lab("sodium:urine", "Sodium", "mEq/L", None, "urine"),
    "urine_creatinine": _lab("creatinine:urine", "Creatinine", "mg/dL", None, "urine"),
    "urine_urea_nitrogen": _lab("urea_nitrogen:urine", "Urea nitrogen", "mg/dL", None, "urine"),
    "urine_potassium": _lab("potassium:urine", "Potassium", "mEq/L", None, "urine"),
}
VITALS: dict[str, Concept] = {
    "heart_rate": _HR, "pulse": _HR,
    "respiratory_rate": _vital("respiratory_rate", "Respiratory rate", "/min"),
    "systolic_bp": _SBP, "systolic": _SBP, "diastolic_bp": _DBP, "diastolic": _DBP,
    "temperature": _vital("temperature", "Temperature", "degC", ("degF",)),
    "oxygen_saturation": _SPO2, "spo2": _SPO2,
    "fio2": _vital("fio2", "FiO2", "%"),
    "weight": _vital("weight", "Body weight", "kg", ("lb",)),
    "height": _vital("height", "Height", "cm", ("in",)),
    "mean_arterial_pressure": _vital("map", "Mean arterial pressure", "mmHg"),
}
# yes/no inputs a record keeps as a problem-list entry (present: a row; absent: no row)
CONDITIONS: dict[str, tuple[str, str]] = {
    "hypertension": ("Essential hypertension", "I10"),
    "diabetes": ("Type 2 diabetes mellitus", "E11.9"),
    "congestive_heart_failure": ("Heart failure", "I50.9"),
    "stroke": ("Ischemic stroke", "I63.9"),
    "transient_ischemic_attack": ("Transient ischemic attack", "G45.9"),
    "thromboembolism": ("Systemic arterial embolism", "I74.9"),
    "vascular_disease": ("Peripheral artery disease", "I73.9"),
    "renal_disease": ("End-stage renal disease on dialysis", "N18.6"),
    "liver_disease": ("Cirrhosis of liver", "K74.60"),
    "prior_major_bleeding": ("Major gastrointestinal hemorrhage", "K92.2"),
    "ischemic_heart_disease": ("Coronary artery disease", "I25.10"),
    "cerebrovascular_disease": ("Cerebrovascular disease", "I67.9"),
    "copd": ("Chronic obstructive pulmonary disease", "J44.9"),
}
# yes/no inputs a record keeps as a medication order (present: an active order)
MEDICATIONS: dict[str, tuple[str, float, str, str, str]] = {
    "insulin_treatment": ("insulin glargine", 20, "units", "subcutaneous", "once daily"),
    "bleeding_medication": ("aspirin", 81, "mg", "oral", "once daily"),
    "antiplatelet": ("clopidogrel", 75, "mg", "oral", "once daily"),
    "loop_diuretic": ("furosemide", 40, "mg", "oral", "twice daily"),
}


def input_label(spec: InputSpec) -> str:
    """An input's name as a chart writes it: the first clause of its description, else its name."""
    text = re.split(r"[.;:(,]\s|[;:(]", spec.description or "", maxsplit=1)[0].strip().rstrip(".")
    if not text or len(text) > 60:
        text = spec.name.replace("_", " ")
    return text[:1].upper() + text[1:]


def analyte_of(calc: Calculator, name: str) -> str | None:
    """The analyte of a quantity input (mass <-> molar conversions), or None."""
    f = calc.inputs.model_fields[name]
    _, meta, _ = unwrap(f.annotation)
    return next((m.analyte for m in meta + list(f.metadata) if isinstance(m, Quantity)), None)


def concept_for(calc: Calculator, spec: InputSpec, label: str | None = None) -> Concept:
    """The concept a calculator input is read from (see the module docstring); `label` names an
    assessment (e.g. MedMCP-Calc's field label) instead of the input's own."""
    name = spec.name
    if name in ("age", "sex"):
        return Concept(f"patient:{name}", PATIENTS, name)
    if name in LABS and spec.kind == "quantity":
        return LABS[name]
    if name in VITALS and spec.kind == "quantity":
        return VITALS[name]
    if spec.kind == "boolean" and name in CONDITIONS:
        dx, code = CONDITIONS[name]
        return Concept(f"condition:{name}", DIAGNOSES, dx, code=code)
    if spec.kind == "boolean" and name in MEDICATIONS:
        drug, dose, unit, route, freq = MEDICATIONS[name]
        return Concept(f"medication:{name}", MEDICATIONS_T, drug, dose=(dose, unit, route, freq))
    chart = label or input_label(spec)
    return Concept(f"assessment:{chart.casefold()}", ASSESSMENTS, chart, spec.unit)


__all__ = ["CONDITIONS", "Concept", "LABS", "MEDICATIONS", "VITALS", "analyte_of", "concept_for", "input_label"]
