import pytest

from medreckon import CalculatorInputError, calculate

BASE = dict(age=60, sex="male", creatinine=1.0, height=170)


def crcl(**kw):
    return calculate("cockcroft-gault", {**BASE, **kw})


def ibw_male_170():
    return 50 + 2.3 * (170 / 2.54 - 60)


def test_underweight_uses_actual_weight():
    # BMI 17.3 < 18.5
    assert crcl(weight=50).value == pytest.approx(80 * 50 / 72)


def test_bmi_18_5_boundary():
    w_below = 18.49 * 1.7**2  # BMI just under 18.5: actual
    w_at = 18.5 * 1.7**2  # BMI 18.5: min(ideal, actual)
    assert crcl(weight=w_below).value == pytest.approx(80 * w_below / 72)
    assert crcl(weight=w_at).value == pytest.approx(80 * min(w_at, ibw_male_170()) / 72)


def test_normal_bmi_uses_lesser_of_ideal_and_actual():
    assert crcl(weight=70).value == pytest.approx(80 * min(70, ibw_male_170()) / 72)
    assert crcl(weight=60).value == pytest.approx(80 * 60 / 72)


def test_bmi_25_boundary():
    w_below = 24.99 * 1.7**2
    w_at = 25.001 * 1.7**2
    ibw = ibw_male_170()
    assert crcl(weight=w_below).value == pytest.approx(80 * min(w_below, ibw) / 72)
    assert crcl(weight=w_at).value == pytest.approx(80 * (ibw + 0.4 * (w_at - ibw)) / 72)


def test_female_factor():
    assert crcl(weight=50, sex="female").value == pytest.approx(0.85 * 80 * 50 / 72)


def test_creatinine_umol():
    assert crcl(weight=50, creatinine="88.4 umol/L").value == pytest.approx(80 * 50 / 72, rel=1e-4)


@pytest.mark.parametrize("rule, expected", [("actual", 100.0), ("ideal", None), ("adjusted", None)])
def test_weight_rule_option(rule, expected):
    ibw = ibw_male_170()
    w = {"actual": 100.0, "ideal": ibw, "adjusted": ibw + 0.4 * (100 - ibw)}[rule]
    r = crcl(weight=100, weight_rule=rule)
    assert r.value == pytest.approx(80 * w / 72)
    assert not any(x.code == "assumed_default" for x in r.warnings)


def test_actual_weight_rule_needs_no_height():
    r = calculate("crcl", age=60, sex="male", creatinine=1.0, weight=70, weight_rule="actual")
    assert r.value == pytest.approx(80 * 70 / 72)


def test_height_missing_for_bmi_rule_is_a_clear_error():
    with pytest.raises(CalculatorInputError, match="weight_rule='actual'"):
        calculate("crcl", age=60, sex="male", creatinine=1.0, weight=70)


def test_medcalc_bench_row():
    from medreckon import from_medcalc_bench

    r = from_medcalc_bench(2, "{'sex': 'Male', 'age': [87, 'years'], 'weight': [48.0, 'kg'], "
                              "'height': [163.0, 'cm'], 'creatinine': [1.4, 'mg/dL']}")
    assert r.value == pytest.approx(25.238, abs=1e-3)
