import pytest

from medreckon import CalculatorInputError, calculate


def sic(**kw):
    return calculate("sepsis-induced-coagulopathy", {"inr": 1.0, "platelets": 200, "sofa_four_organs": 0, **kw})


@pytest.mark.parametrize("inr, points", [(1.2, 0), (1.21, 1), (1.4, 1), (1.41, 2)])
def test_inr(inr, points):
    assert sic(inr=inr).value == points


@pytest.mark.parametrize("platelets, points", [(150, 0), (149, 1), (100, 1), (99, 2), ("99000 /uL", 2)])
def test_platelets(platelets, points):
    assert sic(platelets=platelets).value == points


@pytest.mark.parametrize("sofa, points", [(0, 0), (1, 1), (2, 2), (16, 2)])
def test_sofa_capped_at_two(sofa, points):
    assert sic(sofa_four_organs=sofa).value == points


def test_sic_needs_four_points_with_coagulation_over_two():
    r = sic(inr=1.6, platelets=110, sofa_four_organs=9)  # 2 + 1 + 2 = 5; coagulation 3
    assert r.value == 5 and r.outputs["sic"]["value"] is True
    r = sic(inr=1.3, platelets=120, sofa_four_organs=3)  # 1 + 1 + 2 = 4; coagulation 2
    assert r.value == 4 and r.outputs["sic"]["value"] is False
    r = sic(inr=1.6, platelets=120, sofa_four_organs=0)  # 2 + 1 + 0 = 3
    assert r.value == 3 and r.outputs["sic"]["value"] is False


def test_sofa_out_of_range():
    with pytest.raises(CalculatorInputError, match="sofa_four_organs"):
        sic(sofa_four_organs=17)
