import pytest

from medreckon import CalculatorInputError, calculate

NONE = dict(ph=7.40, systolic_bp=120, respiratory_rate=18, bun=15, pao2=90, fio2=21, age=50)


def scap(**kw):
    return calculate("scap", {**NONE, **kw})


@pytest.mark.parametrize("kw, points", [
    (dict(ph=7.30), 0), (dict(ph=7.29), 13), (dict(systolic_bp=90), 0), (dict(systolic_bp=89), 11),
    (dict(respiratory_rate=30), 0), (dict(respiratory_rate=31), 9), (dict(bun=30), 0), (dict(bun=30.1), 5),
    (dict(age=79), 0), (dict(age=80), 5), (dict(altered_mental_status=True), 5), (dict(multilobar_infiltrates=True), 5),
])
def test_items(kw, points):
    assert scap(**kw).value == points


@pytest.mark.parametrize("pao2, fio2, points", [(53, 21, 6), (54, 21, 0), (100, 40, 0), (99, 40, 6), ("7 kPa", 21, 6)])
def test_hypoxaemia(pao2, fio2, points):
    # 54/0.21 = 257: a PaO2 of 54 scores only below 54; 100/0.4 = 250 is not < 250
    assert scap(pao2=pao2, fio2=fio2).value == points


def test_high_risk_from_10():
    assert "< 10" in scap(respiratory_rate=31).interpretation
    assert "≥ 10" in scap(respiratory_rate=31, bun=31).interpretation


def test_ph_out_of_range():
    with pytest.raises(CalculatorInputError, match="ph"):
        scap(ph=15)
