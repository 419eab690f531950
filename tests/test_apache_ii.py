import pytest

from medreckon import CalculatorInputError, calculate, from_medcalc_bench

# A patient with every physiology value normal, aged 40, FiO2 21% (PaO2 scored): 0 points.
NORMAL = dict(
    age=40, temperature=37, systolic_bp=120, diastolic_bp=80, heart_rate=80, respiratory_rate=16,
    fio2=21, pao2=90, arterial_ph=7.40, sodium=140, potassium=4.0, creatinine=1.0, hematocrit=40,
    white_cells=8, gcs=15,
)


def apache(**kw):
    return calculate("apache-ii", {**NORMAL, **kw})


def test_normal_patient_scores_zero():
    assert apache().value == 0


# Knaus 1985 / MDCalc bands, both sides of every threshold.
@pytest.mark.parametrize("field, value, points", [
    ("temperature", 41, 4), ("temperature", 40.9, 3), ("temperature", 39, 3), ("temperature", 38.9, 1),
    ("temperature", 38.5, 1), ("temperature", 38.4, 0), ("temperature", 36, 0), ("temperature", 35.9, 1),
    ("temperature", 34, 1), ("temperature", 33.9, 2), ("temperature", 32, 2), ("temperature", 31.9, 3),
    ("temperature", 30, 3), ("temperature", 29.9, 4),
    ("heart_rate", 180, 4), ("heart_rate", 179, 3), ("heart_rate", 140, 3), ("heart_rate", 139, 2),
    ("heart_rate", 110, 2), ("heart_rate", 109, 0), ("heart_rate", 70, 0), ("heart_rate", 69, 2),
    ("heart_rate", 55, 2), ("heart_rate", 54, 3), ("heart_rate", 40, 3), ("heart_rate", 39, 4),
    ("respiratory_rate", 50, 4), ("respiratory_rate", 49, 3), ("respiratory_rate", 35, 3),
    ("respiratory_rate", 34, 1), ("respiratory_rate", 25, 1), ("respiratory_rate", 24, 0),
    ("respiratory_rate", 12, 0), ("respiratory_rate", 11, 1), ("respiratory_rate", 10, 1),
    ("respiratory_rate", 9, 2), ("respiratory_rate", 6, 2), ("respiratory_rate", 5, 4),
    ("arterial_ph", 7.70, 4), ("arterial_ph", 7.69, 3), ("arterial_ph", 7.60, 3), ("arterial_ph", 7.59, 1),
    ("arterial_ph", 7.50, 1), ("arterial_ph", 7.49, 0), ("arterial_ph", 7.33, 0), ("arterial_ph", 7.32, 2),
    ("arterial_ph", 7.25, 2), ("arterial_ph", 7.24, 3), ("arterial_ph", 7.15, 3), ("arterial_ph", 7.14, 4),
    ("sodium", 180, 4), ("sodium", 179, 3), ("sodium", 160, 3), ("sodium", 159, 2), ("sodium", 155, 2),
    ("sodium", 154, 1), ("sodium", 150, 1), ("sodium", 149, 0), ("sodium", 130, 0), ("sodium", 129, 2),
    ("sodium", 120, 2), ("sodium", 119, 3), ("sodium", 111, 3), ("sodium", 110, 4),
    ("potassium", 7.0, 4), ("potassium", 6.9, 3), ("potassium", 6.0, 3), ("potassium", 5.9, 1),
    ("potassium", 5.5, 1), ("potassium", 5.4, 0), ("potassium", 3.5, 0), ("potassium", 3.4, 1),
    ("potassium", 3.0, 1), ("potassium", 2.9, 2), ("potassium", 2.5, 2), ("potassium", 2.4, 4),
    ("creatinine", 3.5, 4), ("creatinine", 3.4, 3), ("creatinine", 2.0, 3), ("creatinine", 1.9, 2),
    ("creatinine", 1.5, 2), ("creatinine", 1.4, 0), ("creatinine", 0.6, 0), ("creatinine", 0.5, 2),
    ("hematocrit", 60, 4), ("hematocrit", 59.9, 2), ("hematocrit", 50, 2), ("hematocrit", 49.9, 1),
    ("hematocrit", 46, 1), ("hematocrit", 45.9, 0), ("hematocrit", 30, 0), ("hematocrit", 29.9, 2),
    ("hematocrit", 20, 2), ("hematocrit", 19.9, 4),
    ("white_cells", 40, 4), ("white_cells", 39.9, 2), ("white_cells", 20, 2), ("white_cells", 19.9, 1),
    ("white_cells", 15, 1), ("white_cells", 14.9, 0), ("white_cells", 3, 0), ("white_cells", 2.9, 2),
    ("white_cells", 1, 2), ("white_cells", 0.9, 4),
    ("gcs", 15, 0), ("gcs", 14, 1), ("gcs", 8, 7), ("gcs", 3, 12),
    ("age", 44, 0), ("age", 45, 2), ("age", 54, 2), ("age", 55, 3), ("age", 64, 3), ("age", 65, 5),
    ("age", 74, 5), ("age", 75, 6),
])
def test_bands(field, value, points):
    assert apache(**{field: value}).value == points


