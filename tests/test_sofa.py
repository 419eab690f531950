import pytest

from medreckon import CalculatorInputError, calculate, from_medcalc_bench

# PaO2/FiO2 100 / 0.21 = 476; platelets 200; GCS 15; bilirubin 0.8; MAP (120 + 160)/3 = 93; creatinine 0.9: 0
NORMAL = dict(pao2=100, fio2=21, platelets=200, gcs=15, bilirubin=0.8, systolic_bp=120, diastolic_bp=80,
              creatinine=0.9)


def sofa(**kw):
    return calculate("sofa", {**NORMAL, **kw})


def test_normal_patient_scores_zero():
    assert sofa().value == 0


# FiO2 50% (0.5): P/F = 2 × PaO2. ≥400 0, <400 1, <300 2, <200 with support 3, <100 with support 4.
@pytest.mark.parametrize("pao2, support, points", [
    (200, {}, 0),                                # 400
    (199.5, {}, 1),                              # 399
    (150, {}, 1),                                # 300
    (149.5, {}, 2),                              # 299
    (100, {"mechanical_ventilation": True}, 2),  # 200
    (99.5, {}, 2),                               # 199, no support: at most 2
    (99.5, {"mechanical_ventilation": True}, 3),
    (99.5, {"cpap": True}, 3),
    (50, {"mechanical_ventilation": True}, 3),   # 100
    (49.5, {"mechanical_ventilation": True}, 4),  # 99
    (49.5, {"cpap": True}, 4),
    (49.5, {}, 2),
])
def test_respiration(pao2, support, points):
    assert sofa(pao2=pao2, fio2=50, **support).value == points


def test_fio2_fraction_and_kpa():
    # 13.3 kPa = 99.76 mm Hg; / 0.5 = 199.5 → < 200 with ventilation → 3
    assert sofa(pao2="13.3 kPa", fio2={"value": 0.5, "unit": "1"}, mechanical_ventilation=True).value == 3


@pytest.mark.parametrize("platelets, points", [
    (150, 0), (149, 1), (100, 1), (99, 2), (50, 2), (49, 3), (20, 3), (19, 4), ("140000 /uL", 1), ("19 10^3/uL", 4),
])
def test_coagulation(platelets, points):
    assert sofa(platelets=platelets).value == points


@pytest.mark.parametrize("bilirubin, points", [
    (1.19, 0), (1.2, 1), (1.99, 1), (2.0, 2), (5.99, 2), (6.0, 3), (11.99, 3), (12.0, 4), ("103 umol/L", 3),
])
def test_liver(bilirubin, points):
    assert sofa(bilirubin=bilirubin).value == points


@pytest.mark.parametrize("gcs, points", [(15, 0), (14, 1), (13, 1), (12, 2), (10, 2), (9, 3), (6, 3), (5, 4), (3, 4)])
def test_central_nervous_system(gcs, points):
    assert sofa(gcs=gcs).value == points


@pytest.mark.parametrize("inputs, points", [
    ({"mean_arterial_pressure": 70}, 0),
    ({"mean_arterial_pressure": 69.9}, 1),
    ({"systolic_bp": 90, "diastolic_bp": 60}, 0),  # MAP 70
    ({"systolic_bp": 87, "diastolic_bp": 60}, 1),  # MAP 69
    ({"hypotension": True}, 1),
    ({"dopamine": 5}, 2), ({"dopamine": 5.1}, 3), ({"dopamine": 15}, 3), ({"dopamine": 15.1}, 4),
    ({"dopamine": 0}, 0),
    ({"dobutamine": 1}, 2), ({"dobutamine": 20}, 2),
    ({"epinephrine": 0.1}, 3), ({"epinephrine": 0.11}, 4),
    ({"norepinephrine": 0.1}, 3), ({"norepinephrine": 0.11}, 4),
    ({"dopamine": 3, "norepinephrine": 0.2}, 4),  # the highest that applies
    ({"dobutamine": 5, "epinephrine": 0.05, "hypotension": True}, 3),
])
def test_cardiovascular(inputs, points):
    assert sofa(**inputs).value == points


