import pytest

from medreckon import CalculatorInputError, calculate
from medreckon.calculators.library.ecog_performance_status import GRADES


@pytest.mark.parametrize(("performance", "grade"), list(GRADES.items()))
def test_each_description_has_its_grade(performance, grade):
    r = calculate("ecog-performance-status", performance=performance)
    assert r.value == grade and r.interpretation.startswith(f"ECOG {grade}:")


def test_unknown_description_is_refused():
    with pytest.raises(CalculatorInputError, match="performance"):
        calculate("ecog-performance-status", performance="mostly fine")
