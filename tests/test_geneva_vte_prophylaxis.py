import pytest

from medreckon import CalculatorInputError, calculate
from medreckon.calculators.library.geneva_vte_prophylaxis import ONE_POINT, TWO_POINT


def geneva(**kw):
    return calculate("geneva-vte-prophylaxis", {"age": 40, "bmi": 24, **kw})


@pytest.mark.parametrize("name", [n for n, _ in TWO_POINT])
def test_two_point_items(name):
    assert geneva(**{name: True}).value == 2


@pytest.mark.parametrize("name", [n for n, _ in ONE_POINT])
def test_one_point_items(name):
    assert geneva(**{name: True}).value == 1


@pytest.mark.parametrize("age, points", [(60, 0), (60.5, 1)])
def test_age_over_60(age, points):
    assert geneva(age=age).value == points


@pytest.mark.parametrize("bmi, points", [(30, 0), (30.1, 1)])
def test_bmi_over_30(bmi, points):
    assert geneva(bmi=bmi).value == points


@pytest.mark.parametrize("kw, risk", [(dict(cardiac_failure=True), 0.6),
                                      (dict(cardiac_failure=True, dehydration=True), 3.2)])
def test_high_risk_from_3(kw, risk):
    r = geneva(**kw)
    assert r.outputs["vte_risk"]["value"] == risk
    assert r.interpretation.startswith("high") is (risk == 3.2)


def test_missing_age():
    with pytest.raises(CalculatorInputError, match="age"):
        calculate("geneva-vte-prophylaxis", bmi=24)
