import pytest

from medreckon import CalculatorInputError, calculate, from_medcalc_bench


def ca(**kw):
    return calculate("calcium-correction", kw)


def test_payne():
    assert ca(calcium=8.0, albumin=3.0).value == pytest.approx(8.0 + 0.8 * (4 - 3.0))


def test_si_units():
    # 2 mmol/L × 4.008 = 8.016 mg/dL; 30 g/L = 3 g/dL
    assert ca(calcium="2 mmol/L", albumin="30 g/L").value == pytest.approx(2 * 4.008 + 0.8 * (4 - 3.0))


def test_high_albumin_lowers_calcium():
    assert ca(calcium=10.0, albumin=4.5).value == pytest.approx(10.0 - 0.4)


def test_normal_albumin_option():
    r = ca(calcium=8.0, albumin=3.0, normal_albumin=4.4)
    assert r.value == pytest.approx(8.0 + 0.8 * 1.4)
    assert not any(w.code == "assumed_default" for w in r.warnings)
    assert ca(calcium=8.0, albumin=3.0, normal_albumin="44 g/L").value == pytest.approx(r.value)


@pytest.mark.parametrize("calcium, words", [(8.5, "within"), (8.49, "below"), (10.5, "within"), (10.51, "above")])
def test_reference_range_edges(calcium, words):
    assert ca(calcium=calcium, albumin=4.0).interpretation.startswith(words)


def test_errors():
    with pytest.raises(CalculatorInputError) as e:
        calculate("corrected-calcium", calcium=8.0, albumin=0)
    assert e.value.issues[0].field == "albumin"
    with pytest.raises(CalculatorInputError, match="calcium"):
        calculate("corrected-calcium", albumin=3.0)


def test_medcalc_bench_row_101():
    r = from_medcalc_bench(7, "{'Calcium': [8.6, 'mg/dL'], 'Albumin': [3.1, 'g/dL']}")
    assert r.value == pytest.approx(8.6 + 0.8 * 0.9)
    assert r.value == pytest.approx(9.32)


def test_mdcalc_title_and_mmol_output():
    r = calculate("Calcium Correction for Hypoalbuminemia and Hyperalbuminemia", calcium=11.2, albumin=2.8)
    assert r.rounded == 12.2
    assert r.outputs["corrected_calcium_mmol"]["value"] == pytest.approx(r.value / 4.008, rel=1e-3)
    assert r.outputs["corrected_calcium_mmol"]["rounded"] == 3.03
