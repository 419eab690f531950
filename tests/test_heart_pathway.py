import pytest

from medreckon import calculate

BASE = dict(history="moderately_suspicious", ecg="nonspecific_repolarization", age=54, troponin="normal",
            hypertension=True, hypercholesterolemia=True)


def test_high_risk_from_4():
    r = calculate("heart-pathway", BASE)  # 1 + 1 + 1 + 1 + 0
    assert r.value == 4 and r.outputs["risk"]["value"] == "high risk"
    assert r.outputs["early_discharge"]["value"] is False


@pytest.mark.parametrize("serial, early", [(True, True), (False, False), (None, None)])
def test_low_risk_needs_negative_serial_troponins(serial, early):
    r = calculate("heart-pathway", {**BASE, "age": 40, "serial_troponins_negative": serial})  # 3
    assert r.value == 3 and r.outputs["risk"]["value"] == "low risk"
    assert r.outputs["early_discharge"]["value"] is early


def test_same_score_as_heart():
    kw = {**BASE, "ecg": "significant_st_deviation", "troponin": "over_3x"}
    assert calculate("heart-pathway", kw).value == calculate("heart-score", kw).value == 7
