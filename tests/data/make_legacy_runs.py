"""Writes tests/data/legacy_runs/*.sql: run directories made by the code before the bench
reorganisation (commit 5a04f6e, store schema 1, traces as untyped dicts), dumped as SQL text so
that tests can check today's code reads, reports, attributes and resumes them.

Run it against that commit, not against today's code:

    git worktree add /tmp/pre-architecture 5a04f6e
    PYTHONPATH=/tmp/pre-architecture/src:tests python tests/data/make_legacy_runs.py

The cases are synthetic notes written for this fixture (no dataset rows are copied).
"""

from __future__ import annotations

import sqlite3
import tempfile
from pathlib import Path

from medreckon.bench import runner
from medreckon.bench.store import Store
from medreckon.bench.strategies import get_strategy
from medreckon.bench.types import Case
from scripted import Scripted

OUT = Path(__file__).parent / "legacy_runs"


def case(cid, calc_id, name, note, question, truth, lower, upper, output_type, category, entities):
    return Case(id=cid, calculator_id=calc_id, calculator_name=name, note=note, question=question,
                ground_truth=truth, lower=lower, upper=upper, output_type=output_type,
                category=category, entities=entities, dataset="medcalc-bench",
                dataset_version="v1.0")


CASES = [
    case("9001", 6, "Body Mass Index (BMI)", "A 40-year-old man, 180 cm tall, weighs 81 kg.",
         "What is the patient's BMI in kg/m²?", 25.0, 23.75, 26.25, "decimal", "physical",
         {"weight": [81.0, "kg"], "height": [180.0, "cm"]}),
    case("9002", 5, "Mean Arterial Pressure (MAP)",
         "A 55-year-old woman; blood pressure 120/80 mm Hg on arrival.",
         "What is the patient's mean arterial pressure in mm Hg?", 93.333, 88.667, 98.0,
         "decimal", "physical",
         {"Systolic Blood Pressure": [120.0, "mm Hg"], "Diastolic Blood Pressure": [80.0, "mm Hg"]}),
    case("9003", 4, "CHA2DS2-VASc Score for Atrial Fibrillation Stroke Risk",
         "A 70-year-old woman with atrial fibrillation and treated hypertension. No history of "
         "stroke, diabetes, heart failure or vascular disease.",
         "What is the patient's CHA2DS2-VASc score?", 3, 3, 3, "integer", "risk",
         {"age": [70, "years"], "sex": "Female", "Hypertension history": True}),
]
class ExtractModel(Scripted):
    def reply(self, n, messages, response_format, gen):
        schema = (response_format or {}).get("json_schema", {}).get("schema", {})
        props = schema.get("properties", {})
        text = messages[-1]["content"]
        if "present" in props:  # one yes/no criterion, with a quote
            present = "hypertension" in text.lower().split("criterion")[-1][:200]
            return {"quote": "treated hypertension" if present else "", "present": present}
        if "systolic" in props:
            return {"systolic": {"value": 120, "unit": "mm Hg"}, "diastolic": {"value": 80, "unit": "mm Hg"}}
        if "weight" in props:
            return {"weight": {"value": 81, "unit": "kg"}, "height": {"value": 180, "unit": "cm"}}
        if "age" in props:
            return {k: (70 if k == "age" else "female" if k == "sex" else None) for k in props}
        return {}


def make(name, strategy_spec, model, cases):
    with tempfile.TemporaryDirectory() as tmp:
        store = Store(Path(tmp) / name, create=True)
        strategy = get_strategy(strategy_spec)
        settings = runner.RunSettings(model=model.name, strategy=strategy.name)
        runner.run(store, cases, strategy, model, settings,
                   selection={"dataset": "medcalc-bench", "fixture": name})
        store.close()
        db = sqlite3.connect(Path(tmp) / name / "run.sqlite")
        dump = "\n".join(db.iterdump()) + "\n"
        db.close()
    OUT.mkdir(exist_ok=True)
    (OUT / f"{name}.sql").write_text(dump)
    print(f"{name}: {len(cases)} cases")


if __name__ == "__main__":
    make("direct", "direct",
         Scripted('{"answer": 25.0}', '{"answer": 93.3}', '{"answer": 2}', name="scripted"), CASES)
    make("extract", "extract", ExtractModel(name="scripted"), CASES)
    bmi_call = {"name": "bmi", "arguments": {"weight": {"value": 81, "unit": "kg"},
                                             "height": {"value": 180, "unit": "cm"}}}
    make("tools", "tools:call_mode=constrained",
         Scripted(bmi_call, {"name": "final_answer", "arguments": {"answer": 25.0}}, name="scripted"),
         CASES[:1])
