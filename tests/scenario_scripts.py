"""Scripted scenario agents for the tests: a ModelClient that plays an agent from a scenario's
gold (query each source row, calculate each taken step with the gold inputs, answer), with
faults to inject: skip a step, take another time point for one input, call an extra
calculator. Test modules import it as `from scenario_scripts import ScriptedAgent`."""

from __future__ import annotations

import json
from typing import Any

from medreckon.scenarios.model import Scenario
from scripted import Scripted

KEYS = {"lab_results": "lab_id", "vital_signs": "vital_id", "assessments": "assessment_id",
        "diagnoses": "diagnosis_id", "medications": "medication_id"}


def plan_calls(s: Scenario, *, skip: int | None = None, other_time: str | None = None,
               extra: str | None = None, branch_wrong: bool = False) -> list[dict[str, Any]]:
    """The tool calls an agent following gold makes, faults applied; the last is final_answer."""
    calls: list[dict[str, Any]] = []
    results: list[dict[str, Any]] = []
    for step in s.steps:
        if not step.graded or step.taken == branch_wrong or step.order == skip:
            continue
        inputs: dict[str, Any] = {}
        for gi in step.inputs:
            src, value = gi.source, gi.value
            if src.kind == "record" and src.table in KEYS:
                calls.append({"name": "query_record", "arguments": {
                    "sql": f"SELECT * FROM {src.table} WHERE {KEYS[src.table]} = '{src.row}'"}})
                if gi.name == other_time:
                    other = next((c for c in src.candidates if c["row"] != src.row), None)
                    if other is not None:
                        value = {"value": other["written"], "unit": other["unit"]}
            elif src.kind == "absent":
                calls.append({"name": "query_record", "arguments": {
                    "sql": f"SELECT name FROM {src.table} WHERE patient_id = '{s.patient_id}'".replace(
                        "SELECT name FROM medications", "SELECT drug FROM medications")}})
            elif src.kind == "record" and src.table == "patients":
                calls.append({"name": "query_record", "arguments": {
                    "sql": f"SELECT * FROM patients WHERE patient_id = '{s.patient_id}'"}})
            if src.kind == "step":
                value = next(r["value"] for r in results if r["order"] == src.step)
            inputs[gi.name] = value
        calls.append({"name": "calculate", "arguments": {"calculator": step.calculator,
                                                         "inputs": {**inputs, **step.options}}})
        results.append({"order": step.order, "calculator": step.calculator, "value": step.answer})
    if extra:
        calls.append({"name": "calculate", "arguments": {"calculator": extra, "inputs": {"weight": 70, "height": 170}}})
    final: dict[str, Any] = {"results": [{"calculator": r["calculator"], "value": r["value"]} for r in results]}
    if s.recommendation:
        final["recommendation"] = s.recommendation["answer"]
    calls.append({"name": "final_answer", "arguments": final})
    return calls


class ScriptedAgent(Scripted):
    """Replies with the planned calls one per turn, as prompt-protocol JSON text; a derived input
    is filled from the value the calculator actually returned."""

    info = {"provider": "scripted"}

    def __init__(self, calls: list[dict[str, Any]], **kw: Any):
        super().__init__(**kw)
        self.calls = calls

    def reply(self, n, messages, response_format, gen):
        return json.dumps(self.calls[min(n, len(self.calls)) - 1])
