import pytest

from medreckon import CalculatorInputError, calculate


def test_woman_worked_example():
    r = calculate("Age-Adjusted ESR/CRP for Rheumatoid Arthritis", age=48, sex="female")
    assert r.value == 29 and r.outputs["crp_upper_limit"]["value"] == pytest.approx(1.56)


def test_man():
    r = calculate("age-adjusted-esr", age=70, sex="male")
    assert r.value == 35 and r.outputs["crp_upper_limit"]["value"] == pytest.approx(1.4)


def test_sex_needed():
    with pytest.raises(CalculatorInputError, match="sex"):
        calculate("age-adjusted-esr", age=70)
