import pytest

from medreckon import CalculatorInputError, calculate

LOW = dict(sex="male", smoker=True, history_ponv=False, history_motion_sickness=False, surgery_duration=30)


@pytest.mark.parametrize("minutes, points", [(59, 0), (60, 1), ("1 h", 1), ("0.9 h", 0)])
def test_duration_60_minutes(minutes, points):
    assert calculate("koivuranta", {**LOW, "surgery_duration": minutes}).value == points


@pytest.mark.parametrize("kw, total, risk", [
    ({}, 0, 17), (dict(sex="female"), 1, 18), (dict(sex="female", smoker=False), 2, 42),
    (dict(sex="female", smoker=False, history_ponv=True), 3, 54),
    (dict(sex="female", smoker=False, history_ponv=True, history_motion_sickness=True), 4, 74),
    (dict(sex="female", smoker=False, history_ponv=True, history_motion_sickness=True, surgery_duration=90), 5, 87),
])
def test_points_and_risk(kw, total, risk):
    r = calculate("koivuranta", {**LOW, **kw})
    assert r.value == total and r.outputs["ponv_risk"]["value"] == risk


def test_negative_duration():
    with pytest.raises(CalculatorInputError, match="surgery_duration"):
        calculate("koivuranta", {**LOW, "surgery_duration": -5})
