import pytest

from medreckon import CalculatorInputError, calculate

BASE = dict(systolic_bp=126, elevated_troponin=False, rv_dysfunction=False, heart_rate=98)


def bova(**kw):
    return calculate("bova", {**BASE, **kw})


def test_worked_example():
    r = bova(systolic_bp=96, elevated_troponin=True, rv_dysfunction=True, heart_rate=112)
    assert r.value == 7 and r.outputs["stage"]["value"] == "Stage III"
    assert (r.outputs["complications"]["value"], r.outputs["mortality"]["value"]) == (42.0, 10.0)


@pytest.mark.parametrize(("kw", "points"), [
    (dict(systolic_bp=100.1), 0), (dict(systolic_bp=100), 2), (dict(systolic_bp=90), 2),
    (dict(elevated_troponin=True), 2), (dict(rv_dysfunction=True), 2), (dict(heart_rate=109), 0),
    (dict(heart_rate=110), 1),
])
def test_each_item_both_sides(kw, points):
    assert bova(**kw).value == points


@pytest.mark.parametrize(("kw", "stage"), [
    (dict(systolic_bp=95), "Stage I"), (dict(systolic_bp=95, heart_rate=120), "Stage II"),
    (dict(systolic_bp=95, elevated_troponin=True), "Stage II"),
    (dict(systolic_bp=95, elevated_troponin=True, heart_rate=120), "Stage III"),
])
def test_stages_at_2_and_4(kw, stage):
    assert bova(**kw).outputs["stage"]["value"] == stage


def test_shock_is_outside_the_score():
    with pytest.raises(CalculatorInputError, match="systolic_bp"):
        bova(systolic_bp=89)
