import pytest

from medreckon import CalculatorInputError, calculate

BASE = dict(age=60, spells_world_backward=True, oriented=True, illness_severity="mildly ill")


def awol(**kw):
    return calculate("awol", {**BASE, **kw})


def test_worked_example():
    r = awol(age=82, spells_world_backward=False, oriented=False, illness_severity="moderately ill")
    assert r.value == 4 and r.outputs["delirium_risk"]["value"] == 64


@pytest.mark.parametrize(("kw", "points"), [
    (dict(age=79.9), 0), (dict(age=80), 1), (dict(spells_world_backward=False), 1), (dict(oriented=False), 1),
    (dict(illness_severity="not ill"), 0), (dict(illness_severity="moderately ill"), 1),
    (dict(illness_severity="moribund"), 1),
])
def test_each_item_both_sides(kw, points):
    assert awol(**kw).value == points


@pytest.mark.parametrize(("n", "risk"), [(0, 2), (1, 4), (2, 14), (3, 20)])
def test_risk_by_score(n, risk):
    kw = dict(list(dict(age=85, spells_world_backward=False, oriented=False).items())[:n])
    assert awol(**kw).outputs["delirium_risk"]["value"] == risk


def test_errors():
    with pytest.raises(CalculatorInputError, match="illness_severity"):
        awol(illness_severity="very ill")
