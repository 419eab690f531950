"""The vignette test set (tests/data/vignettes/rule_based_v*.csv): loadable by the bench, at
least 5 vignettes for every rule-based MedCalc-Bench calculator, and our calculators reproduce
every hand-worked expected score from the criteria each vignette states (its Relevant Entities)."""

from collections import Counter
from pathlib import Path

import pytest

from medreckon.bench.analysis.scoring import score
from medreckon.bench.answers import typed_answer
from medreckon.bench.datasets import load_cases
from medreckon.calculators.medcalc_bench import from_medcalc_bench
from medreckon.calculators.registry import all_calculators

FOLDER = Path(__file__).parent / "data" / "vignettes"
# by their number: v10 after v9, not after v1
FILES = sorted(FOLDER.glob("rule_based_v*.csv"), key=lambda f: int(f.stem.rsplit("_v", 1)[1]))
CASES = [c for f in FILES for c in load_cases("medreckon-vignettes", path=f)]
# MedCalc-Bench's rule-based calculators: its scores (risk, severity and diagnosis categories)
RULE_BASED = {c.medcalc_bench.id: c.id for c in all_calculators() if c.medcalc_bench and c.kind == "score"}


def test_both_files_load_as_the_dataset_and_number_their_rows_apart():
    assert [f.name for f in FILES][:2] == ["rule_based_v1.csv", "rule_based_v2.csv"]
    assert {c.dataset for c in CASES} == {"medreckon-vignettes"}
    rows = [int(c.id) for c in CASES]
    assert rows == list(range(1, len(rows) + 1))  # each file continues the last: one run can hold all
    assert len({c.metadata["note_id"] for c in CASES}) == len(CASES)
    for c in CASES:
        assert c.metadata["note_id"].startswith(f"vignette-{c.calculator_id}-")
        assert c.metadata["note_type"] == "vignette"
        assert "Total" in c.metadata["ground_truth_explanation"]  # the score worked by hand


def test_every_rule_based_calculator_has_five_vignettes():
    assert len(RULE_BASED) == 19
    per = Counter(c.calculator_id for c in CASES)
    short = {RULE_BASED[i]: per[i] for i in RULE_BASED if per[i] < 5}
    assert not short, f"fewer than 5 vignettes: {short}"
    assert set(per) <= set(RULE_BASED), "a vignette for a calculator that is not a MedCalc-Bench score"


def test_totals_vary_within_each_calculator():
    by_calc: dict[int, set] = {}
    for c in CASES:
        by_calc.setdefault(c.calculator_id, set()).add(c.ground_truth)
    assert all(len(totals) >= 3 for totals in by_calc.values()), by_calc


@pytest.mark.parametrize("case", CASES, ids=[c.metadata["note_id"] for c in CASES])
def test_our_calculator_reproduces_the_hand_worked_score(case):
    result = from_medcalc_bench(case.calculator_id, case.entities)
    answer = typed_answer(result.value, case.output_type)
    assert score(answer, case), f"{case.metadata['note_id']}: calculator {result.value}, by hand {case.ground_truth}"
