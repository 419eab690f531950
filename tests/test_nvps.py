import pytest

from medreckon import CalculatorInputError, calculate

ITEMS = ("face", "activity", "guarding", "physiology_vital_signs", "respiratory")


def nvps(points):
    return calculate("nvps", dict(zip(ITEMS, points, strict=True)))


@pytest.mark.parametrize("points, words", [
    ((1, 1, 0, 0, 0), "no pain"), ((1, 1, 1, 0, 0), "moderate"), ((2, 2, 2, 0, 0), "moderate"),
    ((2, 2, 2, 1, 0), "severe"), ((2, 2, 2, 2, 2), "severe"),
])
def test_bands(points, words):
    r = nvps(points)
    assert r.value == sum(points) and words in r.interpretation


def test_item_above_two_is_refused():
    with pytest.raises(CalculatorInputError, match="face"):
        nvps((3, 0, 0, 0, 0))
