import pytest

from medreckon import CalculatorInputError, calculate

BASE = dict(post_thrombotic_signs=False, d_dimer=230, bmi=29, age=56)


def herdoo(**kw):
    return calculate("herdoo2", {**BASE, **kw})


def test_worked_example_low_risk():
    r = herdoo()
    assert r.value == 0 and r.outputs["risk"]["value"] == "Low" and r.outputs["recurrence"]["value"] == 3.0


@pytest.mark.parametrize(("kw", "points"), [
    (dict(post_thrombotic_signs=True), 1), (dict(d_dimer=249), 0), (dict(d_dimer=250), 1),
    (dict(d_dimer="0.25 mg/L"), 1), (dict(bmi=29.9), 0), (dict(bmi=30), 1), (dict(age=64.9), 0), (dict(age=65), 1),
])
def test_each_item_both_sides(kw, points):
    assert herdoo(**kw).value == points


@pytest.mark.parametrize(("kw", "risk"), [(dict(age=70), "Low"), (dict(age=70, bmi=31), "High")])
def test_high_risk_from_2(kw, risk):
    assert herdoo(**kw).outputs["risk"]["value"] == risk


def test_errors():
    with pytest.raises(CalculatorInputError, match="d_dimer"):
        herdoo(d_dimer=-1)
