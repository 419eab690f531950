import pytest

from medreckon import CalculatorInputError, calculate


def test_sum_and_components():
    r = calculate("four-score", eye=1, motor=2, brainstem=3, respiration=0)
    assert r.value == 6 and "E1 M2 B3 R0" in r.interpretation


def test_range():
    assert calculate("four-score", eye=0, motor=0, brainstem=0, respiration=0).value == 0
    assert calculate("four-score", eye=4, motor=4, brainstem=4, respiration=4).value == 16


def test_item_above_4():
    with pytest.raises(CalculatorInputError, match="brainstem"):
        calculate("four-score", eye=4, motor=4, brainstem=5, respiration=4)
