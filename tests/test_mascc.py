import pytest

from medreckon import CalculatorInputError, calculate

BEST = {"burden_of_illness": "none_or_mild", "systolic_bp": 118, "active_copd": False, "cancer_type": "solid_tumor",
        "dehydration_requiring_iv_fluids": False, "outpatient": True, "age": 52}


def test_maximum_and_minimum():
    assert calculate("mascc", **BEST).value == 26
    worst = {"burden_of_illness": "severe", "systolic_bp": 80, "active_copd": True,
             "cancer_type": "hematologic_prior_fungal_infection", "dehydration_requiring_iv_fluids": True,
             "outpatient": False, "age": 70}
    assert calculate("mascc", **worst).value == 0


@pytest.mark.parametrize("change, points", [
    ({"systolic_bp": 90}, 26), ({"systolic_bp": 89}, 21), ({"age": 59.9}, 26), ({"age": 60}, 24),
    ({"burden_of_illness": "moderate"}, 24), ({"cancer_type": "hematologic_no_prior_fungal_infection"}, 26),
])
def test_items_both_sides(change, points):
    assert calculate("mascc", **{**BEST, **change}).value == points


def test_low_risk_cut_off_both_sides():
    assert calculate("mascc", **{**BEST, "outpatient": False, "age": 70}).interpretation.startswith("21 ≥ 21")
    assert calculate("mascc", **{**BEST, "outpatient": False, "age": 70, "burden_of_illness": "moderate"}
                     ).interpretation.startswith("19 < 21")


def test_bad_cancer_type():
    with pytest.raises(CalculatorInputError, match="cancer_type"):
        calculate("mascc", **{**BEST, "cancer_type": "lymphoma"})
