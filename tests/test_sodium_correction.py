import pytest

from medreckon import CalculatorInputError, calculate, from_medcalc_bench


def corrected(**kw):
    return calculate("sodium-correction-hyperglycemia", kw)


def test_katz_is_the_default():
    # 130 + 1.6 x (600 - 100) / 100 = 130 + 8
    r = corrected(sodium=130, glucose=600)
    assert r.value == pytest.approx(138.0)
    assert not any(w.code == "assumed_default" for w in r.warnings)


def test_hillier_option():
    # 130 + 2.4 x (600 - 100) / 100 = 130 + 12
    assert corrected(sodium=130, glucose=600, correction="hillier").value == pytest.approx(142.0)


def test_glucose_in_mmol_per_litre_and_sodium_in_mmol_per_litre():
    # 33.3 mmol/L x 18.016 mg/dL per mmol/L = 599.93 mg/dL
    r = corrected(sodium="130 mmol/L", glucose="33.3 mmol/L")
    assert r.value == pytest.approx(130 + 0.016 * (33.3 * 18.016 - 100), abs=1e-3)


def test_glucose_100_is_no_correction_and_below_100_warns():
    at = corrected(sodium=140, glucose=100)
    assert at.value == pytest.approx(140.0)
    assert not any(w.field == "glucose" for w in at.warnings)
    below = corrected(sodium=140, glucose=99)
    assert below.value == pytest.approx(140 - 0.016)
    assert any(w.field == "glucose" and "below 100" in w.message for w in below.warnings)


def test_unknown_correction_is_rejected():
    with pytest.raises(CalculatorInputError, match="correction"):
        corrected(sodium=130, glucose=600, correction="hilier")


def test_missing_glucose_and_impossible_sodium():
    with pytest.raises(CalculatorInputError, match="glucose"):
        corrected(sodium=130)
    with pytest.raises(CalculatorInputError, match="sodium"):
        corrected(sodium=0, glucose=300)


def test_medcalc_bench_row_uses_hillier():
    # row 365: 141 + 0.024 x (110 - 100) = 141.24
    r = from_medcalc_bench(26, "{'Sodium': [141.0, 'mEq/L'], 'Glucose': [110.0, 'mg/dL']}")
    assert r.value == pytest.approx(141.24)
