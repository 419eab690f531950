import pytest

from medreckon import CalculatorInputError, calculate


def test_worked_example_newborn():
    # D10 at 12 mL/h for 3.2 kg: 10 × 12 / (6 × 3.2) = 6.25 mg/kg/min
    r = calculate("glucose-infusion-rate", dextrose=10, rate=12, weight="3.2 kg")
    assert r.value == pytest.approx(6.25)


def test_units():
    assert calculate("glucose-infusion-rate", dextrose=5, rate=146, weight="180 lb").value == pytest.approx(
        5 * 146 / (6 * 180 * 0.45359237))
    assert calculate("glucose-infusion-rate", dextrose=10, rate="0.2 mL/min", weight="3200 g").value == pytest.approx(6.25)


def test_errors():
    with pytest.raises(CalculatorInputError, match="dextrose"):
        calculate("glucose-infusion-rate", dextrose=0, rate=12, weight=3)
