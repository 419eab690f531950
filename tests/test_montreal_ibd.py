import pytest

from medreckon import CalculatorInputError, calculate


def test_ulcerative_colitis():
    assert calculate("montreal-ibd", disease="ulcerative_colitis", extent="E2", severity="S3").value == "E2 S3"


@pytest.mark.parametrize("age, band", [(16, "A1"), (16.5, "A2"), (40, "A2"), (40.5, "A3")])
def test_crohns_age_bands_both_sides(age, band):
    r = calculate("montreal-ibd", disease="crohns_disease", age_at_diagnosis=age, location="L1", behaviour="B1")
    assert r.value == f"{band} L1 B1"


def test_crohns_modifiers():
    assert calculate("montreal-ibd", disease="crohns_disease", age_at_diagnosis=25, location="L3",
                     upper_gi_involvement=True, behaviour="B2", perianal_disease=True).value == "A2 L3+L4 B2p"
    assert calculate("montreal-ibd", disease="crohns_disease", age_at_diagnosis=25, location="L4",
                     upper_gi_involvement=True, behaviour="B3").value == "A2 L4 B3"


def test_missing_disease_specific_inputs():
    with pytest.raises(CalculatorInputError, match="extent"):
        calculate("montreal-ibd", disease="ulcerative_colitis")
    with pytest.raises(CalculatorInputError, match="age_at_diagnosis"):
        calculate("montreal-ibd", disease="crohns_disease", location="L1", behaviour="B1")