# MAP = (SBP + 2 DBP) / 3: ≥160 4, 130-159 3, 110-129 2, 70-109 0, 50-69 2, <50 4
@pytest.mark.parametrize("sbp, dbp, points", [
    (200, 140, 4),  # MAP 160
    (199, 139, 3),  # 159
    (150, 120, 3),  # 130
    (147, 120, 2),  # 129
    (130, 100, 2),  # 110
    (127, 100, 0),  # 109
    (90, 60, 0),    # 70
    (87, 60, 2),    # 69
    (70, 40, 2),    # 50
    (67, 40, 4),    # 49
])
def test_mean_arterial_pressure_bands(sbp, dbp, points):
    assert apache(systolic_bp=sbp, diastolic_bp=dbp).value == points


def test_acute_renal_failure_doubles_creatinine_points():
    assert apache(creatinine=3.5, acute_renal_failure=True).value == 8
    assert apache(creatinine=1.5, acute_renal_failure=True).value == 4
    assert apache(creatinine=0.5, acute_renal_failure=True).value == 4
    assert apache(creatinine=1.0, acute_renal_failure=True).value == 0


@pytest.mark.parametrize("pao2, points", [(71, 0), (70.5, 0), (70, 1), (61, 1), (60, 3), (55, 3), (54, 4)])
def test_pao2_scored_below_fio2_50(pao2, points):
    assert apache(fio2=49, pao2=pao2).value == points


@pytest.mark.parametrize("gradient, points", [(500, 4), (499, 3), (350, 3), (349, 2), (200, 2), (199, 0)])
def test_a_a_gradient_scored_from_fio2_50(gradient, points):
    assert apache(fio2=50, a_a_gradient=gradient).value == points


def test_a_a_gradient_computed_from_pao2_and_paco2():
    # PAO2 = 0.6 × (760 − 47) − 40 / 0.8 = 427.8 − 50 = 377.8; A-a = 377.8 − 100 = 277.8 → 2 points
    r = apache(fio2=60, pao2=100, paco2=40)
    assert r.value == 2
    assert any(s.what == "A-a gradient" and s.value == pytest.approx(277.8) for s in r.steps)
    # the same gradient with PaO2 70 → 307.8 → still 2; with PaO2 20 → 357.8 → 3
    assert apache(fio2=60, pao2=20, paco2=40).value == 3


def test_given_gradient_wins_and_unused_gradient_warns():
    assert apache(fio2=60, a_a_gradient=150, pao2=20, paco2=40).value == 0
    r = apache(fio2=40, pao2=90, a_a_gradient=450)
    assert r.value == 0
    assert any(w.field == "a_a_gradient" for w in r.warnings)


def test_fio2_as_fraction_with_unit():
    assert apache(fio2={"value": 0.6, "unit": "1"}, a_a_gradient=360).value == 3


@pytest.mark.parametrize("admission, points", [
    ("nonoperative", 5), ("emergency_postoperative", 5), ("elective_postoperative", 2), ("Elective", 2),
    ("Nonoperative ", 5),
])
def test_chronic_health_points_by_admission(admission, points):
    assert apache(chronic_organ_insufficiency=True, admission=admission).value == points


