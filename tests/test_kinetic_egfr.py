import pytest

from medreckon import CalculatorInputError, calculate

BASE = dict(sex="male", age=62, baseline_creatinine=0.9, creatinine_1=1.6, creatinine_2=2.3, hours=12)


def kegfr(**kw):
    return calculate("kinetic-egfr", {**BASE, **kw})


def mdrd(cr, age, female=False, black=False):
    return 175 * cr**-1.154 * age**-0.203 * (0.742 if female else 1) * (1.212 if black else 1)


def test_worked_example_rising_creatinine():
    # 0.9 × MDRD(0.9) / 1.95 × (1 − 24 × 0.7 / (12 × 1.5)) = 2.6 mL/min
    r = kegfr()
    assert r.value == pytest.approx(0.9 * mdrd(0.9, 62) / 1.95 * (1 - 24 * 0.7 / 18))
    assert r.rounded == 2.6 and "< 30" in r.interpretation


def test_falling_creatinine_gives_a_higher_gfr_than_the_mean_suggests():
    r = kegfr(baseline_creatinine=2.0, creatinine_1=3.1, creatinine_2=2.7, hours=24)
    steady = 2.0 * mdrd(2.0, 62) / 2.9
    assert r.value == pytest.approx(steady * (1 + 24 * 0.4 / (24 * 1.5)))


def test_a_rise_faster_than_the_maximum_is_no_filtration():
    r = kegfr(baseline_creatinine=1.0, creatinine_1=2.6, creatinine_2=4.2)
    assert r.value == 0 and any(w.field == "creatinine_2" for w in r.warnings)


@pytest.mark.parametrize(("hours", "below_30"), [(13.1, False), (12.9, True)])  # 30.2 | 29.8 mL/min
def test_30_ml_min_interpretation_both_sides(hours, below_30):
    r = kegfr(baseline_creatinine=1.0, creatinine_1=1.2, creatinine_2=1.6, hours=hours, age=40)
    assert ("< 30" in r.interpretation) is below_30, r.value


def test_race_sex_max_rise_and_units():
    base = kegfr(creatinine_2=1.6).value  # no change: the GFR at the mean creatinine
    assert base == pytest.approx(0.9 * mdrd(0.9, 62) / 1.6)
    assert kegfr(creatinine_2=1.6, race="black", sex="female").value == pytest.approx(base * 1.212 * 0.742)
    assert kegfr(max_rise_per_day=2.0).value == pytest.approx(0.9 * mdrd(0.9, 62) / 1.95 * (1 - 24 * 0.7 / 24))
    assert kegfr(hours="0.5 d").value == pytest.approx(kegfr().value)
    assert kegfr(baseline_creatinine="79.56 umol/L").value == pytest.approx(kegfr().value, rel=1e-4)


def test_errors():
    with pytest.raises(CalculatorInputError, match="hours"):
        kegfr(hours=0)
