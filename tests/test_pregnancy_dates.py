import datetime as dt

import pytest

from medreckon import CalculatorInputError, calculate, from_medcalc_bench


def test_due_date_28_day_cycle():
    # 2024-01-01 is day 1 of a leap year; + 280 days = day 281 = 2024-10-07 (Sep 30 is day 274)
    r = calculate("edd", last_menstrual_period="2024-01-01", cycle_length=28)
    assert r.value == dt.date(2024, 10, 7)


def test_due_date_longer_cycle_is_later_shorter_earlier():
    assert calculate("edd", last_menstrual_period="2024-01-01", cycle_length=32).value == dt.date(2024, 10, 11)
    assert calculate("edd", last_menstrual_period="2024-01-01", cycle_length=24).value == dt.date(2024, 10, 3)


def test_due_date_us_format_and_default_cycle_warns():
    r = calculate("edd", last_menstrual_period="01/01/2024")
    assert r.value == dt.date(2024, 10, 7)
    assert any(w.field == "cycle_length" and w.code == "assumed_default" for w in r.warnings)


def test_cycle_in_weeks():
    assert calculate("edd", last_menstrual_period="2024-01-01", cycle_length="5 wk").value == dt.date(2024, 10, 14)


def test_conception_date():
    # 28-day cycle: LMP + 14; 35-day cycle: LMP + 21; 21-day cycle: LMP + 7
    assert calculate("conception-date", last_menstrual_period="2024-01-01", cycle_length=28).value == dt.date(2024, 1, 15)
    assert calculate("conception-date", last_menstrual_period="2024-01-01", cycle_length=35).value == dt.date(2024, 1, 22)
    assert calculate("conception-date", last_menstrual_period="2024-01-01", cycle_length=21).value == dt.date(2024, 1, 8)


def test_conception_plus_266_days_is_the_due_date():
    for cycle in (21, 26, 28, 33):
        c = calculate("conception-date", last_menstrual_period="2023-05-17", cycle_length=cycle).value
        d = calculate("edd", last_menstrual_period="2023-05-17", cycle_length=cycle).value
        assert d - c == dt.timedelta(days=266)


def test_conception_needs_cycle_longer_than_luteal_phase():
    with pytest.raises(CalculatorInputError, match="cycle_length"):
        calculate("conception-date", last_menstrual_period="2024-01-01", cycle_length=14)
    # 15 days: ovulation on cycle day 1
    assert calculate("conception-date", last_menstrual_period="2024-01-01", cycle_length=15).value == dt.date(2024, 1, 2)


def test_gestational_age():
    # 2024-01-01 to 2024-03-01: 31 + 29 = 60 days = 8 weeks 4 days
    r = calculate("gestational-age", last_menstrual_period="2024-01-01", current_date="2024-03-01")
    assert r.value == (8, 4)
    assert r.rounded == (8, 4)


def test_trimester_boundaries():
    def ga(days):
        lmp = dt.date(2024, 1, 1)
        return calculate("gestational-age", last_menstrual_period=lmp, current_date=lmp + dt.timedelta(days=days))

    assert ga(13 * 7 + 6).interpretation.startswith("first")
    assert ga(14 * 7).interpretation.startswith("second")
    assert ga(27 * 7 + 6).interpretation.startswith("second")
    assert ga(28 * 7).interpretation.startswith("third")
    assert ga(0).value == (0, 0)


def test_current_date_before_lmp_is_an_error():
    with pytest.raises(CalculatorInputError, match="swapped"):
        calculate("gestational-age", last_menstrual_period="2024-03-01", current_date="2024-01-01")


def test_unreadable_date():
    with pytest.raises(CalculatorInputError, match="last_menstrual_period"):
        calculate("edd", last_menstrual_period="next tuesday")


def test_medcalc_bench_rows():
    r = from_medcalc_bench(13, "{'cycle length': 30, 'Last menstrual date': '06/12/2005'}")
    assert r.value == dt.date(2005, 6, 12) + dt.timedelta(days=282)
    r = from_medcalc_bench(68, "{'cycle length': 28, 'Last menstrual date': '11/20/2020'}")
    assert r.value == dt.date(2020, 12, 4)
    r = from_medcalc_bench(69, "{'Current Date': '05/23/2024', 'Last menstrual date': '02/14/2024'}")
    assert r.value == (14, 1)
