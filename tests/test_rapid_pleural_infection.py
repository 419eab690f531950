import pytest

from medreckon import CalculatorInputError, calculate

BASE = dict(bun="4 mmol/L", age=40, purulent=True, hospital_acquired=False, albumin=3.8)


def rapid(**kw):
    return calculate("rapid-pleural-infection", {**BASE, **kw})


def test_worked_example():
    r = rapid(bun=12, age=68, purulent=False)
    assert r.value == 2 and r.outputs["risk"]["value"] == "Low" and r.outputs["mortality"]["value"] == 1.5


@pytest.mark.parametrize(("kw", "points"), [
    (dict(bun="4.99 mmol/L"), 0), (dict(bun="5 mmol/L"), 1), (dict(bun="8 mmol/L"), 1), (dict(bun="8.01 mmol/L"), 2),
    (dict(age=49.9), 0), (dict(age=50), 1), (dict(age=70), 1), (dict(age=70.1), 2),
    (dict(purulent=False), 1), (dict(hospital_acquired=True), 1),
    (dict(albumin="27 g/L"), 0), (dict(albumin="26.9 g/L"), 1),
])
def test_each_item_both_sides(kw, points):
    assert rapid(**kw).value == points


@pytest.mark.parametrize(("kw", "risk"), [
    (dict(age=75), "Low"), (dict(age=75, purulent=False), "Medium"),
    (dict(age=75, bun="9 mmol/L"), "Medium"), (dict(age=75, bun="9 mmol/L", purulent=False), "High"),
])
def test_risk_groups(kw, risk):
    assert rapid(**kw).outputs["risk"]["value"] == risk


def test_errors():
    with pytest.raises(CalculatorInputError, match="albumin"):
        rapid(albumin=0)
