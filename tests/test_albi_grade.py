import math

import pytest

from medreckon import CalculatorInputError, calculate


def test_formula_and_units():
    r = calculate("ALBI (Albumin-Bilirubin) Grade for Hepatocellular Carcinoma (HCC)", bilirubin=0.9, albumin=4.2)
    assert r.rounded == -2.79 and r.outputs["grade"]["value"] == 1
    assert calculate("albi", bilirubin="20 umol/L", albumin="35 g/L").value == pytest.approx(
        0.66 * math.log10(20) - 0.085 * 35)


@pytest.mark.parametrize("albumin_gl, grade", [(38.0, 1), (37.8, 2), (23.8, 2), (23.6, 3)])
def test_grade_cut_offs_both_sides(albumin_gl, grade):
    # bilirubin 10 µmol/L: ALBI = 0.66 − 0.085 × albumin; −2.60 at 38.35 g/L, −1.39 at 24.12 g/L
    assert calculate("albi", bilirubin="10 umol/L", albumin=f"{albumin_gl + 0.35} g/L").outputs["grade"]["value"] == grade


def test_zero_bilirubin_rejected():
    with pytest.raises(CalculatorInputError, match="bilirubin"):
        calculate("albi", bilirubin=0, albumin=4)
