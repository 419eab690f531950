import pytest

from medreckon import CalculatorInputError, calculate

LUNG = {"symptoms": "asymptomatic", "extent": "one_lobe_or_under_25_percent", "adl_limitation": "none"}


@pytest.mark.parametrize("change, grade", [
    ({}, "G1"), ({"symptoms": "symptomatic"}, "G2"), ({"extent": "more_than_one_lobe_or_25_to_50_percent"}, "G2"),
    ({"adl_limitation": "instrumental"}, "G2"), ({"oxygen_indicated": True}, "G3"), ({"hospitalization": True}, "G3"),
    ({"extent": "all_lobes_or_over_50_percent"}, "G3"), ({"adl_limitation": "self_care"}, "G3"),
    ({"life_threatening": True}, "G4"),
])
def test_pneumonitis(change, grade):
    assert calculate("Immune-Related Adverse Events for Lung Toxicity - Pneumonitis", **{**LUNG, **change}).value == grade


@pytest.mark.parametrize("increase, extra, grade", [
    (0, {}, "None"), (1, {}, "G1"), (3, {}, "G1"), (4, {}, "G2"), (6, {}, "G2"), (7, {}, "G3"),
    (1, {"colitis_symptoms": "abdominal_pain_or_blood_or_mucus"}, "G2"), (2, {"incontinence": True}, "G3"),
    (2, {"colitis_symptoms": "severe_pain_or_peritoneal_signs"}, "G3"), (2, {"life_threatening": True}, "G4"),
])
def test_colitis(increase, extra, grade):
    r = calculate("irae-colitis", stool_increase=increase, **{"colitis_symptoms": "none", **extra})
    assert r.value == grade


@pytest.mark.parametrize("alt, bili, grade", [
    (40, 1.2, "None"), (41, 1.2, "G1"), (120, 1.2, "G1"), (121, 1.2, "G2"), (200, 1.2, "G2"), (201, 1.2, "G3"),
    (800, 1.2, "G3"), (801, 1.2, "G4"), (40, 1.8, "G1"), (40, 1.81, "G2"), (40, 3.6, "G2"), (40, 3.61, "G3"),
    (40, 12.0, "G3"), (40, 12.1, "G4"),
])
def test_hepatitis_folds_both_sides(alt, bili, grade):
    r = calculate("Immune-Related Adverse Events for GI Toxicity - Hepatitis", ast=20, ast_upper_limit=40, alt=alt,
                  alt_upper_limit=40, bilirubin=bili, bilirubin_upper_limit=1.2)
    assert r.value == grade


@pytest.mark.parametrize("creatinine, extra, grade", [
    (1.0, {}, "None"), (1.31, {}, "G1"), (1.5, {}, "G1"), (1.99, {}, "G1"), (2.0, {}, "G2"), (3.0, {}, "G2"),
    (3.01, {}, "G3"), (1.0, {"hospitalization": True}, "G3"), (1.0, {"dialysis_indicated": True}, "G4"),
])
def test_nephritis_both_sides(creatinine, extra, grade):
    assert calculate("irae-nephritis", baseline_creatinine=1.0, creatinine=creatinine, **extra).value == grade
    assert calculate("irae-nephritis", baseline_creatinine=2.0, creatinine=4.1).value == "G3"  # > 4.0 mg/dL


@pytest.mark.parametrize("glucose, symptoms, ketosis, grade", [
    (95, "none_or_mild", False, "None"), (101, "none_or_mild", False, "G1"), (160, "none_or_mild", False, "G1"),
    (161, "none_or_mild", False, "G2"), (250, "none_or_mild", False, "G2"), (251, "none_or_mild", False, "G3"),
    (500, "none_or_mild", False, "G3"), (501, "none_or_mild", False, "G4"), (120, "moderate", False, "G2"),
    (120, "none_or_mild", True, "G2"), (120, "severe", False, "G3"),
])
def test_hyperglycemia_both_sides(glucose, symptoms, ketosis, grade):
    r = calculate("irae-hyperglycemia", fasting_glucose=glucose, symptoms=symptoms, ketosis_or_type_1_diabetes=ketosis)
    assert r.value == grade
    assert calculate("irae-hyperglycemia", fasting_glucose="14 mmol/L", symptoms="none_or_mild").value == "G3"


@pytest.mark.parametrize("tsh, symptoms, grade", [
    (3, "none_or_mild", "None"), (4.6, "none_or_mild", "G1"), (10, "none_or_mild", "G1"), (10.1, "none_or_mild", "G2"),
    (3, "moderate", "G2"), (16.2, "moderate", "G2"), (6, "severe", "G3"), (6, "life_threatening", "G4"),
])
def test_hypothyroidism_both_sides(tsh, symptoms, grade):
    assert calculate("irae-hypothyroidism", tsh=tsh, symptoms=symptoms).value == grade


def test_bad_inputs():
    with pytest.raises(CalculatorInputError, match="alt_upper_limit"):
        calculate("irae-hepatitis", ast=20, ast_upper_limit=40, alt=20, alt_upper_limit=0, bilirubin=1,
                  bilirubin_upper_limit=1.2)
    with pytest.raises(CalculatorInputError, match="extent"):
        calculate("irae-pneumonitis", **{**LUNG, "extent": "lots"})
