import math

import pytest

from medreckon import CalculatorInputError, calculate


def test_continuous_model_by_hand():
    y = -9.1917 + 0.0451 * 74 + 0.1307 * 32 + 0.0859 * 16 + 0.0520 * 45
    r = calculate("H2FPEF Score for Heart Failure with Preserved Ejection Fraction", age=74, bmi=32, e_e_prime=16,
                  pasp=45, atrial_fibrillation=False)
    assert r.value == pytest.approx(100 / (1 + math.exp(-y))) and r.rounded == 88.5
    assert r.outputs["points"]["value"] == 5  # BMI 2 + PASP 1 + age 1 + E/e' 1


@pytest.mark.parametrize("field, low, high, points", [("bmi", 30, 30.1, 2), ("pasp", 35, 35.1, 1), ("age", 60, 60.5, 1),
                                                      ("e_e_prime", 9, 9.1, 1)])
def test_points_cut_offs_both_sides(field, low, high, points):
    base = {"age": 50, "bmi": 25, "e_e_prime": 8, "pasp": 30, "atrial_fibrillation": False}
    assert calculate("h2fpef", **{**base, field: low}).outputs["points"]["value"] == 0
    assert calculate("h2fpef", **{**base, field: high}).outputs["points"]["value"] == points


def test_af_and_bands():
    base = {"age": 50, "bmi": 25, "e_e_prime": 8, "pasp": 30}
    no_af = calculate("h2fpef", **base, atrial_fibrillation=False)
    af = calculate("h2fpef", **base, atrial_fibrillation=True)
    assert af.outputs["points"]["value"] == 3 and "unlikely" in no_af.interpretation
    assert "likely (≥ 90%)" in calculate("h2fpef", age=80, bmi=40, e_e_prime=20, pasp=50, atrial_fibrillation=True
                                         ).interpretation
    with pytest.raises(CalculatorInputError, match="e_e_prime"):
        calculate("h2fpef", **{**base, "e_e_prime": 0}, atrial_fibrillation=False)
