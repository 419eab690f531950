import pytest

from medreckon import CalculatorInputError, calculate


def test_doses():
    r = calculate("fomepizole-dosing", weight=80)
    assert r.value == pytest.approx(1200)
    assert r.outputs["maintenance_dose"]["value"] == pytest.approx(800)
    assert r.outputs["later_dose"]["value"] == pytest.approx(1200)


def test_pounds():
    assert calculate("fomepizole-dosing", weight="176 lb").rounded == 1197


def test_no_weight():
    with pytest.raises(CalculatorInputError, match="weight"):
        calculate("fomepizole-dosing", {})
