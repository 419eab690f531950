import pytest

from medreckon import CalculatorInputError, calculate


def test_worked_example():
    r = calculate("Urticaria Activity Score (UAS)", wheal_count=60, large_confluent_wheals=False, pruritus="intense")
    assert r.value == 6


@pytest.mark.parametrize("count, points", [(0, 0), (1, 1), (19, 1), (20, 2), (50, 2), (51, 3)])
def test_wheal_bands(count, points):
    assert calculate("uas", wheal_count=count, large_confluent_wheals=False, pruritus="none").value == points


def test_confluent_wheals_score_3():
    assert calculate("uas", wheal_count=5, large_confluent_wheals=True, pruritus="mild").value == 4


def test_bad_pruritus():
    with pytest.raises(CalculatorInputError, match="pruritus"):
        calculate("uas", wheal_count=5, pruritus="severe")
