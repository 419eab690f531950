import pytest

from medreckon import CalculatorInputError, calculate


def test_formula():
    r = calculate("big-score", base_deficit=8, inr=1.4, gcs=10)  # 8 + 3.5 + 5
    assert r.value == pytest.approx(16.5) and "> 16" in r.interpretation


def test_16_is_not_above():
    assert "> 16" not in calculate("big-score", base_deficit=7.5, inr=1.4, gcs=10).interpretation


def test_base_deficit_in_mmol():
    assert calculate("big-score", base_deficit="8 mmol/L", inr=1, gcs=15).value == pytest.approx(10.5)


def test_gcs_out_of_range():
    with pytest.raises(CalculatorInputError, match="gcs"):
        calculate("big-score", base_deficit=8, inr=1.4, gcs=16)
