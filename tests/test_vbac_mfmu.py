import math

import pytest

from medreckon import CalculatorInputError, calculate

BASE = {"age": 30, "pre_pregnancy_weight": 71, "height": 156, "arrest_disorder": False,
        "obstetric_history": "no previous vaginal birth", "treated_chronic_hypertension": False}


def chance(w):
    return 100 * math.exp(w) / (1 + math.exp(w))


def test_worked_example_in_pounds_and_inches():
    # 165 lb = 74.84 kg, 64 in = 162.56 cm: w = −5.952 − 0.713 − 1.796 + 9.103 = 0.642 → 65.5%
    r = calculate("Vaginal Birth After Cesarean (MFMU)", {**BASE, "age": 31, "pre_pregnancy_weight": "165 lb",
                                                            "height": "64 in"})
    assert r.rounded == 65.5


def test_equation():
    w = -5.952 - 0.023 * 30 - 0.024 * 71 + 0.056 * 156
    assert calculate("vbac-mfmu", BASE).value == pytest.approx(chance(w))


@pytest.mark.parametrize(("change", "delta"), [
    ({"arrest_disorder": True}, -0.597), ({"treated_chronic_hypertension": True}, -0.966),
    ({"obstetric_history": "vaginal birth only before the cesarean"}, 0.868),
    ({"obstetric_history": "previous VBAC"}, 1.869),
])
def test_each_term(change, delta):
    w = -5.952 - 0.023 * 30 - 0.024 * 71 + 0.056 * 156 + delta
    assert calculate("vbac-mfmu", {**BASE, **change}).value == pytest.approx(chance(w))


def test_direction_of_each_continuous_term():
    base = calculate("vbac-mfmu", BASE).value
    assert calculate("vbac-mfmu", {**BASE, "height": 171}).value > base
    assert calculate("vbac-mfmu", {**BASE, "pre_pregnancy_weight": 90}).value < base
    assert calculate("vbac-mfmu", {**BASE, "age": 38}).value < base


@pytest.mark.parametrize(("field", "bad"), [("pre_pregnancy_weight", 0), ("height", 0), ("age", -1)])
def test_bounds(field, bad):
    with pytest.raises(CalculatorInputError, match=field):
        calculate("vbac-mfmu", {**BASE, field: bad})


def test_age_outside_childbearing_years_warns():
    assert any(w.field == "age" for w in calculate("vbac-mfmu", {**BASE, "age": 60}).warnings)
