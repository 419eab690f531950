import pytest

from medreckon import calculate


def mapi(**kw):
    return calculate("modified-asthma-predictive-index", {"frequent_wheezing": True, **kw})


def test_worked_example():
    r = calculate("Modified Asthma Predictive Index (mAPI)", frequent_wheezing=True, parent_asthma=True,
                  atopic_dermatitis=True, food_allergy=True, wheeze_without_colds=True, eosinophilia=True)
    assert r.value == "Positive"


@pytest.mark.parametrize("kw, result", [
    ({}, "Negative"), (dict(parent_asthma=True), "Positive"), (dict(aeroallergen_sensitization=True), "Positive"),
    (dict(food_allergy=True), "Negative"), (dict(food_allergy=True, eosinophilia=True), "Positive"),
    (dict(frequent_wheezing=False, parent_asthma=True, atopic_dermatitis=True), "Negative"),
])
def test_rule(kw, result):
    assert mapi(**kw).value == result
