import pytest

from medreckon import CalculatorInputError, calculate

BASE = dict(age=56, cancer=False, chronic_cardiopulmonary_disease=False, heart_rate=98, systolic_bp=126,
            oxygen_saturation=95)


def spesi(**kw):
    return calculate("spesi", {**BASE, **kw})


def test_worked_example_low_risk():
    r = spesi()
    assert r.value == 0 and r.outputs["risk"]["value"] == "Low" and r.outputs["mortality"]["value"] == 1.1


@pytest.mark.parametrize(("kw", "points"), [
    (dict(age=80), 0), (dict(age=80.1), 1), (dict(cancer=True), 1), (dict(chronic_cardiopulmonary_disease=True), 1),
    (dict(heart_rate=109), 0), (dict(heart_rate=110), 1), (dict(systolic_bp=100), 0), (dict(systolic_bp=99), 1),
    (dict(oxygen_saturation=90), 0), (dict(oxygen_saturation=89), 1),
])
def test_each_item_both_sides(kw, points):
    r = spesi(**kw)
    assert r.value == points and r.outputs["risk"]["value"] == ("High" if points else "Low")


def test_errors():
    with pytest.raises(CalculatorInputError, match="oxygen_saturation"):
        spesi(oxygen_saturation=101)
