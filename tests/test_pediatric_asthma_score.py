import pytest

from medreckon import CalculatorInputError, calculate

MILD = dict(oxygen="> 95% on room air", auscultation="normal breath sounds or end-expiratory wheeze only",
            retractions="none or intercostal", dyspnea="speaks in sentences, coos and babbles")


def pas(age, rr, **kw):
    return calculate("pediatric-asthma-score", {**MILD, "age": age, "respiratory_rate": rr, **kw})


def test_worked_example():
    r = calculate("Pediatric Asthma Score (PAS)", age=3, respiratory_rate=48, oxygen="90-95% on room air",
                  auscultation="expiratory wheezing", retractions="intercostal and substernal",
                  dyspnea="speaks in partial sentences, short cry")
    assert r.value == 11 and r.outputs["severity"]["value"] == "Moderate" and r.outputs["peak_flow"]["value"] == "50-70%"


@pytest.mark.parametrize("age, rr, points", [
    (2, 34, 1), (3, 35, 2), (3, 39, 2), (3, 40, 3), (4, 30, 1), (5, 31, 2), (5, 36, 3), (6, 26, 1), (12, 27, 2),
    (12, 31, 3), (13, 23, 1), (15, 24, 2), (15, 28, 3),
])
def test_respiratory_rate_by_age(age, rr, points):
    assert pas(age, rr).value == 4 + points


@pytest.mark.parametrize("kw, total, severity", [
    ({}, 5, "Mild"), (dict(oxygen="< 90% on room air or on any oxygen"), 7, "Mild"),
    (dict(oxygen="< 90% on room air or on any oxygen", dyspnea="speaks in partial sentences, short cry"), 8, "Moderate"),
    (dict(oxygen="< 90% on room air or on any oxygen", dyspnea="speaks in single words or short phrases, grunting",
          retractions="intercostal, substernal and supraclavicular",
          auscultation="inspiratory and expiratory wheezing or diminished breath sounds"), 13, "Severe"),
])
def test_severity(kw, total, severity):
    r = pas(10, 20, **kw)
    assert r.value == total and r.outputs["severity"]["value"] == severity


def test_under_two_is_refused():
    with pytest.raises(CalculatorInputError, match="age"):
        pas("18 mo", 40)
