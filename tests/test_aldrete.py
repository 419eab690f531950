import pytest

from medreckon import CalculatorInputError, calculate

ITEMS = ("activity", "respiration", "circulation", "consciousness", "oxygenation")


@pytest.mark.parametrize("points, ready", [((2, 2, 2, 2, 1), True), ((2, 2, 2, 1, 1), False), ((2, 2, 2, 2, 2), True),
                                           ((2, 1, 2, 1, 1), False)])
def test_ready_from_9(points, ready):
    r = calculate("aldrete", dict(zip(ITEMS, points, strict=True)))
    assert r.value == sum(points) and r.interpretation.startswith("≥ 9") is ready


def test_item_above_2():
    with pytest.raises(CalculatorInputError, match="activity"):
        calculate("aldrete", dict(zip(ITEMS, (3, 2, 2, 2, 2), strict=True)))
