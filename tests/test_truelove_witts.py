import pytest

from medreckon import CalculatorInputError, calculate

CALM = {"stools_per_day": 3, "blood_in_stool": "small", "temperature": 37.0, "heart_rate": 80, "hemoglobin": 13,
        "esr": 20}


def test_example_is_severe():
    assert calculate("Truelove and Witts Severity Index for Ulcerative Colitis", stools_per_day=12,
                     blood_in_stool="visible", temperature="100.8 degF", heart_rate=112, hemoglobin=9.8,
                     esr=68).value == "Severe"


@pytest.mark.parametrize("change, severity", [
    ({}, "Mild"), ({"stools_per_day": 4}, "Mild"), ({"stools_per_day": 5}, "Moderate"),
    ({"blood_in_stool": "visible"}, "Moderate"),
    ({"temperature": 37.8}, "Moderate"), ({"temperature": 37.79}, "Mild"),
    ({"heart_rate": 91}, "Moderate"), ({"heart_rate": 90}, "Mild"),
    ({"hemoglobin": 10.5}, "Moderate"), ({"hemoglobin": 10.6}, "Mild"),
    ({"esr": 31}, "Moderate"), ({"esr": 30}, "Mild"),
    ({"stools_per_day": 6, "esr": 31}, "Severe"), ({"stools_per_day": 6}, "Moderate"),
    ({"stools_per_day": 6, "esr": 31, "blood_in_stool": "none"}, "Moderate"),
])
def test_criteria_both_sides(change, severity):
    assert calculate("truelove-witts", **{**CALM, **change}).value == severity


def test_bad_blood_value():
    with pytest.raises(CalculatorInputError, match="blood_in_stool"):
        calculate("truelove-witts", **{**CALM, "blood_in_stool": "lots"})
