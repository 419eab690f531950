import pytest

from medreckon import calculate

BASE = dict(sex="female", age=30)


def sad(**kw):
    return calculate("modified-sad-persons", {**BASE, **kw})


def test_worked_example():
    r = calculate("Modified SAD PERSONS Scale", sex="female", age=35, depression_or_hopelessness=True)
    assert r.value == 2 and r.outputs["admission_probability"]["value"] == "Low"


@pytest.mark.parametrize("age, points", [(18.9, 1), (19, 0), (45, 0), (45.1, 1)])
def test_age(age, points):
    assert sad(age=age).value == points


def test_male():
    assert sad(sex="male").value == 1


@pytest.mark.parametrize("kw, total, level", [
    (dict(depression_or_hopelessness=True, rational_thinking_loss=True, no_social_support=True), 5, "Low"),
    (dict(depression_or_hopelessness=True, rational_thinking_loss=True, organized_plan=True), 6, "Moderate"),
    (dict(depression_or_hopelessness=True, rational_thinking_loss=True, organized_plan=True, stated_future_intent=True),
     8, "Moderate"),
    (dict(depression_or_hopelessness=True, rational_thinking_loss=True, organized_plan=True, stated_future_intent=True,
          previous_attempts=True), 9, "High"),
])
def test_levels(kw, total, level):
    r = sad(**kw)
    assert r.value == total and r.outputs["admission_probability"]["value"] == level


def test_maximum_14():
    r = sad(sex="male", age=60, depression_or_hopelessness=True, previous_attempts=True, excessive_alcohol_or_drugs=True,
            rational_thinking_loss=True, separated_divorced_widowed=True, organized_plan=True, no_social_support=True,
            stated_future_intent=True)
    assert r.value == 14
