import pytest

from medreckon import CalculatorInputError, calculate


def test_worked_example():
    assert calculate("Edmonton Obesity Staging System (EOSS)", medical=2, mental=1, functional=1).value == "Stage 2"


@pytest.mark.parametrize("grades, stage", [((0, 0, 0), "Stage 0"), ((0, 1, 0), "Stage 1"), ((1, 1, 3), "Stage 3"),
                                           ((4, 0, 0), "Stage 4")])
def test_highest_domain(grades, stage):
    assert calculate("eoss", dict(zip(("medical", "mental", "functional"), grades, strict=True))).value == stage


def test_range():
    with pytest.raises(CalculatorInputError, match="mental"):
        calculate("eoss", medical=0, mental=5, functional=0)
