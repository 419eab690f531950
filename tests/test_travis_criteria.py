import pytest

from medreckon import CalculatorInputError, calculate


@pytest.mark.parametrize("stools, crp, risk", [
    (9, 5, "High risk"), (8, 45, "Low risk"), (8, 45.1, "High risk"), (3, 46, "High risk"), (2, 100, "Low risk"),
])
def test_criteria_both_sides(stools, crp, risk):
    assert calculate("Travis Criteria", stools_day_3=stools, crp_day_3=crp).value == risk


def test_crp_in_mg_dl_and_bad_input():
    assert calculate("travis-criteria", stools_day_3=5, crp_day_3="4.6 mg/dL").value == "High risk"
    with pytest.raises(CalculatorInputError, match="crp_day_3"):
        calculate("travis-criteria", stools_day_3=5, crp_day_3=-1)
