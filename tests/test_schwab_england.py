import pytest

from medreckon import CalculatorInputError, calculate
from medreckon.calculators.library.schwab_england import LEVELS


@pytest.mark.parametrize("level, percent", list(LEVELS.items()))
def test_levels(level, percent):
    assert calculate("schwab-england", independence=level).value == percent


def test_unknown():
    with pytest.raises(CalculatorInputError, match="independence"):
        calculate("schwab-england", independence="60%")
