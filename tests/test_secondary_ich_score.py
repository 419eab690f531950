import pytest

from medreckon import CalculatorInputError, calculate

BASE = dict(ncct_probability="low", age=80, sex="male", no_hypertension_or_coagulopathy=False)


def sich(**kw):
    return calculate("secondary-ich-score", {**BASE, **kw})


@pytest.mark.parametrize("age, points", [(45, 2), (45.5, 2), (46, 1), (70, 1), (70.9, 1), (71, 0)])
def test_age_bands(age, points):
    assert sich(age=age).value == points


@pytest.mark.parametrize("ncct, points", [("low", 0), ("indeterminate", 1), ("high", 2)])
def test_ncct(ncct, points):
    assert sich(ncct_probability=ncct).value == points


def test_sex_and_risk_factors():
    assert sich(sex="female").value == 1
    assert sich(no_hypertension_or_coagulopathy=True).value == 1
    assert sich(ncct_probability="high", age=56, sex="female", no_hypertension_or_coagulopathy=True).value == 5


def test_unknown_probability():
    with pytest.raises(CalculatorInputError, match="ncct_probability"):
        sich(ncct_probability="moderate")
