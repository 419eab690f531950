import pytest

from medreckon import CalculatorInputError, calculate

BIRTH = dict(gestational_age_at_birth="31 weeks 1 day", date_of_birth="2025-09-20", current_date="2025-12-15")


def test_worked_example():
    assert calculate("Corrected Age (Prematurity)", BIRTH).value == (3, 3)  # 12w2d − (40w − 31w1d = 8w6d)


def test_term_birth_is_not_corrected():
    term = {**BIRTH, "gestational_age_at_birth": 41}
    assert calculate("corrected-age", term).value == (12, 2)


def test_term_equivalent_date_on_both_sides():
    # born at 31w1d (218 days) on 2025-09-20: 62 days short of 40w0d, so 2025-11-21 is corrected age 0
    with pytest.raises(CalculatorInputError, match="current_date"):
        calculate("corrected-age", {**BIRTH, "current_date": "2025-11-20"})
    assert calculate("corrected-age", {**BIRTH, "current_date": "2025-11-21"}).value == (0, 0)
    assert calculate("corrected-age", {**BIRTH, "current_date": "2025-11-22"}).value == (0, 1)
