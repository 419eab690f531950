import pytest

from medreckon import CalculatorInputError, calculate

REST = {"timing": "within_4_days_without_recent_heparin", "thrombosis": "none", "other_causes": "definite"}


@pytest.mark.parametrize("peak, nadir, points", [
    (200, 99, 2), (200, 100, 1),  # a 50% fall is in the 30-50% band
    (200, 140, 1), (200, 141, 0), (100, 15, 1), (40, 9, 0), (100, 19, 1),
])
def test_thrombocytopenia_both_sides(peak, nadir, points):
    assert calculate("4ts", platelet_peak=peak, platelet_nadir=nadir, **REST).value == points


def test_total_and_bands():
    high = calculate("4Ts Score for Heparin-Induced Thrombocytopenia", platelet_peak=220, platelet_nadir=90,
                     timing="days_5_to_10_or_1_day_with_recent_heparin", thrombosis="none", other_causes="none_apparent")
    assert high.value == 6 and "high" in high.interpretation
    mid = calculate("4ts", platelet_peak=220, platelet_nadir=110, timing="days_5_to_10_or_1_day_with_recent_heparin",
                    thrombosis="none", other_causes="possible")
    assert mid.value == 4 and "intermediate" in mid.interpretation
    assert "low" in calculate("4ts", platelet_peak=220, platelet_nadir=200, **REST).interpretation


def test_nadir_above_peak_rejected():
    with pytest.raises(CalculatorInputError, match="platelet_nadir"):
        calculate("4ts", platelet_peak=100, platelet_nadir=200, **REST)
