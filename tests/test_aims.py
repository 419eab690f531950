import pytest

from medreckon import CalculatorInputError, calculate
from medreckon.calculators.library.aims import AREAS

ZERO = {name: 0 for name, _ in AREAS}


def test_worked_example():
    r = calculate("Abnormal Involuntary Movement Scale (AIMS)", facial_expression=2, lips_perioral=2, jaw=1, tongue=1,
                  upper_extremities=3, lower_extremities=2, trunk=2)
    assert r.value == 13 and r.outputs["td_evidence"]["value"] == "Strong"


@pytest.mark.parametrize("kw, evidence", [
    (dict(jaw=2), "Insufficient"), (dict(jaw=2, tongue=2), "Strong"), (dict(trunk=3), "Strong"),
    (dict(jaw=1, tongue=1, trunk=1, lips_perioral=1), "Insufficient"),
])
def test_schooler_kane_threshold(kw, evidence):
    assert calculate("aims", {**ZERO, **kw}).outputs["td_evidence"]["value"] == evidence


def test_item_range():
    with pytest.raises(CalculatorInputError, match="jaw"):
        calculate("aims", {**ZERO, "jaw": 5})
