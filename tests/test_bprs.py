import pytest

from medreckon import CalculatorInputError, calculate
from medreckon.calculators.library.bprs import NAMES


def test_worked_example():
    values = (2, 3, 2, 5, 1, 6, 2, 6, 1, 4, 5, 5, 1, 4, 5, 2, 6, 1)
    assert calculate("Brief Psychiatric Rating Scale (BPRS)", dict(zip(NAMES, values, strict=True))).value == 61


def test_range_18_to_126():
    assert calculate("bprs", dict.fromkeys(NAMES, 1)).value == 18
    assert calculate("bprs", dict.fromkeys(NAMES, 7)).value == 126
    with pytest.raises(CalculatorInputError, match="anxiety"):
        calculate("bprs", {**dict.fromkeys(NAMES, 1), "anxiety": 8})
