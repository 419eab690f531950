import math

import pytest

from medreckon import CalculatorInputError, calculate


def test_worked_example_in_inches():
    r = calculate("Body Roundness Index (BRI)", waist="45 in", height="69 in")
    assert r.value == pytest.approx(364.2 - 365.5 * math.sqrt(1 - (45 / (2 * math.pi)) ** 2 / (69 / 2) ** 2))
    assert r.rounded == 6.66


def test_units_cancel():
    assert calculate("bri", waist=90, height=170).value == pytest.approx(
        calculate("bri", waist="0.9 m", height="1.7 m").value)


def test_impossible_shape():
    with pytest.raises(CalculatorInputError, match="waist"):
        calculate("bri", waist=170, height=50)
