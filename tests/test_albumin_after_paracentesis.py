import pytest

from medreckon import CalculatorInputError, calculate


def test_dose_and_option():
    r = calculate("Albumin Replacement After Large-Volume Paracentesis", volume_removed=7.5)
    assert r.value == 60 and "not routinely" not in r.interpretation
    assert calculate("lvp-albumin", volume_removed="6000 mL", grams_per_litre=6).value == pytest.approx(36)


def test_five_litre_threshold_both_sides():
    assert "not routinely" in calculate("lvp-albumin", volume_removed=5).interpretation
    assert "not routinely" not in calculate("lvp-albumin", volume_removed=5.1).interpretation


def test_zero_volume_rejected():
    with pytest.raises(CalculatorInputError, match="volume_removed"):
        calculate("lvp-albumin", volume_removed=0)
