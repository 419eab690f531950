import pytest

from medreckon import CalculatorInputError, calculate


def test_pvr_and_total_resistance():
    r = calculate("Pulmonary Resistance", mean_pa_pressure=38, pcwp=10, cardiac_output=4.6)
    assert r.value == pytest.approx(28 / 4.6) and r.rounded == 6.1
    assert r.outputs["pvr_dynes"]["value"] == pytest.approx(28 / 4.6 * 80)
    assert r.outputs["total_pulmonary_resistance"]["value"] == pytest.approx(38 / 4.6)
    assert r.outputs["total_pulmonary_resistance_dynes"]["rounded"] == round(38 / 4.6 * 80)


def test_two_wood_unit_threshold_both_sides():
    assert calculate("pvr", mean_pa_pressure=22, pcwp=12, cardiac_output=5).interpretation.startswith("PVR 2 ")
    assert "≤ 2" in calculate("pvr", mean_pa_pressure=22, pcwp=12, cardiac_output=5).interpretation
    assert "> 2" in calculate("pvr", mean_pa_pressure=22.1, pcwp=12, cardiac_output=5).interpretation


def test_wedge_above_mean_pa_is_rejected():
    with pytest.raises(CalculatorInputError, match="pcwp"):
        calculate("pvr", mean_pa_pressure=10, pcwp=38, cardiac_output=4.6)
