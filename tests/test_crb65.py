import pytest

from medreckon import CalculatorInputError, calculate

BASE = dict(confusion=False, respiratory_rate=16, systolic_bp=120, diastolic_bp=80, age=50)


def crb(**kw):
    return calculate("crb-65", {**BASE, **kw})


def test_worked_example():
    r = crb(age=72, respiratory_rate=32, systolic_bp=92, diastolic_bp=56)
    assert r.value == 3 and r.outputs["risk"]["value"] == "High risk"


@pytest.mark.parametrize(("kw", "points"), [
    (dict(respiratory_rate=29), 0), (dict(respiratory_rate=30), 1),
    (dict(systolic_bp=90), 0), (dict(systolic_bp=89), 1),
    (dict(diastolic_bp=61), 0), (dict(diastolic_bp=60), 1),
    (dict(age=64.9), 0), (dict(age=65), 1),
    (dict(confusion=True), 1),
])
def test_each_criterion_both_sides(kw, points):
    assert crb(**kw).value == points


@pytest.mark.parametrize(("kw", "risk"), [
    ({}, "Low risk"), (dict(age=70), "Intermediate risk"), (dict(age=70, confusion=True), "Intermediate risk"),
    (dict(age=70, confusion=True, respiratory_rate=30), "High risk"),
])
def test_risk_groups(kw, risk):
    assert crb(**kw).outputs["risk"]["value"] == risk


def test_errors():
    with pytest.raises(CalculatorInputError, match="age"):
        calculate("crb-65", confusion=False, respiratory_rate=16, systolic_bp=120, diastolic_bp=80)
