import pytest

from medreckon import CalculatorInputError, calculate, from_medcalc_bench

# age 30 (0), afebrile, no findings: total 0
BASE = dict(age=30, temperature=37.0)


def centor(**kw):
    return calculate("centor", {**BASE, **kw})


@pytest.mark.parametrize("age, points", [(3, 1), (14, 1), (14.9, 1), (15, 0), (44, 0), (44.9, 0), (45, -1), (80, -1)])
def test_age_band_limits(age, points):
    assert centor(age=age).value == points


def test_under_three_scores_no_age_point_and_warns():
    r = centor(age="14 months")  # 1.17 years
    assert r.value == 0
    assert any(w.field == "age" and "under 3" in w.message for w in r.warnings)
    assert centor(age=2.9).value == 0


@pytest.mark.parametrize("temperature, points", [(38.0, 0), (38.1, 1), ("100.4 degF", 0), ("100.5 degF", 1)])
def test_temperature_above_38(temperature, points):
    # 100.4 °F = (100.4 - 32) × 5/9 = 38.0 °C exactly: not > 38; 100.5 °F = 38.06 °C
    assert centor(temperature=temperature).value == points


@pytest.mark.parametrize(
    "finding", ["cough_absent", "tender_swollen_anterior_cervical_nodes", "tonsillar_exudate_or_swelling"]
)
def test_each_finding_adds_one(finding):
    assert centor(**{finding: True}).value == 1
    assert centor(**{finding: False}).value == 0


def test_range_and_interpretation_bands():
    top = centor(age=10, temperature=39, cough_absent=True, tender_swollen_anterior_cervical_nodes=True,
                 tonsillar_exudate_or_swelling=True)
    assert top.value == 1 + 1 + 1 + 1 + 1 and "51-53%" in top.interpretation
    bottom = centor(age=60)
    assert bottom.value == -1 and "1-2.5%" in bottom.interpretation
    assert "5-10%" in centor(cough_absent=True).interpretation
    assert "11-17%" in centor(cough_absent=True, temperature=38.5).interpretation
    assert "28-35%" in centor(age=8, cough_absent=True, temperature=38.5).interpretation


def test_missing_findings_are_absent_with_warnings():
    r = centor()
    assert {w.field for w in r.warnings if w.code == "assumed_default"} == {
        "cough_absent", "tender_swollen_anterior_cervical_nodes", "tonsillar_exudate_or_swelling"}


def test_steps():
    r = centor(age=50, temperature=38.5, cough_absent=True)
    assert [s.value for s in r.steps] == [-1, 0, 0, 1, 1, 1]
    assert r.steps[0].expression == "age 50 ≥ 45"


def test_errors():
    with pytest.raises(CalculatorInputError, match="temperature"):
        calculate("centor", age=30)
    with pytest.raises(CalculatorInputError, match="age"):
        centor(age=-1)
    with pytest.raises(CalculatorInputError, match="cough_absent"):
        centor(cough_absent="maybe")


def test_medcalc_bench_row():
    # row 304: age 14 (+1), 101.6 °F = 38.67 °C (+1), cough absent (+1)
    r = from_medcalc_bench(20, "{'age': [14.0, 'years'], 'Cough Absent': True, 'Temperature': [101.6, "
                               "'degrees fahreinheit'], 'Tender/swollen anterior cervical lymph nodes': False, "
                               "'Exudate or swelling on tonsils': False}")
    assert r.value == 3
