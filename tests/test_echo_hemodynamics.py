import math

import pytest

from medreckon import CalculatorInputError, calculate

BASE = {"lvot_diameter": "19 mm", "lvot_vti": 16, "heart_rate": 98, "weight": 68, "height": 165}


def test_lvot_method_by_hand():
    r = calculate("Hemodynamics (Echo)", **BASE)
    sv = math.pi * 0.95**2 * 16  # 45.4 mL
    bsa = (165 * 68 / 3600) ** 0.5  # 1.765 m²
    assert r.outputs["stroke_volume"]["value"] == pytest.approx(sv)
    assert r.value == pytest.approx(sv * 98 / 1000) and r.rounded == 4.4
    assert r.outputs["cardiac_index"]["rounded"] == pytest.approx(round(sv * 98 / 1000 / bsa, 2))
    assert r.outputs["stroke_volume_index"]["rounded"] == 26


def test_mm_and_cm_agree():
    assert calculate("echo-hemodynamics", **{**BASE, "lvot_diameter": 1.9}).value == pytest.approx(
        calculate("echo-hemodynamics", **BASE).value)


@pytest.mark.parametrize("vti, words", [(8.4, "low"), (20, "normal"), (35, "high")])
def test_cardiac_index_bands(vti, words):
    r = calculate("echo-hemodynamics", **{**BASE, "lvot_vti": vti})
    assert words in r.interpretation


def test_zero_heart_rate_rejected():
    with pytest.raises(CalculatorInputError, match="heart_rate"):
        calculate("echo-hemodynamics", **{**BASE, "heart_rate": 0})
