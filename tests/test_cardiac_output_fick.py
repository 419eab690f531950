import pytest

from medreckon import CalculatorInputError, calculate

BASE = {"weight": "187 lb", "height": "70 in", "sao2": 95, "svo2": 55, "hemoglobin": 10.2, "heart_rate": 110}


def test_estimated_fick_by_hand():
    r = calculate("Cardiac Output (Fick’s Formula)", **BASE, age=64)
    bsa = (177.8 * 84.8218 / 3600) ** 0.5
    co = 125 * bsa / (13.4 * 10.2 * 0.40)
    assert r.value == pytest.approx(co, rel=1e-4) and r.rounded == 4.7
    assert r.outputs["cardiac_index"]["rounded"] == 2.3
    assert r.outputs["stroke_volume"]["rounded"] == 43


def test_age_70_lowers_assumed_vo2():
    younger = calculate("fick", **BASE, age=69.9).value
    assert calculate("fick", **BASE, age=70).value == pytest.approx(younger * 110 / 125)


def test_saturation_as_fraction_and_swapped_saturations():
    assert calculate("fick", **{**BASE, "sao2": "0.95 fraction"}, age=50).value == pytest.approx(
        calculate("fick", **BASE, age=50).value)
    with pytest.raises(CalculatorInputError, match="svo2"):
        calculate("fick", **{**BASE, "svo2": 95, "sao2": 55}, age=50)
