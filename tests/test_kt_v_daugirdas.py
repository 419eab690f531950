import math

import pytest

from medreckon import CalculatorInputError, calculate

EXAMPLE = dict(pre_bun=70, post_bun=22, session_hours=4, ultrafiltration=2.5, post_weight=72)


def test_worked_example_checked_by_hand():
    # R = 22/70 = 0.3143; −ln(0.3143 − 0.032) = 1.2648; (4 − 1.1) × 2.5/72 = 0.1007; Kt/V = 1.37; URR 68.6%
    r = calculate("kt-v", EXAMPLE)
    assert r.value == pytest.approx(1.3655, abs=1e-4) and r.rounded == 1.37
    assert "meets" in r.interpretation and "URR 69%" in r.interpretation


def test_formula_and_units():
    r = calculate("kt-v-daugirdas", pre_bun="25 mmol/L", post_bun="8 mmol/L", session_hours="210 min",
                  ultrafiltration="1800 mL", post_weight="154 lb")
    ratio, w = 8 / 25, 154 * 0.45359237
    assert r.value == pytest.approx(-math.log(ratio - 0.008 * 3.5) + (4 - 3.5 * ratio) * 1.8 / w)


def test_minimum_1_2_either_side():
    # no ultrafiltration, 4 h: Kt/V = −ln(R − 0.032); R = e^−1.2 + 0.032 gives exactly 1.2
    r_at = math.exp(-1.2) + 0.032
    at = calculate("kt-v", pre_bun=100, post_bun=100 * r_at, session_hours=4, ultrafiltration=0, post_weight=70)
    assert at.value == pytest.approx(1.2) and "meets" in at.interpretation
    below = calculate("kt-v", pre_bun=100, post_bun=100 * r_at + 0.1, session_hours=4, ultrafiltration=0,
                      post_weight=70)
    assert "below" in below.interpretation


def test_impossible_ratio_and_swapped_samples():
    with pytest.raises(CalculatorInputError, match="post_bun"):
        calculate("kt-v", {**EXAMPLE, "post_bun": 2})  # R 0.029 < 0.032
    with pytest.raises(CalculatorInputError, match="swapped") as info:  # swapped: a negative Kt/V, refused
        calculate("kt-v", {**EXAMPLE, "pre_bun": 22, "post_bun": 70})
    assert {i.field for i in info.value.issues} == {"pre_bun", "post_bun"}
