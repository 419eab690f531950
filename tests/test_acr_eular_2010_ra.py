import pytest

from medreckon import CalculatorInputError, calculate

BASE = dict(large_joints=0, small_joints=0, serology="negative", abnormal_acute_phase=False, symptom_weeks=1)


def ra(**kw):
    return calculate("acr-eular-2010-ra", {**BASE, **kw})


def test_worked_example():
    r = calculate("ACR/EULAR 2010 Rheumatoid Arthritis Classification Criteria", large_joints=4, small_joints=8,
                  serology="high-positive", abnormal_acute_phase=True, symptom_weeks=10)
    assert r.value == 10 and r.outputs["classification"]["value"] == "Definite RA"


@pytest.mark.parametrize("large, small, points", [(1, 0, 0), (2, 0, 1), (10, 0, 1), (0, 1, 2), (5, 3, 2), (0, 4, 3),
                                                  (0, 10, 3), (1, 10, 5), (0, 11, 5), (11 - 1, 0, 1)])
def test_joint_groups(large, small, points):
    assert ra(large_joints=large, small_joints=small).value == points


@pytest.mark.parametrize("serology, points", [("negative", 0), ("low-positive", 2), ("high-positive", 3)])
def test_serology(serology, points):
    assert ra(serology=serology).value == points


@pytest.mark.parametrize("weeks, points", [(5.9, 0), (6, 1)])
def test_six_weeks(weeks, points):
    assert ra(symptom_weeks=weeks).value == points


@pytest.mark.parametrize("kw, total, label", [
    (dict(small_joints=4, serology="low-positive"), 5, "Not classified as RA"),
    (dict(small_joints=4, serology="low-positive", symptom_weeks=6), 6, "Definite RA"),
])
def test_cut_off_6(kw, total, label):
    r = ra(**kw)
    assert r.value == total and r.outputs["classification"]["value"] == label


def test_unknown_serology():
    with pytest.raises(CalculatorInputError, match="serology"):
        ra(serology="positive")
