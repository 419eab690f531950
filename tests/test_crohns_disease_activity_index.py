import pytest

from medreckon import CalculatorInputError, calculate

BASE = {"liquid_stools_7_days": 49, "abdominal_pain_7_days": 14, "general_well_being_7_days": 14,
        "arthritis_or_arthralgia": True, "antidiarrheal_use": True, "abdominal_mass": "none", "hematocrit": 38,
        "sex": "male", "weight": "160 lb", "standard_weight": "175 lb"}


def test_example_by_hand():
    expected = 2 * 49 + 5 * 14 + 7 * 14 + 20 + 30 + 0 + 6 * (47 - 38) + 100 * (1 - 160 / 175)
    r = calculate("Crohn's Disease Activity Index (CDAI)", **BASE)
    assert r.value == pytest.approx(expected) and r.rounded == 379 and r.interpretation.startswith("150-450")


def test_sex_sets_expected_hematocrit_and_weight_floor():
    male = calculate("crohns-disease-activity-index", **BASE).value
    assert calculate("crohns-disease-activity-index", **{**BASE, "sex": "female"}).value == pytest.approx(male - 30)
    heavy = calculate("crohns-disease-activity-index", **{**BASE, "weight": "210 lb"})  # 20% above standard: floored at −10
    assert heavy.value == pytest.approx(male - 100 * (1 - 160 / 175) - 10)


@pytest.mark.parametrize("stools, words", [(0, "< 150"), (1, "150-450")])
def test_remission_threshold_both_sides(stools, words):
    # 5 × 14 + 7 × 10 + 0 + hematocrit 47 → 0 + weight equal → 0 = 140; + 2 × stools; 5 stools → 150
    base = {**BASE, "arthritis_or_arthralgia": False, "antidiarrheal_use": False, "hematocrit": 47,
            "general_well_being_7_days": 10, "weight": 70, "standard_weight": 70}
    assert calculate("crohns-disease-activity-index", **{**base, "liquid_stools_7_days": 4 + stools}).interpretation.startswith(words)


def test_bad_ratings():
    with pytest.raises(CalculatorInputError, match="abdominal_pain_7_days"):
        calculate("crohns-disease-activity-index", **{**BASE, "abdominal_pain_7_days": 22})
