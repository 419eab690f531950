import pytest

from medreckon import CalculatorInputError, calculate

BASE = {"age_category": "2-3 years", "respiratory_rate": 30, "retractions": 0, "dyspnea": 0, "auscultation": 0}


def test_worked_example():
    # RR 48 at 2-3 y (≥ 40) 3, retractions 2, dyspnoea 1, wheeze 3: 9, severe
    r = calculate("Respiratory Score for Asthma", {"age_category": "2-3 years", "respiratory_rate": 48,
                                                    "retractions": 2, "dyspnea": 1, "auscultation": 3})
    assert r.value == 9 and r.outputs["severity"]["value"] == "Severe"


@pytest.mark.parametrize(("age", "rates"), [
    ("< 2 months", (60, 61, 69, 70)), ("2-12 months", (50, 51, 59, 60)), ("1-2 years", (40, 41, 44, 45)),
    ("2-3 years", (34, 35, 39, 40)), ("4-5 years", (30, 31, 35, 36)), ("6-12 years", (26, 27, 30, 31)),
    ("> 12 years", (23, 24, 27, 28)),
])
def test_respiratory_rate_bands_on_both_sides(age, rates):
    points = [calculate("respiratory-score-asthma", {**BASE, "age_category": age, "respiratory_rate": rr}).value
              for rr in rates]
    assert points == [1, 2, 2, 3]


@pytest.mark.parametrize(("levels", "total", "severity"), [
    ((0, 0, 0), 1, "Mild"), ((1, 1, 1), 4, "Mild"), ((2, 1, 1), 5, "Moderate"), ((3, 2, 2), 8, "Moderate"),
    ((3, 3, 2), 9, "Severe"), ((3, 3, 3), 10, "Severe"),
])
def test_severity_bands_on_both_sides(levels, total, severity):
    items = dict(zip(("retractions", "dyspnea", "auscultation"), levels, strict=True))
    r = calculate("respiratory-score-asthma", {**BASE, **items})
    assert r.value == total and r.outputs["severity"]["value"] == severity


def test_maximum_is_12():
    r = calculate("respiratory-score-asthma", {**BASE, "respiratory_rate": 60, "retractions": 3, "dyspnea": 3,
                                               "auscultation": 3})
    assert r.value == 12


@pytest.mark.parametrize(("field", "bad"), [("retractions", 4), ("dyspnea", -1), ("respiratory_rate", -5)])
def test_bounds(field, bad):
    with pytest.raises(CalculatorInputError, match=field):
        calculate("respiratory-score-asthma", {**BASE, field: bad})
