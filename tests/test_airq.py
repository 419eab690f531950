import pytest

from medreckon import calculate
from medreckon.calculators.library.airq import QUESTIONS


def airq(n):
    return calculate("airq", {name: i < n for i, (name, _) in enumerate(QUESTIONS)})


def test_worked_example():
    r = calculate("Asthma Impairment and Risk Questionnaire (AIRQ)", daytime_symptoms=True, night_waking=True,
                  rescue_daily=True, social_limited=True, exercise_limited=True, hard_to_control=True,
                  oral_steroids=True, emergency_visits=True)
    assert r.value == 8 and r.outputs["control"]["value"] == "Very poorly controlled"


@pytest.mark.parametrize("n, control", [(0, "Well-controlled"), (1, "Well-controlled"), (2, "Not well-controlled"),
                                        (4, "Not well-controlled"), (5, "Very poorly controlled"),
                                        (10, "Very poorly controlled")])
def test_bands(n, control):
    r = airq(n)
    assert r.value == n and r.outputs["control"]["value"] == control
