import pytest

from medreckon import CalculatorInputError, calculate

ITEMS = [("emboli", 5), ("meningitis", 5), ("intracardiac_device_or_previous_ie", 4), ("native_valve_disease", 3),
         ("injection_drug_use", 4), ("persistent_bacteremia", 3), ("vertebral_osteomyelitis", 2),
         ("community_acquisition", 2), ("severe_sepsis_or_shock", 1)]


def virsta(**kw):
    return calculate("virsta", {"crp": 50, **{name: False for name, _ in ITEMS}, **kw})


@pytest.mark.parametrize("name, points", ITEMS)
def test_each_item(name, points):
    assert virsta(**{name: True}).value == points


@pytest.mark.parametrize("crp, points", [(190, 0), (190.1, 1), ("19 mg/dL", 0), ("19.1 mg/dL", 1)])
def test_crp_above_190(crp, points):
    assert virsta(crp=crp).value == points


@pytest.mark.parametrize("kw, high", [(dict(vertebral_osteomyelitis=True), False),
                                      (dict(vertebral_osteomyelitis=True, severe_sepsis_or_shock=True), True)])
def test_high_risk_from_3(kw, high):
    assert virsta(**kw).interpretation.startswith("high risk") is high


def test_worked_case():
    r = virsta(emboli=True, native_valve_disease=True, persistent_bacteremia=True, community_acquisition=True,
               severe_sepsis_or_shock=True, crp=236)
    assert r.value == 15


def test_negative_crp():
    with pytest.raises(CalculatorInputError, match="crp"):
        virsta(crp=-1)
