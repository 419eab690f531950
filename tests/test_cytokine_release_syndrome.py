import pytest

from medreckon import CalculatorInputError, calculate

NONE = {"symptoms": False, "oxygen": "none", "hypotension": "none", "organ_toxicity_grade": 0}


@pytest.mark.parametrize("change, grade", [
    ({}, "No CRS"), ({"symptoms": True}, "Grade 1 CRS"), ({"organ_toxicity_grade": 1}, "Grade 1 CRS"),
    ({"oxygen": "fio2_below_40"}, "Grade 2 CRS"), ({"hypotension": "fluid_or_low_dose_single_vasopressor"}, "Grade 2 CRS"),
    ({"organ_toxicity_grade": 2}, "Grade 2 CRS"), ({"oxygen": "fio2_40_or_more"}, "Grade 3 CRS"),
    ({"hypotension": "high_dose_or_multiple_vasopressors"}, "Grade 3 CRS"), ({"organ_toxicity_grade": 3}, "Grade 3 CRS"),
    ({"organ_toxicity_grade": 4, "transaminitis_only": True}, "Grade 3 CRS"), ({"organ_toxicity_grade": 4}, "Grade 4 CRS"),
    ({"oxygen": "ventilator", "symptoms": True}, "Grade 4 CRS"),
])
def test_grades(change, grade):
    assert calculate("Cytokine Release Syndrome (CRS) Grading", **{**NONE, **change}).value == grade


def test_comorbidities_change_grade_2_management():
    plain = calculate("crs-grading", **{**NONE, "oxygen": "fio2_below_40"}).outputs["management"]["value"]
    older = calculate("crs-grading", **{**NONE, "oxygen": "fio2_below_40", "extensive_comorbidities_or_older_age": True})
    assert "tocilizumab" not in plain and "tocilizumab" in older.outputs["management"]["value"]


def test_bad_organ_grade():
    with pytest.raises(CalculatorInputError, match="organ_toxicity_grade"):
        calculate("crs-grading", **{**NONE, "organ_toxicity_grade": 5})
