import pytest

from medreckon import CalculatorInputError, calculate
from medreckon.calculators.library.ejection_fraction_simplified import ef_category


def test_quinones_by_hand():
    d2 = (52**2 - 40**2) / 52**2
    r = calculate("ejection-fraction-simplified", lv_end_diastolic_dimension="52 mm", lv_end_systolic_dimension="40 mm",
                  apical_contraction="normal")
    assert r.value == pytest.approx((d2 + (1 - d2) * 0.15) * 100) and r.rounded == 50
    assert r.outputs["category"]["value"] == "mildly abnormal"


@pytest.mark.parametrize("apex, dl", [("hypokinetic", 0.05), ("akinetic", 0.0), ("dyskinetic", -0.05),
                                      ("aneurysmal", -0.10)])
def test_apical_corrections(apex, dl):
    d2 = (5.0**2 - 3.2**2) / 5.0**2
    r = calculate("ejection-fraction-simplified", lv_end_diastolic_dimension=5.0, lv_end_systolic_dimension=3.2,
                  apical_contraction=apex)
    assert r.value == pytest.approx((d2 + (1 - d2) * dl) * 100)


@pytest.mark.parametrize("ef, label", [(55, "normal"), (54.99, "mildly abnormal"), (45, "mildly abnormal"),
                                       (44.99, "moderately abnormal"), (30, "moderately abnormal"),
                                       (29.99, "severely abnormal")])
def test_categories_both_sides(ef, label):
    assert ef_category(ef) == label


def test_systolic_larger_than_diastolic_rejected():
    with pytest.raises(CalculatorInputError, match="lv_end_systolic_dimension"):
        calculate("ejection-fraction-simplified", lv_end_diastolic_dimension=4, lv_end_systolic_dimension=5,
                  apical_contraction="normal")
