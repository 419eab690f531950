import pytest

from medreckon import CalculatorInputError, calculate

BASE = dict(pleural_ldh=500, ecog="0", nlr=3, tumour_type="mesothelioma")


def lent(**kw):
    return calculate("lent-score", {**BASE, **kw})


def test_worked_example():
    r = lent(pleural_ldh=690, ecog="1", nlr=6.5, tumour_type="lung")
    assert r.value == 3 and r.outputs["risk"]["value"] == "Moderate" and r.outputs["median_survival"]["value"] == 130


@pytest.mark.parametrize(("kw", "points"), [
    (dict(pleural_ldh=1500), 0), (dict(pleural_ldh=1501), 1), (dict(ecog="2"), 2), (dict(ecog="3"), 3),
    (dict(ecog="4"), 3), (dict(nlr=9), 0), (dict(nlr=9.01), 1), (dict(tumour_type="breast"), 1),
    (dict(tumour_type="other"), 2),
])
def test_each_item_both_sides(kw, points):
    assert lent(**kw).value == points


@pytest.mark.parametrize(("kw", "risk"), [
    (dict(ecog="1"), "Low"), (dict(ecog="2"), "Moderate"), (dict(ecog="2", tumour_type="lung"), "Moderate"),
    (dict(ecog="3", tumour_type="lung"), "High"),
])
def test_risk_groups(kw, risk):
    assert lent(**kw).outputs["risk"]["value"] == risk


def test_errors():
    with pytest.raises(CalculatorInputError, match="ecog"):
        lent(ecog="5")
