import pytest

from medreckon import CalculatorInputError, calculate

LOW = dict(sex="male", smoker=True, history_ponv_or_motion_sickness=False, postoperative_opioids=False)


@pytest.mark.parametrize("kw, total, risk", [
    ({}, 0, 10), (dict(sex="female"), 1, 21), (dict(sex="female", smoker=False), 2, 39),
    (dict(sex="female", smoker=False, postoperative_opioids=True), 3, 61),
    (dict(sex="female", smoker=False, postoperative_opioids=True, history_ponv_or_motion_sickness=True), 4, 79),
])
def test_points_and_risk(kw, total, risk):
    r = calculate("apfel", {**LOW, **kw})
    assert r.value == total and r.outputs["ponv_risk"]["value"] == risk


def test_smoking_must_be_stated():
    kw = dict(LOW)
    del kw["smoker"]
    with pytest.raises(CalculatorInputError, match="smoker"):
        calculate("apfel", kw)
