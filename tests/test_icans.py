import pytest

from medreckon import CalculatorInputError, calculate

CALM = {"ice_score": 10, "consciousness": "alert", "seizure": "none", "deep_focal_motor_weakness": False,
        "raised_icp": "none"}


@pytest.mark.parametrize("change, grade", [
    ({}, "No ICANS"), ({"ice_score": 9}, "Grade 1"), ({"ice_score": 7}, "Grade 1"), ({"ice_score": 6}, "Grade 2"),
    ({"ice_score": 3}, "Grade 2"), ({"ice_score": 2}, "Grade 3"), ({"ice_score": 0}, "Grade 3"),
    ({"consciousness": "awakens_spontaneously"}, "Grade 1"), ({"consciousness": "awakens_to_voice"}, "Grade 2"),
    ({"consciousness": "awakens_only_to_tactile_stimulus"}, "Grade 3"),
    ({"ice_score": 0, "consciousness": "unarousable"}, "Grade 4"),
    ({"seizure": "resolves_rapidly_or_nonconvulsive_resolving"}, "Grade 3"), ({"seizure": "prolonged_or_repetitive"},
                                                                              "Grade 4"),
    ({"deep_focal_motor_weakness": True}, "Grade 4"), ({"raised_icp": "focal_edema"}, "Grade 3"),
    ({"raised_icp": "diffuse_edema_or_signs_of_raised_icp"}, "Grade 4"),
])
def test_grades(change, grade):
    assert calculate("icans", **{**CALM, **change}).value == grade


def test_ice_score_out_of_range():
    with pytest.raises(CalculatorInputError, match="ice_score"):
        calculate("icans", **{**CALM, "ice_score": 11})
