import pytest

from medreckon import CalculatorInputError, calculate

NAMES = ("cheerful", "calm", "active", "rested", "interested")


def test_worked_example_percentage():
    r = calculate("Who Five Well Being Index (WHO-5)", cheerful=0, calm=1, active=1, rested=0, interested=1)
    assert r.value == 12 and r.outputs["raw_score"]["value"] == 3


@pytest.mark.parametrize("items, words", [((2, 1, 1, 1, 2), "≤ 28"), ((2, 2, 1, 1, 2), "≤ 50"), ((3, 3, 2, 2, 2), "≤ 50"),
                                          ((3, 3, 3, 2, 2), "> 50")])
def test_cut_offs(items, words):
    assert calculate("who5", dict(zip(NAMES, items, strict=True))).interpretation.startswith(words)


def test_item_range():
    with pytest.raises(CalculatorInputError, match="calm"):
        calculate("who5", cheerful=0, calm=6, active=0, rested=0, interested=0)
