from math import exp, log

import pytest

from medreckon import CalculatorInputError, calculate, from_medcalc_bench
from medreckon.calculators.library.framingham import atp3_risk_category


def male(age, tc, hdl, sbp, treated, smoker):
    a = log(age)
    lp = (52.00961 * a + 20.014077 * log(tc) - 0.905964 * log(hdl) + 1.305784 * log(sbp) + 0.241549 * treated
          + 12.096316 * smoker - 4.605038 * a * log(tc) - 2.84367 * log(min(age, 70)) * smoker - 2.93323 * a * a
          - 172.300168)
    return 100 * (1 - 0.9402 ** exp(lp))


def female(age, tc, hdl, sbp, treated, smoker):
    a = log(age)
    lp = (31.764001 * a + 22.465206 * log(tc) - 1.187731 * log(hdl) + 2.552905 * log(sbp) + 0.420251 * treated
          + 13.07543 * smoker - 5.060998 * a * log(tc) - 2.996945 * log(min(age, 78)) * smoker - 146.5933061)
    return 100 * (1 - 0.98767 ** exp(lp))


def frs(**kw):
    return calculate("framingham-hard-chd", kw)


def test_male_smoker():
    r = frs(age=54, sex="male", smoker=True, total_cholesterol=235, hdl=26, systolic_bp=139, bp_treated=False)
    assert r.value == pytest.approx(male(54, 235, 26, 139, 0, 1))
    assert r.value == pytest.approx(29.02, abs=0.01)  # ATP III points table: 16 points ≈ 25%
    assert r.interpretation.startswith("> 20%")


def test_female_treated():
    r = frs(age=67, sex="female", smoker=False, total_cholesterol=167, hdl=40, systolic_bp=170, bp_treated=True)
    assert r.value == pytest.approx(female(67, 167, 40, 170, 1, 0))
    assert r.value == pytest.approx(10.40, abs=0.01)


@pytest.mark.parametrize("age", [70, 71, 75])
def test_male_smoking_age_capped_at_70(age):
    r = frs(age=age, sex="male", smoker=True, total_cholesterol=200, hdl=45, systolic_bp=130, bp_treated=False)
    assert r.value == pytest.approx(male(age, 200, 45, 130, 0, 1))


@pytest.mark.parametrize("age", [78, 79])
def test_female_smoking_age_capped_at_78(age):
    r = frs(age=age, sex="female", smoker=True, total_cholesterol=200, hdl=45, systolic_bp=130, bp_treated=False)
    assert r.value == pytest.approx(female(age, 200, 45, 130, 0, 1))


def test_cap_matters_above_70_for_men():
    # uncapped ln(75) would lower the risk: the cap must not be ignored
    a = log(75)
    uncapped_lp = (52.00961 * a + 20.014077 * log(200) - 0.905964 * log(45) + 1.305784 * log(130) + 12.096316
                   - 4.605038 * a * log(200) - 2.84367 * a - 2.93323 * a * a - 172.300168)
    r = frs(age=75, sex="male", smoker=True, total_cholesterol=200, hdl=45, systolic_bp=130, bp_treated=False)
    assert r.value > 100 * (1 - 0.9402 ** exp(uncapped_lp)) + 0.5


def test_cholesterol_mmol_matches_mg_dl():
    a = frs(age=50, sex="male", smoker=False, total_cholesterol="5.17 mmol/L", hdl="1.29 mmol/L", systolic_bp=125,
            bp_treated=False)
    assert a.value == pytest.approx(male(50, 5.17 * 38.665, 1.29 * 38.665, 125, 0, 0))


@pytest.mark.parametrize("risk, start", [(9.99, "< 10%"), (10, "10-20%"), (20, "10-20%"), (20.01, "> 20%")])
def test_atp3_categories_both_sides(risk, start):
    assert atp3_risk_category(risk).startswith(start)


def test_missing_findings_are_warned_absent():
    r = frs(age=50, sex="female", total_cholesterol=200, hdl=50, systolic_bp=120)
    assert r.value == pytest.approx(female(50, 200, 50, 120, 0, 0))
    assert {w.field for w in r.warnings if w.code == "assumed_default"} == {"smoker", "bp_treated"}


def test_errors():
    with pytest.raises(CalculatorInputError) as e:
        calculate("framingham-risk-score", age=50, total_cholesterol=200, hdl=0, systolic_bp=120)
    assert {i.field for i in e.value.issues} == {"sex", "hdl"}


def test_medcalc_bench_row_552_in_percent():
    r = from_medcalc_bench(46, "{'sex': 'Male', 'age': [54, 'years'], 'Systolic Blood Pressure': [139.0, 'mm hg'], "
                               "'Smoker': True, 'Total cholesterol': [235.0, 'mg/dL'], "
                               "'high-density lipoprotein cholesterol': [26.0, 'mg/dL'], "
                               "'Blood pressure being treated with medicines': False}")
    assert r.value == pytest.approx(male(54, 235, 26, 139, 0, 1))
    assert r.unit == "%"
