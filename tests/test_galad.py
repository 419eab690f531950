import math

import pytest

from medreckon import CalculatorInputError, calculate


def test_formula_by_hand():
    z = -10.08 + 0.09 * 62 + 1.67 + 2.34 * math.log10(75) + 0.04 * 12 + 1.33 * math.log10(85)
    r = calculate("GALAD Model for Hepatocellular Carcinoma (HCC)", sex="male", age=62, afp_l3=12, afp=75, dcp=85)
    assert r.value == pytest.approx(z) and r.rounded == 4.6
    assert r.outputs["hcc_probability"]["value"] == pytest.approx(100 / (1 + math.exp(-z)))


def test_sex_term_and_cut_off():
    male = calculate("galad", sex="male", age=50, afp_l3=5, afp=5, dcp=20).value
    female = calculate("galad", sex="female", age=50, afp_l3=5, afp=5, dcp=20).value
    assert male - female == pytest.approx(1.67)
    assert "below" in calculate("galad", sex="female", age=50, afp_l3=5, afp=5, dcp=20).interpretation


def test_zero_afp_rejected():
    with pytest.raises(CalculatorInputError, match="afp"):
        calculate("galad", sex="male", age=62, afp_l3=12, afp=0, dcp=85)
