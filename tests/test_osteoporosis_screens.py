"""OSIRIS, OST and ORAI: the weight-and-age osteoporosis screens."""

import pytest

from medreckon import CalculatorInputError, calculate


def test_osiris_worked_example():
    r = calculate("Osteoporosis Index of Risk (OSIRIS)", age=68, weight="114.6 lb", current_hrt=False,
                  prior_low_impact_fracture=True)  # 0.2 × (51.98 − 68) = −3.2 → −3; − 2
    assert r.value == -5 and r.outputs["risk"]["value"] == "High"


def test_osiris_drops_decimals_toward_zero():
    r = calculate("osiris", age=68, weight=53.5, current_hrt=False, prior_low_impact_fracture=False)  # −2.9 → −2
    assert r.value == -2


@pytest.mark.parametrize("weight, hrt, total, risk", [
    (43, False, -3, "Intermediate"), (38, False, -4, "High"), (63, False, 1, "Intermediate"), (68, False, 2, "Low"),
    (63, True, 3, "Low"),
])
def test_osiris_bands(weight, hrt, total, risk):
    r = calculate("osiris", age=58, weight=weight, current_hrt=hrt, prior_low_impact_fracture=False)
    assert r.value == total and r.outputs["risk"]["value"] == risk


def test_ost_worked_example():
    r = calculate("Osteoporosis Self Assessment Tool (OST)", age=68, weight="114.6 lb", sex="female")
    assert r.value == -3 and r.outputs["risk"]["value"] == "Intermediate"


@pytest.mark.parametrize("weight, sex, total, risk", [
    (40, "female", -4, "Intermediate"), (35, "female", -5, "High"), (55, "female", -1, "Intermediate"),
    (60, "female", 0, "Low"), (45, "male", -3, "Intermediate"), (40, "male", -4, "High"), (65, "male", 1, "Intermediate"),
    (70, "male", 2, "Low"),
])
def test_ost_bands_by_sex(weight, sex, total, risk):
    r = calculate("ost", age=60, weight=weight, sex=sex)
    assert r.value == total and r.outputs["risk"]["value"] == risk


def test_orai_worked_example():
    r = calculate("Osteoporosis Risk Assessment Instrument (ORAI)", age=68, weight=52, current_estrogen=False)
    assert r.value == 20 and r.interpretation.startswith("≥ 9")


@pytest.mark.parametrize("age, points", [(45, 0), (54.9, 0), (55, 5), (64.9, 5), (65, 9), (74.9, 9), (75, 15)])
def test_orai_age_bands(age, points):
    assert calculate("orai", age=age, weight=80, current_estrogen=True).value == points


@pytest.mark.parametrize("weight, points", [(59.9, 9), (60, 3), (69.9, 3), (70, 0), ("154 lb", 3), ("155 lb", 0)])
def test_orai_weight_bands(weight, points):
    assert calculate("orai", age=50, weight=weight, current_estrogen=True).value == points


def test_orai_cut_off_9_and_scope():
    assert calculate("orai", age=50, weight=65, current_estrogen=False).interpretation.startswith("< 9")  # 5
    assert calculate("orai", age=50, weight=59, current_estrogen=True).interpretation.startswith("≥ 9")  # 9
    with pytest.raises(CalculatorInputError, match="age"):
        calculate("orai", age=40, weight=65, current_estrogen=False)
