import pytest

from medreckon import CalculatorInputError, calculate, from_medcalc_bench


def test_formula():
    assert calculate("homa-ir", insulin=10, glucose=90).value == pytest.approx(10 * 90 / 405)


def test_si_units():
    # 60 pmol/L insulin = 10 µIU/mL (6 pmol/L per µIU/mL); 5 mmol/L glucose = 5 × 18.016 mg/dL
    r = calculate("homa-ir", insulin="60 pmol/L", glucose="5 mmol/L")
    assert r.value == pytest.approx(10 * 5 * 18.016 / 405)


def test_errors():
    with pytest.raises(CalculatorInputError, match="glucose"):
        calculate("homa", insulin=10)
    with pytest.raises(CalculatorInputError, match="insulin"):
        calculate("homa", insulin=-1, glucose=90)


def test_medcalc_bench_row_425():
    r = from_medcalc_bench(31, "{'Glucose': [210.0, 'mg/dL'], 'Insulin': [26.0, 'µIU/mL']}")
    assert r.value == pytest.approx(26 * 210 / 405)
    assert r.rounded == 13.48
