import pytest

from medreckon import CalculatorInputError, calculate

QUIET = {"general_well_being": "very_well", "abdominal_pain": "none", "abdominal_mass": "none"}


def test_example():
    assert calculate("Harvey-Bradshaw Index (HBI) for Crohn's Disease", general_well_being="poor",
                     abdominal_pain="moderate", liquid_stools=7, abdominal_mass="none", arthralgia=True).value == 12


@pytest.mark.parametrize("stools, words", [(4, "< 5"), (5, "5-7"), (7, "5-7"), (8, "8-16"), (16, "8-16"), (17, "> 16")])
def test_bands_both_sides(stools, words):
    assert calculate("hbi", **QUIET, liquid_stools=stools).interpretation.startswith(words)


def test_each_complication_adds_one_and_bad_count():
    all_complications = {c: True for c in ("arthralgia", "uveitis", "erythema_nodosum", "aphthous_ulcers",
                                            "pyoderma_gangrenosum", "anal_fissure", "new_fistula", "abscess")}
    assert calculate("hbi", **QUIET, liquid_stools=0, **all_complications).value == 8
    assert calculate("hbi", general_well_being="terrible", abdominal_pain="severe", abdominal_mass="definite_and_tender",
                     liquid_stools=0).value == 10
    with pytest.raises(CalculatorInputError, match="liquid_stools"):
        calculate("hbi", **QUIET, liquid_stools=-1)