def test_vasopressor_units():
    # 6 µg/kg/h = 0.1 µg/kg/min → 3
    assert sofa(norepinephrine="6 ug/kg/h").value == 3
    assert sofa(norepinephrine="0.3 mcg/kg/min").value == 4


def test_hypotension_with_normal_map_is_scored_and_warned():
    r = sofa(hypotension=True)
    assert r.value == 1
    assert any(w.field == "hypotension" for w in r.warnings)


def test_single_pressure_is_not_a_map():
    r = calculate("sofa", {**{k: v for k, v in NORMAL.items() if k != "systolic_bp"}, "diastolic_bp": 40})
    assert r.value == 0
    assert any(w.field == "diastolic_bp" for w in r.warnings)


@pytest.mark.parametrize("creatinine, points", [
    (1.19, 0), (1.2, 1), (1.99, 1), (2.0, 2), (3.49, 2), (3.5, 3), (4.99, 3), (5.0, 4), ("450 umol/L", 4),
])
def test_renal_creatinine(creatinine, points):
    assert sofa(creatinine=creatinine).value == points


@pytest.mark.parametrize("urine, points", [(500, 0), (499, 3), (200, 3), (199, 4), ("20 mL/h", 3), ("0.1 L/d", 4)])
def test_renal_urine_output(urine, points):
    inputs = {k: v for k, v in NORMAL.items() if k != "creatinine"}
    assert calculate("sofa", {**inputs, "urine_output": urine}).value == points


def test_renal_takes_the_worse_criterion():
    assert sofa(creatinine=1.5, urine_output=150).value == 4
    assert sofa(creatinine=3.6, urine_output=900).value == 3


def test_worked_example():
    # P/F 60/0.4 = 150 on ventilation (3); platelets 45 (3); bilirubin 2.5 (2); norepinephrine 0.05 (3);
    # GCS 11 (2); creatinine 2.4 (2), urine 450 (3) → 3: total 3 + 3 + 2 + 3 + 2 + 3 = 16
    r = calculate("sofa", pao2=60, fio2=40, mechanical_ventilation=True, platelets=45, bilirubin=2.5,
                  norepinephrine=0.05, gcs=11, creatinine=2.4, urine_output=450)
    assert r.value == 16
    assert "Ferreira" in r.interpretation


def test_missing_vasopressors_are_warned_as_none():
    r = sofa()
    assert {w.field for w in r.warnings if w.code == "assumed_default"} >= {"dopamine", "norepinephrine"}


def test_renal_needs_creatinine_or_urine_output():
    inputs = {k: v for k, v in NORMAL.items() if k != "creatinine"}
    with pytest.raises(CalculatorInputError, match="creatinine"):
        calculate("sofa", inputs)


@pytest.mark.parametrize("bad", [{"gcs": 2}, {"fio2": 0}, {"dopamine": -1}, {"diastolic_bp": 130}])
def test_impossible_inputs(bad):
    with pytest.raises(CalculatorInputError):
        sofa(**bad)


def test_pao2_is_required():
    with pytest.raises(CalculatorInputError, match="pao2"):
        calculate("sofa", {k: v for k, v in NORMAL.items() if k != "pao2"})


def test_medcalc_bench_row():
    # row 888: P/F 76/0.6 = 126.7 ventilated (3); hypotension (1); GCS 9 (3); bilirubin 88.41 µmol/L = 5.17 mg/dL
    # (2); platelets 140.4 (1); creatinine 121.32 µmol/L = 1.37 mg/dL (1) → 11
    r = from_medcalc_bench(43, "{'FiO₂': [60.0, '%'], 'Continuous veno-venous hemodialysis for ≥24 hours in the "
                               "past week': False, 'On mechanical ventilation': True, 'Partial pressure of oxygen "
                               "(PaO₂) for Apache II': [76.0, 'mm Hg'], 'Hypotension': True, 'Glasgow Coma Score': "
                               "9.0, 'creatinine': [121.32, 'µmol/L'], 'Bilirubin': [88.41, 'µmol/L'], 'Platelet "
                               "count': [140400.0, 'µL'], 'Continous positive airway pressure': False}")
    assert r.value == 11
