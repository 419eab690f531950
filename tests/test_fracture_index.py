import pytest

from medreckon import CalculatorInputError, calculate

NONE = dict(age=60, fracture_after_50=False, maternal_hip_fracture=False, weight=70, current_smoker=False,
            uses_arms_to_stand=False)


def fi(**kw):
    return calculate("fracture-index", {**NONE, **kw})


def test_worked_example():
    r = calculate("FRACTURE Index", age=67, fracture_after_50=True, maternal_hip_fracture=True, weight=55,
                  current_smoker=False, uses_arms_to_stand=True, total_hip_t_score=-2.3)
    assert r.value == 9 and r.outputs["hip_fracture_risk_5y"]["value"] == 8.7


@pytest.mark.parametrize("age, points", [(64, 0), (65, 1), (69.9, 1), (70, 2), (75, 3), (80, 4), (84.9, 4), (85, 5)])
def test_age_bands(age, points):
    assert fi(age=age).value == points


@pytest.mark.parametrize("weight, points", [("125 lb", 1), ("125.5 lb", 0), (56.7, 1), (56.8, 0)])
def test_weight_125_lb(weight, points):
    assert fi(weight=weight).value == points


@pytest.mark.parametrize("t, points", [(0, 0), (-1.0, 0), (-1.01, 2), (-2.0, 2), (-2.01, 3), (-2.5, 3), (-2.51, 4)])
def test_t_score_bands(t, points):
    assert fi(total_hip_t_score=t).value == points


@pytest.mark.parametrize("total_kw, total, risk", [
    (dict(age=65), 1, 0.4), (dict(age=70), 2, 0.4), (dict(age=75), 3, 0.9), (dict(age=80), 4, 0.9),
    (dict(age=85), 5, 1.9), (dict(age=85, current_smoker=True), 6, 3.9), (dict(age=85, uses_arms_to_stand=True), 7, 3.9),
    (dict(age=85, uses_arms_to_stand=True, current_smoker=True), 8, 8.7),
])
def test_hip_risk_bands_with_bmd(total_kw, total, risk):
    r = fi(total_hip_t_score=0, **total_kw)
    assert r.value == total and r.outputs["hip_fracture_risk_5y"]["value"] == risk


def test_without_bmd_no_risk_is_given():
    r = fi(age=85)
    assert r.value == 5 and r.outputs["hip_fracture_risk_5y"]["value"] is None


def test_t_score_bounds():
    with pytest.raises(CalculatorInputError, match="total_hip_t_score"):
        fi(total_hip_t_score=-25)
