import pytest

from medreckon import CalculatorInputError, calculate


def test_worked_example():
    r = calculate("Pediatric Ins and Outs", volume=180, weight="27.6 lb", hours=4)
    kg = 27.6 * 0.45359237
    assert r.value == pytest.approx(180 / kg / 4) and r.rounded == 3.6
    assert r.outputs["per_kg"]["rounded"] == 14.4


def test_minutes_and_litres():
    assert calculate("ins-and-outs", volume="0.3 L", weight=10, hours="30 min").value == pytest.approx(60)


def test_zero_hours_refused():
    with pytest.raises(CalculatorInputError, match="hours"):
        calculate("ins-and-outs", volume=100, weight=10, hours=0)
