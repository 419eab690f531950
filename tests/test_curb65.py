import pytest

from medreckon import CalculatorInputError, calculate, from_medcalc_bench

# no criterion met: total 0
BASE = dict(bun=10, respiratory_rate=16, systolic_bp=120, diastolic_bp=80, age=50)


def curb(**kw):
    return calculate("curb-65", {**BASE, **kw})


def test_no_criterion():
    assert curb().value == 0


@pytest.mark.parametrize("bun, points", [(19, 0), (19.1, 1), ("6.7 mmol/L", 0), ("7.0 mmol/L", 1)])
def test_bun_above_19(bun, points):
    # urea 6.7 mmol/L × 2.8 = 18.8 mg/dL; 7.0 mmol/L × 2.8 = 19.6 mg/dL
    assert curb(bun=bun).value == points


@pytest.mark.parametrize("rr, points", [(29, 0), (30, 1)])
def test_respiratory_rate_at_least_30(rr, points):
    assert curb(respiratory_rate=rr).value == points


@pytest.mark.parametrize("sbp, points", [(90, 0), (89, 1)])
def test_systolic_below_90(sbp, points):
    assert curb(systolic_bp=sbp).value == points


@pytest.mark.parametrize("dbp, points", [(61, 0), (60, 1)])
def test_diastolic_at_most_60(dbp, points):
    assert curb(diastolic_bp=dbp).value == points


def test_low_systolic_and_diastolic_score_once():
    assert curb(systolic_bp=80, diastolic_bp=50).value == 1


def test_blood_pressure_in_kpa():
    assert curb(systolic_bp="11.9 kPa").value == 1  # 11.9 × 7.5006 = 89.3 mmHg


@pytest.mark.parametrize("age, points", [(64, 0), (64.9, 0), (65, 1)])
def test_age_at_least_65(age, points):
    assert curb(age=age).value == points


def test_confusion():
    assert curb(confusion=True).value == 1


@pytest.mark.parametrize("kw, total, words", [
    (dict(age=70), 1, "low severity"),
    (dict(age=70, confusion=True), 2, "moderate severity"),
    (dict(age=70, confusion=True, respiratory_rate=32), 3, "high severity"),
])
def test_interpretation_band_limits(kw, total, words):
    r = curb(**kw)
    assert r.value == total and words in r.interpretation


def test_all_five():
    r = curb(confusion=True, bun=40, respiratory_rate=35, systolic_bp=80, diastolic_bp=50, age=80)
    assert r.value == 5
    assert [s.value for s in r.steps] == [1, 1, 1, 1, 1, 5]


def test_missing_confusion_warns():
    r = curb()
    assert [w.field for w in r.warnings if w.code == "assumed_default"] == ["confusion"]


def test_errors():
    with pytest.raises(CalculatorInputError, match="diastolic_bp"):
        calculate("curb-65", bun=10, respiratory_rate=16, systolic_bp=120, age=50)
    with pytest.raises(CalculatorInputError, match="bun"):
        curb(bun=-1)


def test_medcalc_bench_row_with_urea_in_mmol():
    # row 540: urea 20.5 mmol/L = 57.4 mg/dL (+1); RR 22, BP 170/80, age 60: 0
    r = from_medcalc_bench(45, "{'Systolic Blood Pressure': [170.0, 'mm hg'], 'respiratory rate': [22.0, "
                               "'breaths per minute'], 'Blood Urea Nitrogen (BUN)': [20.5, 'mmol/L'], 'Confusion': "
                               "False, 'Diastolic Blood Pressure': [80.0, 'mm hg'], 'age': [60.0, 'years']}")
    assert r.value == 1
