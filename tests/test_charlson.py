import math

import pytest

from medreckon import CalculatorInputError, calculate, from_medcalc_bench


def cci(**kw):
    return calculate("charlson", {"age": 40, **kw})


@pytest.mark.parametrize("age, points", [
    (49, 0), (50, 1), (59, 1), (60, 2), (69, 2), (70, 3), (79, 3), (80, 4), (95, 4), ("600 mo", 1),
])
def test_age_points(age, points):
    assert cci(age=age).value == points


@pytest.mark.parametrize("finding, points", [
    ("myocardial_infarction", 1), ("congestive_heart_failure", 1), ("peripheral_vascular_disease", 1),
    ("stroke", 1), ("transient_ischemic_attack", 1), ("dementia", 1), ("chronic_pulmonary_disease", 1),
    ("connective_tissue_disease", 1), ("peptic_ulcer_disease", 1), ("hemiplegia", 2),
    ("moderate_to_severe_ckd", 2), ("leukemia", 2), ("lymphoma", 2), ("aids", 6),
])
def test_findings(finding, points):
    assert cci(**{finding: True}).value == points


def test_stroke_and_tia_are_one_criterion():
    assert cci(stroke=True, transient_ischemic_attack=True).value == 1


@pytest.mark.parametrize("field, value, points", [
    ("liver_disease", "none", 0), ("liver_disease", "mild", 1), ("liver_disease", "moderate_to_severe", 3),
    ("liver_disease", "Moderate to Severe", 3), ("liver_disease", "Severe", 3),
    ("diabetes", "none", 0), ("diabetes", "None or diet-controlled", 0), ("diabetes", "uncomplicated", 1),
    ("diabetes", "End-organ damage", 2),
    ("solid_tumor", "none", 0), ("solid_tumor", "localized", 2), ("solid_tumor", "metastatic", 6),
])
def test_graded_items(field, value, points):
    assert cci(**{field: value}).value == points


def test_worked_example_and_survival():
    # age 72 (3) + MI 1 + CHF 1 + diabetes with end-organ damage 2 + moderate-severe CKD 2 + localized tumor 2 = 11
    r = cci(age=72, myocardial_infarction=True, congestive_heart_failure=True, diabetes="end_organ_damage",
            moderate_to_severe_ckd=True, solid_tumor="localized")
    assert r.value == 11
    assert 0.983 ** math.exp(0.9 * 11) < 1e-100
    assert r.interpretation.endswith("survival < 0.1%")


@pytest.mark.parametrize("total_inputs, shown", [
    ({}, "98.3%"),  # 0.983^(e^0) = 0.983
    ({"dementia": True}, "95.9%"),  # 0.983^(e^0.9) = 0.983^2.4596 = 0.9587
    ({"age": 70}, "77.5%"),  # 0.983^(e^2.7) = 0.983^14.880 = 0.7748
])
def test_survival(total_inputs, shown):
    assert cci(**total_inputs).interpretation.endswith(f"survival {shown}")


def test_unknown_grade_is_an_error():
    with pytest.raises(CalculatorInputError, match="liver_disease"):
        cci(liver_disease="terrible")


def test_age_is_required():
    with pytest.raises(CalculatorInputError, match="age"):
        calculate("charlson", {"dementia": True})


def test_medcalc_bench_row():
    # row 428: age 75 (3) + MI 1 + CHF 1 + PVD 1 + connective tissue 1 + dementia 1 + mild liver 1
    # + metastatic tumor 6 = 15
    r = from_medcalc_bench(32, "{'Transient Ischemic Attacks History': False, 'Solid tumor': 'Metastatic', "
                               "'Connective tissue disease': True, 'Dementia': True, 'age': [75.0, 'years'], "
                               "'Myocardial infarction': True, 'Peptic ulcer disease': False, 'Liver disease "
                               "severity': 'Mild', 'Congestive Heart Faliure': True, 'Peripheral vascular disease': "
                               "True, 'Moderate to severe Chronic Kidney Disease': False, 'Cerebrovascular "
                               "Accident': False}")
    assert r.value == 15


def test_medcalc_bench_boolean_tumor_and_severe_ckd():
    # 'Solid tumor': True with no stage → localized (2); CKD 'Severe' → moderate to severe (2); age 55 (1)
    r = from_medcalc_bench(32, {"age": [55, "years"], "Solid tumor": True,
                                "Moderate to severe Chronic Kidney Disease": "Severe"})
    assert r.value == 5
