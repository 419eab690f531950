import pytest

from medreckon import CalculatorInputError, calculate

TASKS = ("dressing_upper_body", "washing_hair", "turning_key", "knife_and_fork", "buttons_zips")


def onls(**kw):
    return calculate("onls", kw)


def arms(level, n=5, **kw):
    return onls(arm_symptoms=True, **{t: level for t in TASKS[:n]}, **kw).outputs["arm_grade"]["value"]


def test_normal_is_zero():
    r = onls()
    assert r.value == 0 and r.outputs["arm_grade"]["value"] == 0 and r.outputs["leg_grade"]["value"] == 0


def test_arm_grades():
    assert onls(arm_symptoms=True).outputs["arm_grade"]["value"] == 1
    assert arms("affected but not prevented", 1) == 2
    assert arms("prevented", 1) == 3
    assert arms("prevented", 4) == 3
    assert arms("prevented") == 4
    assert arms("prevented", arm_purposeful_movements=False) == 5


@pytest.mark.parametrize("kw, grade", [
    (dict(difficulty_running_or_stairs=True), 1),  # Graham & Hughes 2006: running or stairs alone scores 1
    (dict(difficulty_walking=True), 1),
    (dict(difficulty_walking=True, abnormal_gait=True), 2),
    (dict(mobility_10m="unilateral support"), 3),
    (dict(mobility_10m="bilateral support"), 4),
    (dict(mobility_10m="wheelchair", stands_and_walks_1m_with_help=True), 5),
    (dict(mobility_10m="wheelchair"), 6),
    (dict(mobility_10m="wheelchair", leg_purposeful_movements=False), 7),
])
def test_leg_grades(kw, grade):
    assert onls(**kw).outputs["leg_grade"]["value"] == grade


def test_total_is_the_sum():
    r = onls(arm_symptoms=True, washing_hair="affected but not prevented", difficulty_walking=True, abnormal_gait=True)
    assert r.value == 4


def test_unknown_task_level():
    with pytest.raises(CalculatorInputError, match="turning_key"):
        onls(turning_key="difficult")