def test_admission_alone_scores_nothing():
    assert apache(admission="nonoperative").value == 0


def test_units():
    assert apache(temperature="102.2 degF").value == 3  # 39.0 °C
    assert apache(temperature="100.4 degF").value == 0  # 38.0 °C
    assert apache(creatinine="450 umol/L").value == 4  # 5.09 mg/dL
    assert apache(white_cells="41000 /uL").value == 4  # 41 ×10⁹/L
    assert apache(white_cells="9100 /uL").value == 0
    assert apache(sodium="160 mmol/L").value == 3
    assert apache(hematocrit={"value": 0.62, "unit": "1"}).value == 4


def test_worked_example():
    # age 67 (5); temp 39.2 (3); MAP (100 + 2×50)/3 = 66.7 (2); HR 125 (2); RR 30 (1); FiO2 40%, PaO2 58 (3);
    # pH 7.30 (2); Na 128 (2); K 3.2 (1); creatinine 2.2 with ARF (3×2 = 6); Hct 28 (2); WBC 18 (1);
    # GCS 11 (4); chronic health, emergency postoperative (5): 5+3+2+2+1+3+2+2+1+6+2+1+4+5 = 39
    r = calculate("apache-ii", age=67, temperature=39.2, systolic_bp=100, diastolic_bp=50, heart_rate=125,
                  respiratory_rate=30, fio2=40, pao2=58, arterial_ph=7.30, sodium=128, potassium=3.2,
                  creatinine=2.2, acute_renal_failure=True, hematocrit=28, white_cells=18, gcs=11,
                  chronic_organ_insufficiency=True, admission="emergency_postoperative")
    assert r.value == 39
    assert r.steps[-1].what == "total"


def test_chronic_health_needs_admission_type():
    with pytest.raises(CalculatorInputError, match="admission"):
        apache(chronic_organ_insufficiency=True)


def test_high_fio2_needs_gradient_or_blood_gases():
    with pytest.raises(CalculatorInputError, match="a_a_gradient"):
        apache(fio2=60, pao2=90)


def test_low_fio2_needs_pao2():
    inputs = {k: v for k, v in NORMAL.items() if k != "pao2"}
    with pytest.raises(CalculatorInputError, match="pao2"):
        calculate("apache-ii", {**inputs, "a_a_gradient": 300})


@pytest.mark.parametrize("bad", [{"gcs": 16}, {"gcs": 2}, {"diastolic_bp": 130}, {"fio2": 0}])
def test_impossible_inputs(bad):
    with pytest.raises(CalculatorInputError):
        apache(**bad)


def test_medcalc_bench_row():
    # row 868: age 43 (0), temp 34.9 (1), MAP 94.7 (0), HR 120 (2), RR 17 (0), FiO2 57% A-a 375 (3),
    # pH 7.53 (1), Na, K, creatinine 1.258 with ARF (0), Hct 35, WBC 9103/µL = 9.1 ×10⁹/L (0), GCS 12 (3) = 10
    r = from_medcalc_bench(28, "{'Heart Rate or Pulse': [120.0, 'beats per minute'], 'Sodium': [137.49, 'mmol/L'], "
                               "'creatinine': [1.258, 'mg/dL'], 'FiO₂': [57.0, '%'], 'Systolic Blood Pressure': "
                               "[122.0, 'mm Hg'], 'age': [43.0, 'years'], 'Acute renal failure': True, 'Hematocrit': "
                               "[35.0, '%'], 'Glasgow Coma Score': 12.0, 'pH': 7.53, 'White blood cell count': "
                               "[9103.0, 'µL'], 'Potassium': [5.43, 'mmol/L'], 'Temperature': [34.9, 'degrees "
                               "celsisus'], 'respiratory rate': [17.0, 'breaths per minute'], 'History of severe "
                               "organ failure or immunocompromise': False, 'A-a gradient': 375.0, 'Chronic Renal "
                               "Failure': False, 'Diastolic Blood Pressure': [81.0, 'mm Hg']}")
    assert r.value == 10
