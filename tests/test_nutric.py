import pytest

from medreckon import CalculatorInputError, calculate

BASE = dict(age=40, apache_ii=10, sofa=3, comorbidities=0, days_in_hospital_before_icu=0)


def nutric(**kw):
    return calculate("nutric", {**BASE, **kw})


def test_worked_example():
    r = nutric(age=58, apache_ii=22, sofa=8, comorbidities=2, days_in_hospital_before_icu=1)
    assert r.value == 6 and r.outputs["risk"]["value"] == "High"


@pytest.mark.parametrize(("kw", "points"), [
    (dict(age=49.9), 0), (dict(age=50), 1), (dict(age=74.9), 1), (dict(age=75), 2),
    (dict(apache_ii=14), 0), (dict(apache_ii=15), 1), (dict(apache_ii=19), 1), (dict(apache_ii=20), 2),
    (dict(apache_ii=27), 2), (dict(apache_ii=28), 3), (dict(sofa=5), 0), (dict(sofa=6), 1), (dict(sofa=9), 1),
    (dict(sofa=10), 2), (dict(comorbidities=1), 0), (dict(comorbidities=2), 1),
    (dict(days_in_hospital_before_icu=0.9), 0), (dict(days_in_hospital_before_icu=1), 1),
    (dict(interleukin_6=399), 0), (dict(interleukin_6=400), 1),
])
def test_each_item_both_sides(kw, points):
    assert nutric(**kw).value == points


@pytest.mark.parametrize(("kw", "risk"), [
    (dict(age=75, apache_ii=28), "High"),  # 5 without IL-6
    (dict(age=75, apache_ii=20), "Low"),  # 4
    (dict(age=75, apache_ii=28, interleukin_6=100), "Low"),  # 5 with IL-6: high from 6
    (dict(age=75, apache_ii=28, interleukin_6=500), "High"),  # 6
])
def test_high_risk_threshold_depends_on_il6(kw, risk):
    assert nutric(**kw).outputs["risk"]["value"] == risk


def test_errors():
    with pytest.raises(CalculatorInputError, match="sofa"):
        nutric(sofa=25)
