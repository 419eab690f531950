import pytest

from medreckon import CalculatorInputError, calculate


@pytest.mark.parametrize("facts, choice", [
    ({"age": 65}, "OAC"), ({"age": 64}, "No antithrombotic"), ({"age": 50, "hypertension": True}, "OAC"),
    ({"age": 50, "stroke_or_tia": True}, "OAC"), ({"age": 50, "coronary_or_arterial_disease": True}, "Antiplatelet"),
])
def test_algorithm(facts, choice):
    assert calculate("CHADS-65 (Canadian Society of Cardiology Guideline)", **facts).value == choice


def test_age_required():
    with pytest.raises(CalculatorInputError, match="age"):
        calculate("chads-65", hypertension=True)
