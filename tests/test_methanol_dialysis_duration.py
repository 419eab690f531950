import math

import pytest

from medreckon import CalculatorInputError, calculate


def hours(v, a, k):
    return -v * math.log(5 / a) / (0.06 * 0.8 * k)


def test_hirsch_formula():
    r = calculate("methanol-dialysis-duration", total_body_water=48, initial_concentration=30.9,
                  dialyzer_urea_clearance=220)
    assert r.value == pytest.approx(hours(48, 30.9, 220)) and r.rounded == 8.28


def test_mg_per_dl():
    # 99 mg/dL / 3.204 = 30.9 mmol/L
    r = calculate("methanol-dialysis-duration", total_body_water=48, initial_concentration="99 mg/dL",
                  dialyzer_urea_clearance=220)
    assert r.value == pytest.approx(hours(48, 99 / 3.204, 220), rel=1e-4)


def test_at_target_needs_no_time():
    r = calculate("methanol-dialysis-duration", total_body_water=48, initial_concentration=5,
                  dialyzer_urea_clearance=220)
    assert r.value == 0


def test_below_target_is_refused():
    with pytest.raises(CalculatorInputError, match="initial_concentration"):
        calculate("methanol-dialysis-duration", total_body_water=48, initial_concentration=4.9,
                  dialyzer_urea_clearance=220)


def test_just_above_target():
    r = calculate("methanol-dialysis-duration", total_body_water=48, initial_concentration=5.1,
                  dialyzer_urea_clearance=220)
    assert 0 < r.value < 0.6
