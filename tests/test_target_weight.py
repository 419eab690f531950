import pytest

from medreckon import CalculatorInputError, calculate, from_medcalc_bench


def test_target_weight_by_hand():
    # 22 × 1.75² = 22 × 3.0625 = 67.375
    r = calculate("target-weight", target_bmi=22, height=175)
    assert r.value == pytest.approx(67.375)
    assert "normal weight" in r.interpretation


def test_height_in_inches_and_metres():
    # 70 in = 1.778 m; 21.7 × 1.778² = 68.600
    assert calculate("target-weight", target_bmi=21.7, height="70 in").value == pytest.approx(21.7 * 1.778**2)
    assert calculate("target-weight", target_bmi=20.8, height="1.59 m").value == pytest.approx(20.8 * 1.59**2)


def test_who_band_edge_of_target():
    assert "normal weight" in calculate("target-weight", target_bmi=18.5, height=170).interpretation
    assert "mild thinness" in calculate("target-weight", target_bmi=18.4, height=170).interpretation


def test_missing_target_bmi():
    with pytest.raises(CalculatorInputError, match="target_bmi"):
        calculate("target-weight", height=170)


def test_medcalc_bench_row():
    r = from_medcalc_bench(61, "{'Body Mass Index (BMI)': [22.6, 'kg/m^2'], 'height': [78, 'in']}")
    assert r.value == pytest.approx(22.6 * (78 * 0.0254) ** 2)  # 88.691
