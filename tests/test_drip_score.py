import pytest

from medreckon import calculate
from medreckon.calculators.library.drip_score import MAJOR, MINOR


@pytest.mark.parametrize(("name", "points"), [(n, 2) for n, _ in MAJOR] + [(n, 1) for n, _ in MINOR])
def test_each_factor(name, points):
    assert calculate("drip-score", {name: True}).value == points


@pytest.mark.parametrize(("kw", "risk"), [
    (dict(tube_feeding=True, wound_care=True), "Low"),  # 3
    (dict(tube_feeding=True, long_term_care=True), "High"),  # 4
])
def test_high_risk_from_4(kw, risk):
    assert calculate("drip-score", kw).outputs["risk"]["value"] == risk


def test_worked_example():
    r = calculate("drip-score", acid_suppression=True)
    assert r.value == 1 and "low risk" in r.interpretation
