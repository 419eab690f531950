import pytest

from medreckon import calculate

NONE = dict(abnormal_temperature=False, abnormal_heart_rate=False, abnormal_respiration=False,
            abnormal_leukocytes=False, infection=False, organ_dysfunction=False,
            cardiovascular_dysfunction_after_fluids=False)


def sirs(**kw):
    return calculate("pediatric-sirs", {**NONE, **kw})


def test_worked_example():
    r = calculate("Pediatric SIRS, Sepsis, and Septic Shock Criteria", abnormal_temperature=True,
                  abnormal_heart_rate=True, abnormal_respiration=True, infection=True)
    assert r.value == "Sepsis"


def test_two_criteria_must_include_temperature_or_leukocytes():
    assert sirs(abnormal_heart_rate=True, abnormal_respiration=True).value == "No SIRS"
    assert sirs(abnormal_heart_rate=True, abnormal_leukocytes=True).value == "SIRS"
    assert sirs(abnormal_temperature=True).value == "No SIRS"


@pytest.mark.parametrize("kw, result", [
    (dict(infection=True), "Sepsis"), (dict(infection=True, organ_dysfunction=True), "Severe sepsis"),
    (dict(infection=True, organ_dysfunction=True, cardiovascular_dysfunction_after_fluids=True), "Septic shock"),
    (dict(infection=False, organ_dysfunction=True), "SIRS"),
])
def test_grades(kw, result):
    assert sirs(abnormal_temperature=True, abnormal_heart_rate=True, **kw).value == result
