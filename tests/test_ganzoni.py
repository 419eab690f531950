import pytest

from medreckon import CalculatorInputError, calculate


def test_example_and_units():
    r = calculate("Ganzoni Equation for Iron Deficiency Anemia", weight="140 lb", target_hemoglobin=10,
                  actual_hemoglobin=6.8)
    assert r.value == pytest.approx(63.5029 * 3.2 * 2.4 + 500, rel=1e-5) and r.rounded == 988
    assert calculate("ganzoni", weight=60, target_hemoglobin="120 g/L", actual_hemoglobin="80 g/L",
                     iron_stores=0).value == pytest.approx(60 * 4 * 2.4)


def test_target_below_actual_rejected():
    with pytest.raises(CalculatorInputError, match="target_hemoglobin"):
        calculate("ganzoni", weight=60, target_hemoglobin=8, actual_hemoglobin=10)
