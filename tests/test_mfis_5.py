import pytest

from medreckon import CalculatorInputError, calculate

EXAMPLE = dict(less_alert=3, limited_away_from_home=2, trouble_maintaining_effort=3, less_able_physical_tasks=3,
               trouble_concentrating=2)


def test_worked_example():
    assert calculate("Shortened Modified Fatigue Impact Scale (MFIS)", EXAMPLE).value == 13


def test_range():
    assert calculate("mfis-5", dict.fromkeys(EXAMPLE, 4)).value == 20
    with pytest.raises(CalculatorInputError, match="less_alert"):
        calculate("mfis-5", {**EXAMPLE, "less_alert": 5})
