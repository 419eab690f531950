import pytest

from medreckon import CalculatorInputError, calculate


@pytest.mark.parametrize("sah, ivh, grade", [
    ("none", False, "Grade 0"), ("thin", False, "Grade I"), ("thin", True, "Grade II"),
    ("thick", False, "Grade III"), ("thick", True, "Grade IV"),
])
def test_grades(sah, ivh, grade):
    r = calculate("modified-fisher", sah=sah, ivh=ivh)
    assert r.value == r.rounded == grade


def test_isolated_ivh_is_not_graded():
    with pytest.raises(CalculatorInputError, match="ivh"):
        calculate("modified-fisher", sah="none", ivh=True)


def test_unknown_thickness():
    with pytest.raises(CalculatorInputError, match="sah"):
        calculate("modified-fisher", sah="moderate", ivh=False)
