import pytest

from medreckon import CalculatorInputError, calculate


@pytest.mark.parametrize("level, words", [(1, "sedated"), (4, "normal"), (6, "agitated"), (7, "agitated")])
def test_levels(level, words):
    r = calculate("Behavioral Activity Rating Scale (BARS)", level=level)
    assert r.value == level and (words in r.interpretation or words in r.outputs["description"]["value"].lower())


def test_range():
    with pytest.raises(CalculatorInputError, match="level"):
        calculate("behavioral-activity-rating-scale", level=8)
