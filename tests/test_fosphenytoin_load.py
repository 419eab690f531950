import pytest

from medreckon import CalculatorInputError, calculate


def test_worked_example():
    r = calculate("Fosphenytoin Load", target_level=15, current_level=0, weight=50)
    assert r.value == pytest.approx(0.7 * 50 * 15 / 0.92) and r.rounded == 570.7


def test_partial_level_pounds_and_vd_option():
    r = calculate("phenytoin-load", target_level=20, current_level=8, weight="154 lb", volume_of_distribution=0.8)
    assert r.value == pytest.approx(0.8 * 154 * 0.45359237 * 12 / 0.92)


def test_target_must_exceed_current():
    with pytest.raises(CalculatorInputError, match="target_level"):
        calculate("fosphenytoin-load", target_level=10, current_level=12, weight=70)
