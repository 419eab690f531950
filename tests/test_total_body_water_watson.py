import pytest

from medreckon import CalculatorInputError, calculate


def test_worked_example_male():
    r = calculate("total-body-water-watson", sex="male", age=58, height=178, weight=82)
    assert r.value == pytest.approx(2.447 - 0.09516 * 58 + 0.1074 * 178 + 0.3362 * 82)  # 43.61 L


def test_female_has_no_age_term():
    a = calculate("total-body-water-watson", sex="female", age=30, height=165, weight=60)
    b = calculate("total-body-water-watson", sex="female", age=80, height=165, weight=60)
    assert a.value == b.value == pytest.approx(-2.097 + 0.1069 * 165 + 0.2466 * 60)


def test_units_and_errors():
    r = calculate("total-body-water-watson", sex="male", age=58, height="70 in", weight="180 lb")
    assert r.value == pytest.approx(2.447 - 0.09516 * 58 + 0.1074 * 177.8 + 0.3362 * 180 * 0.45359237)
    with pytest.raises(CalculatorInputError, match="sex"):
        calculate("total-body-water-watson", sex="x", age=58, height=178, weight=82)
