import pytest

from medreckon import CalculatorInputError, calculate

CLEAN = {"extrahepatic_spread": False, "macrovascular_invasion": False}


@pytest.mark.parametrize("count, size, met", [
    (1, 5.0, True), (1, 5.01, False), (2, 3.0, True), (3, 3.0, True), (3, 3.01, False), (4, 1.0, False),
])
def test_tumour_burden_both_sides(count, size, met):
    r = calculate("milan", tumour_count=count, largest_tumour_diameter=size, **CLEAN)
    assert r.value == ("Criteria met" if met else "Criteria not met")


def test_spread_or_invasion_excludes_and_mm():
    assert calculate("milan", tumour_count=1, largest_tumour_diameter="38 mm", **CLEAN).value == "Criteria met"
    assert calculate("milan", tumour_count=1, largest_tumour_diameter=2, extrahepatic_spread=True,
                     macrovascular_invasion=False).value == "Criteria not met"
    assert calculate("milan", tumour_count=1, largest_tumour_diameter=2, extrahepatic_spread=False,
                     macrovascular_invasion=True).value == "Criteria not met"


def test_zero_tumours_rejected():
    with pytest.raises(CalculatorInputError, match="tumour_count"):
        calculate("milan", tumour_count=0, largest_tumour_diameter=2, **CLEAN)
