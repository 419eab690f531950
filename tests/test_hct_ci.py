import pytest

from medreckon import CalculatorInputError, calculate

NONE = {"hepatic": "none", "bmi": 27.5, "pulmonary": "none_or_mild"}


@pytest.mark.parametrize("change, points, group", [
    ({}, 0, "low"), ({"diabetes": True}, 1, "intermediate"), ({"bmi": 35}, 0, "low"), ({"bmi": 35.1}, 1, "intermediate"),
    ({"hepatic": "mild"}, 1, "intermediate"), ({"hepatic": "moderate_severe"}, 3, "high"),
    ({"pulmonary": "moderate"}, 2, "intermediate"), ({"pulmonary": "severe"}, 3, "high"),
    ({"renal_dysfunction": True, "peptic_ulcer": True}, 4, "high"), ({"prior_solid_tumor": True}, 3, "high"),
])
def test_items_and_groups(change, points, group):
    r = calculate("Hematopoietic Cell Transplantation-specific Comorbidity Index (HCT-CI)", **{**NONE, **change})
    assert r.value == points and r.outputs["risk_group"]["value"] == group


def test_bad_choice():
    with pytest.raises(CalculatorInputError, match="pulmonary"):
        calculate("hct-ci", **{**NONE, "pulmonary": "mild"})
