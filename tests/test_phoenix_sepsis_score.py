import pytest

from medreckon import calculate

WELL = dict(age=5, respiratory_support="none", fio2=21, spo2=99, vasoactive_drugs=0, mean_arterial_pressure=70,
            fixed_pupils=False, suspected_infection=True)


def phoenix(**kw):
    return calculate("phoenix-sepsis-score", {**WELL, **kw})


def test_worked_example():
    r = calculate("Phoenix Sepsis Score", age="2 wk", respiratory_support="none", fio2=21, spo2=96, vasoactive_drugs=0,
                  lactate=2.3, mean_arterial_pressure=52, platelets=225, inr=1.1, d_dimer=0.6, fibrinogen=285, gcs=15,
                  fixed_pupils=False, suspected_infection=True)
    assert r.value == 0 and r.outputs["diagnosis"]["value"] == "Does not meet sepsis criteria"


@pytest.mark.parametrize("kw, points", [
    (dict(pao2=80, fio2=21), 0),  # P/F 381 but no respiratory support
    (dict(pao2=80, fio2=21, respiratory_support="any respiratory support"), 1),
    (dict(pao2=84, fio2=21, respiratory_support="any respiratory support"), 0),  # P/F 400
    (dict(pao2=100, fio2=50, respiratory_support="invasive mechanical ventilation"), 2),  # 200
    (dict(pao2=101, fio2=50, respiratory_support="invasive mechanical ventilation"), 1),
    (dict(pao2=49, fio2=50, respiratory_support="invasive mechanical ventilation"), 3),  # 98
    (dict(spo2=92, fio2=40, respiratory_support="any respiratory support"), 1),  # S/F 230
    (dict(spo2=88, fio2=40, respiratory_support="invasive mechanical ventilation"), 2),  # 220
    (dict(spo2=88, fio2=60, respiratory_support="invasive mechanical ventilation"), 3),  # 147
    (dict(spo2=98, fio2=60, respiratory_support="invasive mechanical ventilation"), 0),  # SpO2 > 97 not read
])
def test_respiratory(kw, points):
    assert phoenix(**kw).value == points


@pytest.mark.parametrize("age, low, high", [("2 wk", 17, 30), ("6 mo", 25, 38), (1.5, 31, 43), (3, 32, 44), (8, 36, 48),
                                            (15, 38, 51)])
def test_map_cut_offs_by_age(age, low, high):
    assert phoenix(age=age, mean_arterial_pressure=high + 1).value == 0
    assert phoenix(age=age, mean_arterial_pressure=high).value == 1
    assert phoenix(age=age, mean_arterial_pressure=low).value == 1
    assert phoenix(age=age, mean_arterial_pressure=low - 1).value == 2


@pytest.mark.parametrize("kw, points", [(dict(vasoactive_drugs=1), 1), (dict(vasoactive_drugs=3), 2),
                                        (dict(lactate=4.9), 0), (dict(lactate=5), 1), (dict(lactate=11), 2)])
def test_vasoactives_and_lactate(kw, points):
    r = phoenix(**kw)
    assert r.value == points and r.outputs["cardiovascular_points"]["value"] == points


@pytest.mark.parametrize("kw, points", [
    (dict(platelets=99), 1), (dict(platelets=100), 0), (dict(inr=1.31), 1), (dict(inr=1.3), 0), (dict(d_dimer=2.1), 1),
    (dict(d_dimer=2), 0), (dict(fibrinogen=99), 1), (dict(fibrinogen="1 g/L"), 0),
    (dict(platelets=50, inr=2, d_dimer=5), 2),
])
def test_coagulation_capped_at_2(kw, points):
    assert phoenix(**kw).value == points


@pytest.mark.parametrize("kw, points", [(dict(gcs=10), 1), (dict(gcs=11), 0), (dict(fixed_pupils=True, gcs=8), 2)])
def test_neurological(kw, points):
    assert phoenix(**kw).value == points


def test_sepsis_and_septic_shock():
    assert phoenix(platelets=50, inr=2).outputs["diagnosis"]["value"] == "Sepsis"
    assert phoenix(platelets=50, vasoactive_drugs=1).outputs["diagnosis"]["value"] == "Septic shock"
    assert phoenix(platelets=50, inr=2, suspected_infection=False).outputs["diagnosis"]["value"] == \
        "Does not meet sepsis criteria"
    assert phoenix(gcs=9).outputs["diagnosis"]["value"] == "Does not meet sepsis criteria"
