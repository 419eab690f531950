import pytest

from medreckon import CalculatorInputError, calculate


def test_formula():
    r = calculate("cpo", mean_arterial_pressure=68, cardiac_output=4.6)
    assert r.value == pytest.approx(68 * 4.6 / 451) and r.rounded == 0.69


def test_threshold_both_sides():
    assert calculate("cpo", mean_arterial_pressure=45.1, cardiac_output=6).interpretation.startswith("≥ 0.6")
    assert calculate("cpo", mean_arterial_pressure=45, cardiac_output=6).interpretation.startswith("< 0.6")


def test_units_and_errors():
    assert calculate("cpo", mean_arterial_pressure="10 kPa", cardiac_output="4000 mL/min").value == pytest.approx(
        75.00615758 * 4 / 451)
    with pytest.raises(CalculatorInputError, match="cardiac_output"):
        calculate("cpo", mean_arterial_pressure=70, cardiac_output=0)
