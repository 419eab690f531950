import pytest

from medreckon import CalculatorInputError, calculate

NONE = {"active_gastroduodenal_ulcer": False, "bleeding_3_months": False, "platelets": 220, "age": 30,
        "hepatic_failure": False, "egfr": 90, "icu_or_ccu": False, "central_venous_catheter": False,
        "rheumatic_disease": False, "current_cancer": False, "sex": "female"}


def test_every_item():
    everything = {**NONE, "active_gastroduodenal_ulcer": True, "bleeding_3_months": True, "platelets": 40, "age": 90,
                  "hepatic_failure": True, "egfr": 20, "icu_or_ccu": True, "central_venous_catheter": True,
                  "rheumatic_disease": True, "current_cancer": True, "sex": "male"}
    assert calculate("improve-bleeding", **NONE).value == 0
    assert calculate("improve-bleeding", **everything).value == pytest.approx(30.5)


@pytest.mark.parametrize("field, value, points", [
    ("age", 39.9, 0), ("age", 40, 1.5), ("age", 84.9, 1.5), ("age", 85, 3.5),
    ("egfr", 60, 0), ("egfr", 59.9, 1), ("egfr", 30, 1), ("egfr", 29.9, 2.5),
    ("platelets", 50, 0), ("platelets", 49.9, 4),
])
def test_thresholds_both_sides(field, value, points):
    assert calculate("improve-bleeding", **{**NONE, field: value}).value == pytest.approx(points)


def test_seven_point_cut_off():
    six_and_half = {**NONE, "active_gastroduodenal_ulcer": True, "current_cancer": True}
    assert calculate("improve-bleeding", **six_and_half).interpretation.startswith("6.5 < 7")
    assert calculate("improve-bleeding", **{**six_and_half, "sex": "male"}).interpretation.startswith("7.5 ≥ 7")
    assert calculate("improve-bleeding", **{**NONE, "age": 72, "sex": "male", "egfr": 55, "icu_or_ccu": True,
                                            "active_gastroduodenal_ulcer": True}).value == pytest.approx(10.5)


def test_platelets_per_microlitre_and_bad_sex():
    assert calculate("improve-bleeding", **{**NONE, "platelets": "45000 /uL"}).value == 4
    with pytest.raises(CalculatorInputError, match="sex"):
        calculate("improve-bleeding", **{**NONE, "sex": "x"})
