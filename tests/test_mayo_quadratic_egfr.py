import math

import pytest

from medreckon import CalculatorInputError, calculate


def mayo(**kw):
    return calculate("mayo-quadratic-egfr", {"sex": "male", "age": 62, "creatinine": 2.7, **kw})


def test_worked_example():
    expected = math.exp(1.911 + 5.249 / 2.7 - 2.114 / 2.7**2 - 0.00686 * 62)
    assert mayo().value == pytest.approx(expected) and mayo().rounded == 23.1


def test_female_term():
    assert mayo(sex="female").value == pytest.approx(mayo().value * math.exp(-0.205))


@pytest.mark.parametrize("creatinine", [0.5, 0.79])
def test_creatinine_below_08_is_taken_as_08(creatinine):
    assert mayo(creatinine=creatinine).value == pytest.approx(mayo(creatinine=0.8).value)
    assert mayo(creatinine=0.81).value != pytest.approx(mayo(creatinine=0.8).value)


def test_units_and_errors():
    assert mayo(creatinine="238.7 umol/L").value == pytest.approx(mayo().value, rel=1e-3)
    with pytest.raises(CalculatorInputError, match="creatinine"):
        mayo(creatinine=0)
