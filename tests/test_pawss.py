import pytest

from medreckon import calculate
from medreckon.calculators.library.pawss import ITEMS

NONE = {name: False for name, _ in ITEMS} | {"threshold_met": True, "autonomic_hyperactivity": False}


def pawss(**kw):
    return calculate("pawss", {**NONE, **kw})


def test_worked_example():
    r = calculate("Prediction of Alcohol Withdrawal Severity Scale", threshold_met=True, intoxicated_past_30_days=True,
                  previous_withdrawal=True, blackouts=True, withdrawal_seizures=True, alcohol_with_downers=True,
                  blood_alcohol=160)
    assert r.value == 5 and r.outputs["risk"]["value"] == "High risk"


def test_threshold_not_met_scores_zero_whatever_else():
    r = pawss(threshold_met=False, previous_withdrawal=True, delirium_tremens=True)
    assert r.value == 0 and "does not apply" in r.interpretation


@pytest.mark.parametrize("bal, points", [(199, 0), (200, 1), ("2 g/L", 1), ("43 mmol/L", 0), ("44 mmol/L", 1)])
def test_blood_alcohol_200(bal, points):
    assert pawss(blood_alcohol=bal).value == points


def test_blood_alcohol_not_measured_scores_zero():
    assert pawss().value == 0


@pytest.mark.parametrize("n, risk", [(3, "Low risk"), (4, "High risk")])
def test_cut_off_4(n, risk):
    kw = {name: True for name, _ in ITEMS[:n]}
    r = pawss(**kw)
    assert r.value == n and r.outputs["risk"]["value"] == risk


def test_maximum_10():
    kw = {name: True for name, _ in ITEMS}
    assert pawss(**kw, blood_alcohol=250, autonomic_hyperactivity=True).value == 10
