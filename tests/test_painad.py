import pytest

from medreckon import CalculatorInputError, calculate

ITEMS = ("breathing", "negative_vocalization", "facial_expression", "body_language", "consolability")


def painad(points):
    return calculate("painad", dict(zip(ITEMS, points, strict=True)))


@pytest.mark.parametrize("points, words", [
    ((0, 0, 0, 0, 0), "no pain"), ((1, 0, 0, 0, 0), "mild"), ((1, 1, 1, 0, 0), "mild"), ((1, 1, 1, 1, 0), "moderate"),
    ((2, 2, 2, 0, 0), "moderate"), ((2, 2, 2, 1, 0), "severe"),
])
def test_bands(points, words):
    r = painad(points)
    assert r.value == sum(points) and words in r.interpretation


def test_item_above_two_is_refused():
    with pytest.raises(CalculatorInputError, match="breathing"):
        painad((3, 0, 0, 0, 0))
