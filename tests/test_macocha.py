import pytest

from medreckon import CalculatorInputError, calculate

BASE = dict(mallampati="I", mouth_opening=4, spo2=96)


def macocha(**kw):
    return calculate("macocha", {**BASE, **kw})


@pytest.mark.parametrize("cls, points", [("I", 0), ("II", 0), ("III", 5), ("IV", 5)])
def test_mallampati(cls, points):
    assert macocha(mallampati=cls).value == points


@pytest.mark.parametrize("cm, points", [(3, 0), (2.9, 1), ("29 mm", 1)])
def test_mouth_opening_below_3(cm, points):
    assert macocha(mouth_opening=cm).value == points


@pytest.mark.parametrize("spo2, points", [(80, 0), (79, 1)])
def test_spo2_below_80(spo2, points):
    assert macocha(spo2=spo2).value == points


def test_findings_and_band():
    r = macocha(obstructive_sleep_apnea=True)
    assert r.value == 2 and "< 3" in r.interpretation
    r = macocha(obstructive_sleep_apnea=True, coma=True)
    assert r.value == 3 and "≥ 3" in r.interpretation
    assert macocha(reduced_cervical_mobility=True, non_anesthesiologist=True).value == 2


def test_maximum():
    r = macocha(mallampati="IV", obstructive_sleep_apnea=True, reduced_cervical_mobility=True, mouth_opening=2,
                coma=True, spo2=70, non_anesthesiologist=True)
    assert r.value == 12


def test_class_as_number_is_refused():
    with pytest.raises(CalculatorInputError, match="mallampati"):
        macocha(mallampati="5")
