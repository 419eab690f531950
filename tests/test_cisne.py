import pytest

from medreckon import CalculatorInputError, calculate

BASE = {"ecog": 1, "stress_hyperglycemia": False, "copd": False, "cardiovascular_disease": False, "mucositis_grade": 1,
        "monocytes": 220}


@pytest.mark.parametrize("change, points, rate", [
    ({}, 0, 1.1), ({"ecog": 2}, 2, 6.2), ({"mucositis_grade": 2}, 1, 6.2), ({"monocytes": 200}, 0, 1.1),
    ({"monocytes": 199}, 1, 6.2), ({"monocytes": "0.15 10^9/L"}, 1, 6.2),
    ({"stress_hyperglycemia": True, "copd": True}, 3, 36.0), ({"cardiovascular_disease": True}, 1, 6.2),
])
def test_items_and_classes(change, points, rate):
    r = calculate("Clinical Index of Stable Febrile Neutropenia (CISNE)", **{**BASE, **change})
    assert r.value == points and r.outputs["complication_rate"]["value"] == rate


def test_bad_mucositis():
    with pytest.raises(CalculatorInputError, match="mucositis_grade"):
        calculate("cisne", **{**BASE, "mucositis_grade": 5})
