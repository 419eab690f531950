import pytest

from medreckon import CalculatorInputError, calculate

BASE = dict(bilirubin=1.0, alt=30, encephalopathy=False, emergent=False)


def emory(**kw):
    return calculate("emory-tips", {**BASE, **kw})


def test_worked_example_and_mdcalc_title():
    r = calculate("Emory Model (TIPSS)", bilirubin=3.8, alt=46, encephalopathy=True, emergent=False)
    assert r.value == 2 and r.outputs["risk_group"]["value"] == "Moderate Risk"


@pytest.mark.parametrize("bili, points", [(3.0, 0), (3.01, 1), ("51 umol/L", 0), ("52 umol/L", 1)])
def test_bilirubin_above_3(bili, points):
    assert emory(bilirubin=bili).value == points


@pytest.mark.parametrize("alt, points", [(100, 0), (101, 1)])
def test_alt_above_100(alt, points):
    assert emory(alt=alt).value == points


@pytest.mark.parametrize("kw, total, group", [
    ({}, 0, "Low Risk"), (dict(encephalopathy=True), 1, "Moderate Risk"), (dict(emergent=True), 2, "Moderate Risk"),
    (dict(emergent=True, alt=150), 3, "Moderate Risk"), (dict(emergent=True, alt=150, bilirubin=4), 4, "High Risk"),
    (dict(emergent=True, alt=150, bilirubin=4, encephalopathy=True), 5, "High Risk"),
])
def test_risk_group_edges(kw, total, group):
    r = emory(**kw)
    assert r.value == total and r.outputs["risk_group"]["value"] == group


def test_missing_bilirubin_is_named():
    with pytest.raises(CalculatorInputError, match="bilirubin"):
        calculate("emory-tips", alt=30)
