import math

import pytest

from medreckon import CalculatorInputError, calculate


def test_worked_example():
    r = calculate("henderson-hasselbalch", bicarbonate=16, paco2=32)  # 6.1 + log10(16 / 0.96) = 7.32
    assert r.value == pytest.approx(6.1 + math.log10(16 / 0.96)) and r.rounded == 7.32


def test_normal_values_give_740_and_kpa_converts():
    assert calculate("henderson-hasselbalch", bicarbonate=24, paco2=40).value == pytest.approx(7.40, abs=0.002)
    assert calculate("henderson-hasselbalch", bicarbonate=24, paco2="5.33 kPa").value == pytest.approx(7.40, abs=0.002)


def test_zero_bicarbonate_is_refused():
    with pytest.raises(CalculatorInputError, match="bicarbonate"):
        calculate("henderson-hasselbalch", bicarbonate=0, paco2=40)
