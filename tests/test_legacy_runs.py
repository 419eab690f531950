"""Run directories written by the code before the bench reorganisation (store schema 1; made by
tests/data/make_legacy_runs.py): opening one migrates it in place without losing anything, and
report, attribute and a resumed run work on it."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from click.testing import CliRunner

from medreckon.bench.runs import runner
from medreckon.bench.runs.store import SCHEMA_VERSION, Store
from medreckon.bench.strategies import get_strategy
from medreckon.bench.types import Case
from medreckon.cli import main
from scripted import Scripted

NAMES = ("direct", "extract", "tools")


def table(run_dir: Path, name: str) -> list[tuple]:
    db = sqlite3.connect(run_dir / "run.sqlite")
    rows = db.execute(f"SELECT * FROM {name} ORDER BY 1").fetchall()
    db.close()
    return rows


def invoke(*args: str):
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


@pytest.mark.parametrize("name", NAMES)
def test_opening_a_schema_1_run_migrates_it_in_place_and_keeps_everything(tmp_path, name, legacy_run):
    run_dir = legacy_run(name)
    cases, attempts, config = (table(run_dir, t) for t in ("cases", "attempts", "config"))
    assert dict(config)["schema_version"] == "1"
    with Store(run_dir) as store:
        assert store.config()["schema_version"] == SCHEMA_VERSION == 2
        assert store.evaluations() == []
        assert len(store.attempts()) == len(attempts) and len(store.cases()) == len(cases)
        assert all(a.outcome.status == "ok" for a in store.attempts())
    assert table(run_dir, "cases") == cases and table(run_dir, "attempts") == attempts
    assert dict(table(run_dir, "config")) == {**dict(config), "schema_version": "2"}
    assert table(run_dir, "evaluations") == []
    Store(run_dir).close()  # opening a migrated run again changes nothing
    assert dict(table(run_dir, "config"))["schema_version"] == "2"


@pytest.mark.parametrize("name", NAMES)
def test_report_reads_a_legacy_run(name, legacy_run):
    run_dir = legacy_run(name)
    r = invoke("bench", "report", str(run_dir))
    assert r.exit_code == 0, r.output
    assert f"run {run_dir}: model scripted · strategy {name} (" in r.output
    assert "Body Mass Index (BMI)" in r.output


@pytest.mark.parametrize("name, cause", [("extract", "inputs"), ("tools", None)])
def test_attribute_reads_a_legacy_run(name, cause, legacy_run):
    run_dir = legacy_run(name)
    r = invoke("bench", "attribute", str(run_dir))
    assert r.exit_code == 0, r.output
    assert "Error attribution ·" in r.output
    if cause:
        assert f"  {cause} " in r.output


def test_a_legacy_run_resumes_with_the_same_settings(tmp_path, legacy_run):
    run_dir = legacy_run("direct")
    new = Case(id="9004", calculator_id=6, calculator_name="Body Mass Index (BMI)",
               note="A 30-year-old woman, 165 cm tall, weighs 62 kg.",
               question="What is the patient's BMI in kg/m²?", ground_truth=22.773,
               lower=21.634, upper=23.912, output_type="decimal", category="physical",
               entities={"weight": [62.0, "kg"], "height": [165.0, "cm"]},
               dataset="medcalc-bench", dataset_version="v1.0")
    model = Scripted('{"answer": 22.8}', name="scripted")
    with Store(run_dir) as store:
        old_keys = set(store.statuses())
        stored_cases = list(store.cases().values())
        progress = runner.run(store, [*stored_cases, new], get_strategy("direct"), model,
                              runner.RunSettings(model="scripted", strategy="direct"))
        assert (progress.already, progress.total, progress.done) == (3, 1, 1)
        assert len(model.requests) == 1
        keys = set(store.statuses())
        assert old_keys < keys and len(keys - old_keys) == 1
        [added] = [a for a in store.attempts() if a.key not in old_keys]
        assert added.case_id == "9004" and added.outcome.answer == 22.8
        assert added.run_id == store.config()["run_id"]
