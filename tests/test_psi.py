import pytest

from medreckon import CalculatorInputError, calculate, from_medcalc_bench

# A 60-year-old man with normal vital signs and laboratory values: 60 points (age only).
NORMAL = dict(age=60, sex="male", respiratory_rate=18, systolic_bp=125, temperature=37, heart_rate=90,
              arterial_ph=7.40, bun=15, sodium=140, glucose=110, hematocrit=40, pao2=85)


def psi(**kw):
    return calculate("psi", {**NORMAL, **kw})


def test_age_is_the_demographic_score():
    assert psi().value == 60
    assert psi(sex="female").value == 50  # women: age − 10


@pytest.mark.parametrize("finding, points", [
    ("nursing_home_resident", 10), ("neoplastic_disease", 30), ("liver_disease", 20),
    ("congestive_heart_failure", 10), ("cerebrovascular_disease", 10), ("renal_disease", 10),
    ("altered_mental_status", 20), ("pleural_effusion", 10),
])
def test_findings(finding, points):
    assert psi(**{finding: True}).value == 60 + points


# Fine 1997 thresholds, both sides
@pytest.mark.parametrize("field, value, points", [
    ("respiratory_rate", 30, 20), ("respiratory_rate", 29, 0),
    ("systolic_bp", 90, 0), ("systolic_bp", 89, 20),
    ("temperature", 35, 0), ("temperature", 34.9, 15), ("temperature", 39.9, 0), ("temperature", 40, 15),
    ("heart_rate", 125, 10), ("heart_rate", 124, 0),
    ("arterial_ph", 7.35, 0), ("arterial_ph", 7.34, 30),
    ("bun", 30, 20), ("bun", 29, 0),
    ("sodium", 130, 0), ("sodium", 129, 20),
    ("glucose", 250, 10), ("glucose", 249, 0),
    ("hematocrit", 30, 0), ("hematocrit", 29, 10),
    ("pao2", 60, 0), ("pao2", 59, 10),
])
def test_thresholds(field, value, points):
    assert psi(**{field: value}).value == 60 + points


def test_oxygen_saturation_is_the_alternative_hypoxaemia_criterion():
    assert psi(oxygen_saturation=90).value == 60
    assert psi(oxygen_saturation=89).value == 70
    base = {k: v for k, v in NORMAL.items() if k != "pao2"}
    assert calculate("psi", {**base, "oxygen_saturation": 88}).value == 70
    assert psi(pao2=55, oxygen_saturation=85).value == 70  # one criterion, scored once


def test_units():
    assert psi(temperature="104 degF").value == 75  # 40 °C
    assert psi(temperature="103.8 degF").value == 60  # 39.9 °C
    assert psi(bun="11 mmol/L").value == 80  # 30.8 mg/dL
    assert psi(bun="10 mmol/L").value == 60  # 28.0 mg/dL
    assert psi(glucose="14 mmol/L").value == 70  # 252 mg/dL
    assert psi(glucose="13.8 mmol/L").value == 60  # 248.6 mg/dL
    assert psi(pao2="7.9 kPa").value == 70  # 59.3 mm Hg


def test_labs_not_drawn_are_assumed_normal_with_warnings():
    r = calculate("psi", age=60, sex="male", respiratory_rate=18, systolic_bp=125, temperature=37, heart_rate=90)
    assert r.value == 60
    warned = {w.field for w in r.warnings if w.code == "assumed_default"}
    assert {"arterial_ph", "bun", "sodium", "glucose", "hematocrit", "pao2"} <= warned


@pytest.mark.parametrize("inputs, risk_class", [
    ({"age": 50}, "class I"),
    ({"age": 51}, "class II"),
    ({"age": 50, "congestive_heart_failure": True}, "class II"),  # 60 points, not step 1
    ({"age": 50, "heart_rate": 125}, "class II"),
    ({"age": 30, "bun": 40}, "class I"),  # labs are not part of step 1
    ({"age": 70}, "class II"),  # 70
    ({"age": 71}, "class III"),  # 71
    ({"age": 80, "nursing_home_resident": True}, "class III"),  # 90
    ({"age": 81, "nursing_home_resident": True}, "class IV"),  # 91
    ({"age": 80, "neoplastic_disease": True, "renal_disease": True, "nursing_home_resident": True}, "class IV"),  # 130
    ({"age": 81, "neoplastic_disease": True, "renal_disease": True, "nursing_home_resident": True}, "class V"),  # 131
])
def test_risk_class(inputs, risk_class):
    assert psi(**inputs).interpretation.startswith(risk_class + " ")


def test_worked_example():
    # woman 82 (72) + nursing home 10 + CHF 10 + RR 32 (20) + temp 34.5 (15) + BUN 42 (20) + pleural effusion 10
    # = 157, class V
    r = psi(age=82, sex="female", nursing_home_resident=True, congestive_heart_failure=True, respiratory_rate=32,
            temperature=34.5, bun=42, pleural_effusion=True)
    assert r.value == 157
    assert r.interpretation.startswith("class V")


def test_required_vital_sign():
    with pytest.raises(CalculatorInputError, match="temperature"):
        calculate("psi", {k: v for k, v in NORMAL.items() if k != "temperature"})


def test_impossible_age():
    with pytest.raises(CalculatorInputError, match="age"):
        psi(age=-5)


def test_medcalc_bench_row():
    # row 828: age 25 (25) + AMS 20 + temp 34 °C 15 + pH 7.17 30 + RR 32 20 + BUN 33.21 20 + Na 123 20
    # + glucose 15 mmol/L = 270 mg/dL 10 = 160
    r = from_medcalc_bench(29, "{'Hematocrit': [35.0, '%'], 'Glucose': [15.0, 'mmol/L'], 'Partial pressure of "
                               "oxygen (PaO₂) for Apache II': [67.0, 'mm Hg'], 'Congestive Heart Faliure': False, "
                               "'Renal disease': False, 'Cerebrovascular disease history': False, 'Liver disease "
                               "severity': False, 'Neoplastic disease': False, 'pH': 7.17, 'Blood Urea Nitrogen "
                               "(BUN)': [33.21, 'mg/dL'], 'age': [25.0, 'years'], 'Altered mental status': True, "
                               "'Temperature': [34.0, 'degrees celsisus'], 'Sodium': [123.0, 'mmol/L'], 'Heart Rate "
                               "or Pulse': [101.0, 'beats per minute'], 'Pleural effusion on x-ray': False, 'sex': "
                               "'Male', 'Systolic Blood Pressure': [123.0, 'mm Hg'], 'respiratory rate': [32.0, "
                               "'breaths per minute'], 'Nursing home resident': False}")
    assert r.value == 160
