import math

import pytest

from medreckon import CalculatorInputError, calculate

BASE = {"age": 52, "wbc": 17.2, "bilirubin": 22, "creatinine": 1.8, "hepatic_encephalopathy_grade": 2, "inr": 1.9,
        "mean_arterial_pressure": 82, "fio2": 21, "pao2": 70}
# organ scores of BASE: liver 3, kidney 1, brain 2, coagulation 1, circulation 1, respiration 1 (PaO2/FiO2 333) = 9


def of_score(**change):
    return calculate("clif-c-aclf", **{**BASE, **change}).outputs["clif_c_of_score"]["value"]


def test_formula_by_hand():
    r = calculate("CLIF-C ACLF (Acute-on-Chronic Liver Failure)", **BASE)
    assert r.outputs["clif_c_of_score"]["value"] == 9
    assert r.value == pytest.approx(10 * (0.33 * 9 + 0.04 * 52 + 0.63 * math.log(17.2) - 2)) and r.rounded == 48


@pytest.mark.parametrize("change, score", [
    ({"bilirubin": 5.99}, 7), ({"bilirubin": 6}, 8), ({"bilirubin": 11.99}, 8),
    ({"creatinine": 1.99}, 9), ({"creatinine": 2}, 10), ({"creatinine": 3.49}, 10), ({"creatinine": 3.5}, 11),
    ({"renal_replacement_therapy": True}, 11),
    ({"hepatic_encephalopathy_grade": 0}, 8), ({"hepatic_encephalopathy_grade": 3}, 10),
    ({"inr": 2.0}, 10), ({"inr": 2.49}, 10), ({"inr": 2.5}, 11),
    ({"mean_arterial_pressure": 70}, 9), ({"mean_arterial_pressure": 69}, 10), ({"vasopressors": True}, 11),
    ({"pao2": 63.1}, 9), ({"pao2": 63}, 10),  # PaO2/FiO2 300 scores 2 (> 300 scores 1)
    ({"pao2": 42.1}, 10), ({"pao2": 42}, 11),  # 200 scores 3 (≤ 200)
])
def test_organ_cut_offs_both_sides(change, score):
    if "pao2" in change:  # FiO2 0.21: PaO2 63 → 300, 42 → 200
        change = {**change, "fio2": 21}
    assert of_score(**change) == score


def test_spo2_when_no_pao2():
    no_pao2 = {k: v for k, v in BASE.items() if k != "pao2"}
    assert calculate("clif-c-aclf", **no_pao2, spo2=75).outputs["clif_c_of_score"]["value"] == 9  # 357.1 > 357
    assert calculate("clif-c-aclf", **no_pao2, spo2=74.97).outputs["clif_c_of_score"]["value"] == 10  # 357.0
    with pytest.raises(CalculatorInputError, match="pao2"):
        calculate("clif-c-aclf", **no_pao2)


def test_wbc_units_and_zero():
    assert calculate("clif-c-aclf", **{**BASE, "wbc": "17200 /uL"}).value == pytest.approx(
        calculate("clif-c-aclf", **BASE).value)
    with pytest.raises(CalculatorInputError, match="wbc"):
        calculate("clif-c-aclf", **{**BASE, "wbc": 0})
