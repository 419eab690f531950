import pytest

from medreckon import CalculatorInputError, calculate

BIRTH = dict(gestational_age_at_birth="31 weeks 1 day", date_of_birth="2025-09-20", current_date="2025-12-15")


def test_worked_example():
    assert calculate("Postmenstrual Age Calculator", BIRTH).value == (43, 3)  # 31w1d + 86 d (12w2d)


def test_day_of_birth():
    assert calculate("pma", {**BIRTH, "current_date": "2025-09-20"}).value == (31, 1)


def test_dates_swapped():
    with pytest.raises(CalculatorInputError, match="current_date"):
        calculate("pma", {**BIRTH, "current_date": "2025-09-01"})
