import pytest

from medreckon import CalculatorInputError, calculate


def test_formula():
    # Rangaraju 2015: age + 2 × NIHSS − 10 × ASPECTS
    assert calculate("pre-score", age=68, nihss=19, aspects=8).value == 26


@pytest.mark.parametrize("age, nihss, aspects, words", [
    (50, 0, 10, "≤ −25"),  # -50
    (55, 0, 8, "≤ −25"),  # -25
    (56, 0, 8, "−24 to +49"),  # -24
    (69, 20, 6, "−24 to +49"),  # 49
    (70, 20, 6, "≥ 50"),  # 50
])
def test_bands(age, nihss, aspects, words):
    assert calculate("pre-score", age=age, nihss=nihss, aspects=aspects).interpretation.startswith(words)


def test_aspects_above_10():
    with pytest.raises(CalculatorInputError, match="aspects"):
        calculate("pre-score", age=60, nihss=10, aspects=11)


def test_the_declared_range_holds_every_age_the_input_takes():
    # found by the 1M-call fuzz: a child's age gave a score below the adult-only bound of -82
    from medreckon import get_calculator

    low, high = get_calculator("pre-score").output.range
    assert calculate("pre-score", age=0, nihss=0, aspects=10).value == low == -100
    assert calculate("pre-score", age=130, nihss=42, aspects=0).value == high == 214
