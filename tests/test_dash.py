import pytest

from medreckon import CalculatorInputError, calculate

BASE = dict(abnormal_d_dimer=False, age=60, sex="female", hormone_use=False)


def dash(**kw):
    return calculate("dash", {**BASE, **kw})


def test_worked_example():
    r = dash(age=50)
    assert r.value == 1 and r.outputs["recurrence"]["value"] == 3.9 and "stopping" in r.interpretation


@pytest.mark.parametrize(("kw", "points"), [
    (dict(abnormal_d_dimer=True), 2), (dict(age=50.1), 0), (dict(age=50), 1), (dict(sex="male"), 1),
    (dict(hormone_use=True), -2),
])
def test_each_item(kw, points):
    assert dash(**kw).value == points


@pytest.mark.parametrize(("kw", "risk", "words"), [
    (dict(hormone_use=True), 1.8, "stopping"), (dict(hormone_use=True, age=40), 1.0, "stopping"),
    (dict(), 2.4, "stopping"), (dict(abnormal_d_dimer=True), 6.3, "continuing"),
    (dict(abnormal_d_dimer=True, sex="male"), 10.8, "continuing"),
    (dict(abnormal_d_dimer=True, sex="male", age=45), 19.9, "continuing"),
])
def test_annual_recurrence_by_score(kw, risk, words):
    r = dash(**kw)
    assert r.outputs["recurrence"]["value"] == risk and words in r.interpretation


def test_hormone_use_is_for_women():
    with pytest.raises(CalculatorInputError, match="hormone_use"):
        dash(sex="male", hormone_use=True)
