import pytest

from medreckon import CalculatorInputError, calculate
from medreckon.calculators.library.tici import GRADES


@pytest.mark.parametrize("perfusion, grade", list(GRADES.items()))
def test_grades(perfusion, grade):
    r = calculate("tici", perfusion=perfusion)
    assert r.value == grade and ("successful" in r.interpretation and "not" not in r.interpretation) is (
        grade in ("2b", "3"))


def test_unknown_description():
    with pytest.raises(CalculatorInputError, match="perfusion"):
        calculate("tici", perfusion="2c")
