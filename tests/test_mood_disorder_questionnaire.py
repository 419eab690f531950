import pytest

from medreckon import calculate
from medreckon.calculators.library.mood_disorder_questionnaire import SYMPTOMS


def mdq(n, same_period=True, problem="moderate problem"):
    return calculate("mood-disorder-questionnaire", {**{name: i < n for i, (name, _) in enumerate(SYMPTOMS)},
                                                     "same_period": same_period, "problem": problem})


def test_worked_example():
    r = calculate("Mood Disorder Questionnaire (MDQ)", {name: True for name, _ in SYMPTOMS}, same_period=True,
                  problem="serious problem")
    assert r.value == "Positive screen"


@pytest.mark.parametrize("n, result", [(6, "Negative screen"), (7, "Positive screen")])
def test_seven_symptoms(n, result):
    assert mdq(n).value == result


@pytest.mark.parametrize("problem, result", [("minor problem", "Negative screen"), ("no problem", "Negative screen"),
                                             ("moderate problem", "Positive screen"), ("serious problem", "Positive screen")])
def test_problem_severity(problem, result):
    assert mdq(13, problem=problem).value == result


def test_same_period_needed():
    assert mdq(13, same_period=False).value == "Negative screen"
