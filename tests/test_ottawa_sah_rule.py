import pytest

from medreckon import calculate


@pytest.mark.parametrize("kw, label", [
    (dict(age=39), "SAH ruled out"), (dict(age=40), "Cannot rule out SAH"),
    (dict(age=30, neck_pain_or_stiffness=True), "Cannot rule out SAH"),
    (dict(age=30, witnessed_loc=True), "Cannot rule out SAH"),
    (dict(age=30, onset_during_exertion=True), "Cannot rule out SAH"),
    (dict(age=30, thunderclap=True), "Cannot rule out SAH"),
    (dict(age=30, limited_neck_flexion=True), "Cannot rule out SAH"),
])
def test_any_criterion(kw, label):
    assert calculate("ottawa-sah-rule", kw).value == label
