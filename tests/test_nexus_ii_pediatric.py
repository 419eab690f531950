import pytest

from medreckon import calculate
from medreckon.calculators.library.nexus_ii_pediatric import CRITERIA


def test_worked_example():
    r = calculate("Pediatric NEXUS II Head CT Decision Instrument for Blunt Trauma", scalp_hematoma=True,
                  altered_alertness=True)
    assert r.value == "High risk"


def test_none_is_low_risk():
    assert calculate("nexus-ii-pediatric", {name: False for name, _ in CRITERIA}).value == "Low risk"


@pytest.mark.parametrize("name", [name for name, _ in CRITERIA])
def test_any_single_criterion(name):
    assert calculate("nexus-ii-pediatric", {name: True}).value == "High risk"
