import pytest

from medreckon import CalculatorInputError, calculate


@pytest.mark.parametrize("items, total, unacceptable", [((1, 1, 1), 3, False), ((2, 2, 1), 5, False),
                                                        ((2, 2, 2), 6, True), ((4, 3, 3), 10, True)])
def test_total_and_threshold(items, total, unacceptable):
    r = calculate("behavioral-pain-scale", dict(zip(("facial_expression", "upper_limbs", "ventilator_compliance"),
                                                    items, strict=True)))
    assert r.value == total and ("unacceptable" in r.interpretation) is unacceptable


def test_zero_is_not_a_level():
    with pytest.raises(CalculatorInputError, match="facial_expression"):
        calculate("behavioral-pain-scale", facial_expression=0, upper_limbs=1, ventilator_compliance=1)
