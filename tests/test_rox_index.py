import pytest

from medreckon import CalculatorInputError, calculate


def rox(spo2, fio2, rr, **kw):
    return calculate("rox-index", spo2=spo2, fio2=fio2, respiratory_rate=rr, **kw)


def test_worked_example():
    r = rox(90, 70, 34)  # (90 / 0.70) / 34 = 3.78
    assert r.value == pytest.approx(90 / 0.7 / 34) and r.rounded == 3.78
    assert "high" in r.interpretation


@pytest.mark.parametrize(("rr", "words"), [(20, "low risk"), (20.1, "indeterminate")])
def test_low_risk_from_488(rr, words):
    # SpO2 97.6 / FiO2 1.0 = 97.6; 97.6 / 20 = 4.88 exactly
    assert words in rox(97.6, 100, rr).interpretation


@pytest.mark.parametrize(("hours", "rr", "words"), [
    (None, 25, "indeterminate"), (None, 25.5, "high"),  # 96.25 / 25 = 3.85 | 3.77 (12-h cut-off 3.85)
    ("6", 27.7, "indeterminate"), ("6", 27.8, "high"),  # 96.25 / 27.7 = 3.475 ≥ 3.47 | 3.46
    ("2", 33.7, "indeterminate"), ("2", 33.8, "high"),  # 2.856 ≥ 2.85 | 2.848
])
def test_high_risk_cut_off_by_hours_on_hfnc(hours, rr, words):
    kw = {} if hours is None else {"hours_on_hfnc": hours}
    assert words in rox(96.25, 100, rr, **kw).interpretation


def test_fio2_as_fraction_and_errors():
    assert rox(90, "0.7 fraction", 34).value == pytest.approx(90 / 0.7 / 34)
    with pytest.raises(CalculatorInputError, match="respiratory_rate"):
        rox(90, 70, 0)
    with pytest.raises(CalculatorInputError, match="hours_on_hfnc"):
        rox(90, 70, 30, hours_on_hfnc="4")
