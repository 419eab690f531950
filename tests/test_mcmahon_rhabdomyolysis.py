import pytest

from medreckon import CalculatorInputError, calculate

BASE = dict(age=40, sex="male", creatinine=1.0, calcium=9, ck=8000, benign_cause=True, phosphate=3.5, bicarbonate=24)


def mcm(**kw):
    return calculate("mcmahon-rhabdomyolysis", {**BASE, **kw})


def test_worked_example():
    r = mcm(age=62, creatinine=2.3, calcium=8.6, ck=8500, phosphate=5.8, bicarbonate=18)
    assert r.value == 9.5 and "not low risk" in r.interpretation


@pytest.mark.parametrize(("kw", "points"), [
    (dict(age=49.9), 0), (dict(age=50), 1.5), (dict(age=70), 1.5), (dict(age=70.1), 2.5), (dict(age=80), 2.5),
    (dict(age=80.1), 3), (dict(sex="female"), 1),
    (dict(creatinine=1.39), 0), (dict(creatinine=1.4), 1.5), (dict(creatinine=2.2), 1.5), (dict(creatinine=2.21), 3),
    (dict(calcium=7.5), 0), (dict(calcium=7.49), 2), (dict(ck=40000), 0), (dict(ck=40001), 2),
    (dict(benign_cause=False), 3), (dict(phosphate=3.99), 0), (dict(phosphate=4.0), 1.5), (dict(phosphate=5.4), 1.5),
    (dict(phosphate=5.41), 3), (dict(bicarbonate=19), 0), (dict(bicarbonate=18.9), 2),
])
def test_each_item_both_sides(kw, points):
    assert mcm(**kw).value == points


@pytest.mark.parametrize(("kw", "total", "not_low"), [
    (dict(benign_cause=False, age=55, sex="female"), 5.5, False),
    (dict(benign_cause=False, phosphate=6), 6, True),
])
def test_not_low_risk_from_6(kw, total, not_low):
    r = mcm(**kw)
    assert r.value == total and ("not low risk" in r.interpretation) is not_low


def test_units():
    assert mcm(creatinine="203 umol/L", phosphate="1.9 mmol/L", calcium="1.8 mmol/L").value == 3 + 3 + 2
    with pytest.raises(CalculatorInputError, match="ck"):
        mcm(ck=-5)
