import pytest

from medreckon import CalculatorInputError, calculate


@pytest.mark.parametrize("rope, high_risk, label", [(6, False, "Unlikely"), (7, False, "Possible"),
                                                    (6, True, "Possible"), (7, True, "Probable"), (10, True, "Probable")])
def test_classes(rope, high_risk, label):
    assert calculate("pascal", rope_score=rope, high_risk_pfo=high_risk).value == label


def test_rope_above_10():
    with pytest.raises(CalculatorInputError, match="rope_score"):
        calculate("pascal", rope_score=11, high_risk_pfo=False)
