"""The MedCalc-Bench v1.0 replay is part of the suite: every disagreement must be documented."""

import json

import pytest

from medreckon.calculators import all_calculators
from medreckon.calculators.medcalc_bench_replay import DEVIATIONS, dataset_path, replay

pytestmark = pytest.mark.skipif(not dataset_path().is_file(), reason="MedCalc-Bench data not found")


def test_every_row_agrees_or_is_documented():
    reports = replay()
    problems = {r.calculator: r.undocumented + r.stale for r in reports if not r.ok}
    assert problems == {}


def test_deviations_are_reviewed_entries():
    ids = {c.id for c in all_calculators()}
    for path in DEVIATIONS.glob("*.json"):
        doc = json.loads(path.read_text())
        assert path.stem in ids and doc["calculator"] == path.stem
        for row in doc["rows"]:
            assert set(row) >= {"row", "ours", "dataset", "reason", "source"}
            assert len(row["reason"]) > 20 and row["source"]
