import math

import pytest

from medreckon import CalculatorInputError, calculate


def test_youssef_hirsch_formula():
    r = calculate("ethylene-glycol-dialysis-duration", total_body_water=48, initial_concentration=18.7,
                  dialyzer_urea_clearance=220)
    assert r.value == pytest.approx(-48 * math.log(5 / 18.7) / (0.06 * 0.8 * 220)) and r.rounded == 6.0


def test_mg_per_dl_and_litres_per_minute():
    r = calculate("ethylene-glycol-dialysis-duration", total_body_water=48, initial_concentration="116 mg/dL",
                  dialyzer_urea_clearance="0.22 L/min")
    assert r.value == pytest.approx(-48 * math.log(5 / (116 / 6.207)) / (0.06 * 0.8 * 220), rel=1e-4)


def test_zero_clearance():
    with pytest.raises(CalculatorInputError, match="dialyzer_urea_clearance"):
        calculate("ethylene-glycol-dialysis-duration", total_body_water=48, initial_concentration=18.7,
                  dialyzer_urea_clearance=0)
