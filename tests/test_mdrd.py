import pytest

from medreckon import CalculatorInputError, calculate, from_medcalc_bench


def gfr(**kw):
    return calculate("mdrd", kw)


def test_white_male():
    assert gfr(age=60, sex="male", creatinine=1.0, race="white").value == pytest.approx(175 * 60**-0.203)


def test_black_female():
    r = gfr(age=50, sex="female", creatinine=2.0, race="Black")
    assert r.value == pytest.approx(175 * 2.0**-1.154 * 50**-0.203 * 0.742 * 1.212)
    assert "G3" in r.interpretation or "G4" in r.interpretation


@pytest.mark.parametrize("race, factor", [("African American", 1.212), ("black", 1.212), ("Asian", 1.0),
                                           ("non-black", 1.0), ("Caucasian", 1.0)])
def test_race_synonyms(race, factor):
    r = gfr(age=70, sex="male", creatinine=1.5, race=race)
    assert r.value == pytest.approx(175 * 1.5**-1.154 * 70**-0.203 * factor)


def test_missing_race_is_non_black_with_a_warning():
    r = gfr(age=70, sex="male", creatinine=1.5)
    assert r.value == pytest.approx(175 * 1.5**-1.154 * 70**-0.203)
    assert any(w.field == "race" and w.code == "assumed_default" for w in r.warnings)


def test_constant_186_option():
    r = gfr(age=70, sex="male", creatinine=1.5, race="white", constant=186)
    assert r.value == pytest.approx(186 * 1.5**-1.154 * 70**-0.203)
    assert gfr(age=70, sex="male", creatinine=1.5, race="white", constant="186").value == pytest.approx(r.value)
    with pytest.raises(CalculatorInputError, match="constant"):
        gfr(age=70, sex="male", creatinine=1.5, constant=180)


def test_creatinine_umol():
    r = gfr(age=43, sex="male", creatinine="106 umol/L", race="white")
    assert r.value == pytest.approx(175 * (106 * 113.12 / 10000) ** -1.154 * 43**-0.203)


def test_above_60_warns_and_below_does_not():
    high = gfr(age=40, sex="male", creatinine=0.9, race="white")  # 175 × 0.9^−1.154 × 40^−0.203 ≈ 94
    low = gfr(age=40, sex="male", creatinine=2.0, race="white")
    assert high.value > 60 and any("above 60" in w.message for w in high.warnings)
    assert low.value < 60 and not any("above 60" in w.message for w in low.warnings)


def test_unknown_race_and_missing_age():
    with pytest.raises(CalculatorInputError) as e:
        calculate("mdrd", sex="male", creatinine=1.0, race="martian")
    assert {i.field for i in e.value.issues} == {"age", "race"}


def test_medcalc_bench_rows():
    r = from_medcalc_bench(9, "{'age': [27, 'years'], 'creatinine': [14.6, 'mg/dL'], 'sex': 'Female', 'Race': 'Black'}")
    assert r.value == pytest.approx(175 * 14.6**-1.154 * 27**-0.203 * 1.212 * 0.742)
    assert r.value == pytest.approx(3.654, abs=1e-3)
    r = from_medcalc_bench(9, "{'age': [51, 'years'], 'creatinine': [1.87, 'mg/dL'], 'sex': 'Male'}")
    assert r.value == pytest.approx(38.256, abs=1e-3)
