import pytest

from medreckon import CalculatorInputError, calculate


@pytest.mark.parametrize("stools, points", [(3.9, 0), (4, 1), (6, 1), (7, 2), (9, 2), (9.1, 4)])
def test_stool_bands_both_sides(stools, points):
    assert calculate("ho-index", stool_frequency_day_3=stools, colonic_dilatation=False, albumin=3.5).value == points


def test_albumin_and_groups():
    assert calculate("ho-index", stool_frequency_day_3=2, colonic_dilatation=False, albumin=3.0).value == 0
    r = calculate("ho-index", stool_frequency_day_3=2, colonic_dilatation=False, albumin="29 g/L")
    assert r.value == 1 and r.outputs["risk_group"]["value"] == "Low"
    r = calculate("Ho Index", stool_frequency_day_3=10, colonic_dilatation=False, albumin=2.8)
    assert r.value == 5 and r.outputs["medical_therapy_failure"]["value"] == 85
    assert calculate("ho-index", stool_frequency_day_3=5, colonic_dilatation=False, albumin=2.8
                     ).outputs["risk_group"]["value"] == "Intermediate"
    assert calculate("ho-index", stool_frequency_day_3=1, colonic_dilatation=True, albumin=4
                     ).outputs["risk_group"]["value"] == "High"


def test_bad_albumin():
    with pytest.raises(CalculatorInputError, match="albumin"):
        calculate("ho-index", stool_frequency_day_3=2, colonic_dilatation=False, albumin=0)
