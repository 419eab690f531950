import pytest

from medreckon import CalculatorInputError, calculate

ALL_3 = {f"item_{i}": 3 for i in range(1, 17)}


def test_worked_example_is_the_mean():
    ratings = (3, 4, 4, 3, 4, 3, 4, 3, 4, 4, 4, 4, 3, 4, 3, 3)
    r = calculate("Informant Questionnaire on Cognitive Decline in the Elderly (IQCODE)",
                  {f"item_{i}": v for i, v in enumerate(ratings, 1)})
    assert r.value == pytest.approx(57 / 16)
    assert r.rounded == 3.56


def test_no_change_is_3_and_extremes():
    assert calculate("iqcode", ALL_3).value == 3
    assert calculate("iqcode", {k: 1 for k in ALL_3}).value == 1
    assert calculate("iqcode", {k: 5 for k in ALL_3}).value == 5


def test_cut_offs_both_sides():
    # 3.3125 (53/16) is inside the 3.3-3.6 band; 3.25 below; 3.625 above
    def mean_of(total_over_48):
        items = dict(ALL_3)
        for i in range(1, total_over_48 + 1):
            items[f"item_{i}"] = 4
        return calculate("iqcode", items)
    assert "unlikely" in mean_of(4).interpretation
    assert "possible" in mean_of(5).interpretation
    assert "likely" in mean_of(10).interpretation and "possible" not in mean_of(10).interpretation
    assert "possible" in mean_of(9).interpretation


@pytest.mark.parametrize("bad", [0, 6])
def test_rating_bounds(bad):
    with pytest.raises(CalculatorInputError, match="item_1"):
        calculate("iqcode", {**ALL_3, "item_1": bad})
