import math

import pytest

from medreckon import CalculatorInputError, calculate


def triss(**kw):
    return calculate("triss", {"mechanism": "blunt", "rts": 7.8408, "iss": 9, "age": 30, **kw})


def ps(b0, b1, b2, b3, rts, iss, ai):
    return 100 / (1 + math.exp(-(b0 + b1 * rts + b2 * iss + b3 * ai)))


def test_blunt_mtos_revised():
    assert triss(rts=6.904, iss=34).value == pytest.approx(ps(-1.2470, 0.9544, -0.0768, -1.9052, 6.904, 34, 0))
    assert triss(rts=6.904, iss=34).rounded == 93.9


def test_penetrating_mtos_revised():
    assert triss(mechanism="penetrating", rts=5.88, iss=50, age=27).rounded == 18.8


@pytest.mark.parametrize("age, index", [(54, 0), (54.9, 0), (55, 1)])
def test_age_index_from_55(age, index):
    assert triss(age=age).value == pytest.approx(ps(-1.2470, 0.9544, -0.0768, -1.9052, 7.8408, 9, index))


def test_boyd_1987_coefficients():
    r = triss(coefficients="boyd-1987", mechanism="penetrating", rts=5.88, iss=50)
    assert r.value == pytest.approx(ps(-2.5355, 0.9934, -0.0651, -1.1360, 5.88, 50, 0))


@pytest.mark.parametrize("age, coefficients", [(14.9, (-1.2470, 0.9544, -0.0768, -1.9052)),
                                               (15, (-0.6029, 1.1430, -0.1516, -2.6676))])
def test_children_take_the_blunt_coefficients(age, coefficients):
    r = triss(mechanism="penetrating", rts=5.88, iss=50, age=age)
    assert r.value == pytest.approx(ps(*coefficients, 5.88, 50, 0))


def test_unexpected_wording_either_side_of_50():
    assert "survival would be unexpected" in triss(rts=2, iss=50).interpretation
    assert "a death would be unexpected" in triss().interpretation


def test_rts_above_maximum():
    with pytest.raises(CalculatorInputError, match="rts"):
        triss(rts=11)  # a triage RTS (0-12) is not the weighted RTS
