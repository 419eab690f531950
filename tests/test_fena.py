import pytest

from medreckon import CalculatorInputError, calculate, from_medcalc_bench


def fena(**kw):
    return calculate("fena", kw)


def test_formula():
    r = fena(serum_sodium=140, serum_creatinine=2.0, urine_sodium=20, urine_creatinine=100)
    assert r.value == pytest.approx(20 * 2.0 / (140 * 100) * 100)
    assert r.interpretation.startswith("< 1%")


def test_si_units():
    # creatinine 176.8 µmol/L = 2 mg/dL; urine creatinine 8.84 mmol/L = 100 mg/dL (113.12 g/mol)
    r = fena(serum_sodium="140 mmol/L", serum_creatinine="176.8 umol/L", urine_sodium="20 mmol/L",
             urine_creatinine="8.84 mmol/L")
    assert r.value == pytest.approx(20 * (176.8 * 0.011312) / (140 * (8.84 * 11.312)) * 100)
    assert r.value == pytest.approx(0.2857, abs=1e-3)


@pytest.mark.parametrize(
    "serum_creatinine, start", [(0.99, "< 1%"), (1.0, "1-2%"), (2.0, "1-2%"), (2.01, "> 2%")]
)
def test_thresholds_both_sides(serum_creatinine, start):
    # urine Na 100, serum Na 100, urine Cr 100: FENa = serum Cr (%)
    r = fena(serum_sodium=100, serum_creatinine=serum_creatinine, urine_sodium=100, urine_creatinine=100)
    assert r.value == pytest.approx(serum_creatinine)
    assert r.interpretation.startswith(start)


def test_errors():
    with pytest.raises(CalculatorInputError, match="urine_creatinine"):
        fena(serum_sodium=140, serum_creatinine=2.0, urine_sodium=20, urine_creatinine=0)
    with pytest.raises(CalculatorInputError, match="urine_sodium"):
        fena(serum_sodium=140, serum_creatinine=2.0, urine_creatinine=100)


def test_medcalc_bench_row_507():
    r = from_medcalc_bench(40, "{'Urine creatinine': [60.3, 'mg/dL'], 'creatinine': [0.6, 'mg/dL'], "
                               "'Urine sodium': [32.0, 'mEq/L'], 'Sodium': [129.0, 'mEq/L']}")
    assert r.value == pytest.approx(100 * 0.6 * 32 / (129 * 60.3))
    assert r.value == pytest.approx(0.247, abs=1e-3)
