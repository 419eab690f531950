import pytest

from medreckon import CalculatorInputError, calculate


def test_men_with_imperial_units():
    r = calculate("Basal Energy Expenditure", sex="male", weight="195 lb", height="69 in", age=58, activity="sedentary")
    w, h = 195 * 0.45359237, 69 * 2.54
    assert r.value == pytest.approx(66.5 + 13.75 * w + 5.003 * h - 6.755 * 58)
    assert r.rounded == 1768  # MDCalc shows 1767: it cuts the decimals off
    assert r.outputs["daily_intake"]["value"] == pytest.approx(r.value * 1.2)


def test_women():
    r = calculate("harris-benedict", sex="female", weight=60, height=165, age=40)
    assert r.value == pytest.approx(655.1 + 9.563 * 60 + 1.850 * 165 - 4.676 * 40)
    assert r.outputs["daily_intake"]["value"] is None


@pytest.mark.parametrize("level, factor", [("lightly active", 1.375), ("moderately active", 1.55),
                                           ("very active", 1.725), ("extra active", 1.9)])
def test_activity_factors(level, factor):
    r = calculate("bee", sex="female", weight=60, height=165, age=40, activity=level)
    assert r.outputs["daily_intake"]["value"] == pytest.approx(r.value * factor)


def test_missing_sex():
    with pytest.raises(CalculatorInputError, match="sex"):
        calculate("bee", weight=60, height=165, age=40)
