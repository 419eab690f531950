import pytest

from medreckon import CalculatorInputError, calculate, from_medcalc_bench


def test_map_by_hand():
    # 2/3 × 80 + 1/3 × 120 = 53.333 + 40 = 93.333
    r = calculate("map", systolic=120, diastolic=80)
    assert r.value == pytest.approx(93.3333, abs=1e-4)
    assert r.rounded == 93.3
    assert "2/3 × 80 + 1/3 × 120" in r.steps[-1].expression


def test_kpa_input():
    # 16 kPa = 120.01 mmHg, 10.6667 kPa = 80.006 mmHg
    r = calculate("map", systolic="16 kPa", diastolic="10.6667 kPa")
    assert r.value == pytest.approx((2 * 10.6667 + 16) / 3 * 7.500615758, rel=1e-6)


def test_sepsis_target_both_sides():
    # MAP = 65 exactly: 2/3 × 50 + 1/3 × 95 = 33.333 + 31.667 = 65
    at = calculate("map", systolic=95, diastolic=50)
    assert at.value == pytest.approx(65.0)
    assert at.interpretation.startswith("MAP at or above 65")
    below = calculate("map", systolic=94, diastolic=50)  # 64.667
    assert below.value == pytest.approx(64.6667, abs=1e-4)
    assert below.interpretation.startswith("MAP below 65")


def test_diastolic_above_systolic_is_an_error():
    with pytest.raises(CalculatorInputError, match="swapped"):
        calculate("map", systolic=80, diastolic=120)


def test_missing_diastolic():
    with pytest.raises(CalculatorInputError, match="diastolic"):
        calculate("map", systolic=120)


def test_medcalc_bench_row():
    r = from_medcalc_bench(5, "{'Diastolic Blood Pressure': [45.0, 'mm hg'], 'Systolic Blood Pressure': [80.0, 'mm hg']}")
    assert r.value == pytest.approx(2 / 3 * 45 + 80 / 3)  # 56.667
