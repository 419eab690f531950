import pytest

from medreckon import CalculatorInputError, calculate
from medreckon.calculators.library.neuropathic_pain_scale import NPS_ITEMS

NAMES = [n for n, _ in NPS_ITEMS]


def test_sum_of_ten_items():
    ratings = (7, 6, 7, 3, 2, 8, 1, 8, 5, 7)
    assert calculate("neuropathic-pain-scale", dict(zip(NAMES, ratings, strict=True))).value == 54


def test_range():
    assert calculate("neuropathic-pain-scale", {n: 0 for n in NAMES}).value == 0
    assert calculate("neuropathic-pain-scale", {n: 10 for n in NAMES}).value == 100


def test_rating_above_10():
    with pytest.raises(CalculatorInputError, match="itchy"):
        calculate("neuropathic-pain-scale", {**{n: 0 for n in NAMES}, "itchy": 11})
