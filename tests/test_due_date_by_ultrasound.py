import datetime as dt

import pytest

from medreckon import CalculatorInputError, calculate

SCAN = {"ultrasound_date": "2025-08-25", "gestational_age_at_ultrasound": "23 weeks 1 day",
        "current_date": "2025-12-15"}


def test_worked_example():
    # 2025-08-25 − 162 d = 2025-03-16; + 280 d = 2025-12-21; today 162 + 112 = 274 d = 39w1d (MDCalc's numbers)
    r = calculate("Due Date by Ultrasound", SCAN)
    assert r.value == dt.date(2025, 12, 21)
    assert r.outputs["current_gestational_age"]["value"] == "39 weeks 1 days"
    assert r.outputs["current_gestational_age_days"]["value"] == 274
    assert r.outputs["end_of_first_trimester"]["value"] == "2025-06-21"  # 13w6d (ACOG); MDCalc shows 12w0d, June 8


@pytest.mark.parametrize("ga", ["23w1d", "162 d", 162 / 7])
def test_gestational_age_units(ga):
    assert calculate("due-date-by-ultrasound", {**SCAN, "gestational_age_at_ultrasound": ga}).value == \
        dt.date(2025, 12, 21)


def test_without_current_date():
    r = calculate("due-date-by-ultrasound", {k: v for k, v in SCAN.items() if k != "current_date"})
    assert r.value == dt.date(2025, 12, 21) and r.outputs["current_gestational_age"]["value"] is None


def test_current_date_on_both_sides_of_the_scan():
    same = calculate("due-date-by-ultrasound", {**SCAN, "current_date": "2025-08-25"})
    assert same.outputs["current_gestational_age_days"]["value"] == 162
    with pytest.raises(CalculatorInputError, match="current_date"):
        calculate("due-date-by-ultrasound", {**SCAN, "current_date": "2025-08-24"})


@pytest.mark.parametrize("ga", [0, "45 wk"])
def test_gestational_age_bounds(ga):
    with pytest.raises(CalculatorInputError, match="gestational_age_at_ultrasound"):
        calculate("due-date-by-ultrasound", {**SCAN, "gestational_age_at_ultrasound": ga})
