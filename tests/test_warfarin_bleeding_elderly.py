import pytest

from medreckon import CalculatorInputError, calculate

NONE = {"age": 66, "sex": "male", "hematocrit": 41}


def test_low_risk_example():
    r = calculate("Warfarin Bleeding Risk - Elderly", **NONE)
    assert r.value == 0.9 and r.outputs["risk_group"]["value"] == "Low"


@pytest.mark.parametrize("facts, score, group", [
    ({"age": 70, "sex": "female"}, 0.81, "Low"), ({"age": 70, "sex": "female", "diabetes": True}, 1.08, "Moderate"),
    ({"recent_bleeding": True, "hematocrit": 29, "antiplatelet": True}, 1.80, "Moderate"),
    ({"recent_bleeding": True, "hematocrit": 29, "alcohol_or_drug_abuse": True}, 2.19, "High"),
])
def test_groups_both_sides(facts, score, group):
    r = calculate("warfarin-bleeding-elderly", **{**NONE, **facts})
    assert r.outputs["score"]["value"] == pytest.approx(score) and r.outputs["risk_group"]["value"] == group


def test_hematocrit_threshold_and_bad_input():
    assert calculate("warfarin-bleeding-elderly", **{**NONE, "hematocrit": 30}).outputs["score"]["value"] == 0
    assert calculate("warfarin-bleeding-elderly", **{**NONE, "hematocrit": 29.9}).outputs["score"]["value"] == 0.86
    with pytest.raises(CalculatorInputError, match="sex"):
        calculate("warfarin-bleeding-elderly", **{**NONE, "sex": "unknown"})
