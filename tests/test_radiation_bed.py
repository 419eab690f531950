import pytest

from medreckon import CalculatorInputError, calculate


def test_bed_and_eqd2():
    r = calculate("Radiation Biologically Effective Dose (BED) Calculator", dose_per_fraction=2.0, total_dose=70,
                  alpha_beta=10)
    assert r.value == pytest.approx(84.0) and r.outputs["eqd2"]["rounded"] == 70.0
    r = calculate("bed", dose_per_fraction=0.72, total_dose=18, alpha_beta=2)
    assert r.rounded == 24.48 and r.outputs["eqd2"]["rounded"] == 12.24


def test_cgy_and_zero_dose():
    assert calculate("bed", dose_per_fraction="180 cGy", total_dose=50.4, alpha_beta=10).value == pytest.approx(
        50.4 * 1.18)
    assert calculate("bed", dose_per_fraction=0, total_dose=0, alpha_beta=10).value == 0


def test_fraction_above_total_and_zero_alpha_beta():
    with pytest.raises(CalculatorInputError, match="dose_per_fraction"):
        calculate("bed", dose_per_fraction=70, total_dose=2, alpha_beta=10)
    with pytest.raises(CalculatorInputError, match="alpha_beta"):
        calculate("bed", dose_per_fraction=2, total_dose=70, alpha_beta=0)
