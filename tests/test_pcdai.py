import pytest

from medreckon import CalculatorInputError, calculate

BASE = {"abdominal_pain": "moderate_severe", "stools": "gross_bleeding_or_6_liquid_or_nocturnal",
        "general_well_being": "below_par", "weight": "gain_or_stable", "height": "less_than_1_channel_decrease",
        "abdomen": "no_tenderness_no_mass", "perirectal_disease": "none_or_asymptomatic_tags", "extraintestinal": "one",
        "hematocrit": 38, "esr": 32, "albumin": 3.7, "age": 18, "sex": "male"}


def test_example():
    r = calculate("Pediatric Crohn’s Disease Activity Index (PCDAI)", **BASE)
    assert r.value == 32.5 and r.interpretation.startswith("30-37.5")


@pytest.mark.parametrize("field, value, delta", [
    ("esr", 19.9, -2.5), ("esr", 50, 0), ("esr", 50.1, 2.5), ("albumin", 3.5, 0), ("albumin", 3.49, 5),
    ("albumin", 3.0, 10), ("hematocrit", 37, 0), ("hematocrit", 36.9, 2.5), ("hematocrit", 31.9, 5),
])
def test_laboratory_cut_offs(field, value, delta):
    assert calculate("pcdai", **{**BASE, field: value}).value == pytest.approx(32.5 + delta)


@pytest.mark.parametrize("age, sex, hct, points", [(9, "male", 33, 0), (9, "male", 32.9, 2.5), (12, "male", 35, 0),
                                                   (12, "male", 34.9, 2.5), (12, "female", 34, 0),
                                                   (16, "female", 28.9, 5)])
def test_hematocrit_by_age_and_sex(age, sex, hct, points):
    r = calculate("pcdai", **{**BASE, "age": age, "sex": sex, "hematocrit": hct, "esr": 10})
    assert r.value == pytest.approx(30 + points)


def test_bands_and_bad_choice():
    quiet = {**BASE, "abdominal_pain": "none", "stools": "0_1_liquid", "general_well_being": "well",
             "extraintestinal": "none", "esr": 10}
    assert calculate("pcdai", **quiet).interpretation.startswith("< 10")
    with pytest.raises(CalculatorInputError, match="abdomen"):
        calculate("pcdai", **{**BASE, "abdomen": "soft"})
