import pytest

from medreckon import CalculatorInputError, calculate, from_medcalc_bench


def fib4(**kw):
    return calculate("fib-4", kw)


def test_formula():
    # 50 × 40 / (200 × √25) = 2000 / 1000
    r = fib4(age=50, ast=40, alt=25, platelets=200)
    assert r.value == pytest.approx(2.0)
    assert r.rounded == 2.0 and r.interpretation.startswith("1.45-3.25")


@pytest.mark.parametrize("platelets", ["200000 /uL", "2e11 /L", "200 10^3/uL", "200 x10^9/L",
                                       {"value": 200000, "unit": "µL"}])
def test_platelet_units(platelets):
    assert fib4(age=50, ast=40, alt=25, platelets=platelets).value == pytest.approx(2.0)


def test_bare_per_ul_count_is_implausible():
    r = fib4(age=50, ast=40, alt=25, platelets=200000)
    assert any(w.field == "platelets" and w.code == "implausible" for w in r.warnings)


@pytest.mark.parametrize(
    "ast, start",
    [(28.9, "< 1.45"), (29, "1.45-3.25"), (65, "1.45-3.25"), (65.1, "> 3.25")],
)
def test_cutoffs_both_sides(ast, start):
    # age 50, ALT 100 (√ = 10), platelets 100: FIB-4 = 50 × AST / 1000
    r = fib4(age=50, ast=ast, alt=100, platelets=100)
    assert r.value == pytest.approx(50 * ast / 1000)
    assert r.interpretation.startswith(start)


def test_zero_alt_and_missing_platelets():
    with pytest.raises(CalculatorInputError, match="alt"):
        fib4(age=50, ast=40, alt=0, platelets=200)
    with pytest.raises(CalculatorInputError, match="platelets"):
        calculate("fib4", age=50, ast=40, alt=25)


def test_medcalc_bench_rows():
    r = from_medcalc_bench(19, "{'age': [64, 'years'], 'Alanine aminotransferase': [33.0, 'U/L'], "
                               "'Aspartate aminotransferase': [92.0, 'U/L'], 'Platelet count': [147000000000.0, 'L']}")
    assert r.value == pytest.approx(64 * 92 / (147 * 33**0.5))
    assert r.value == pytest.approx(6.973, abs=1e-3)
    r = from_medcalc_bench(19, "{'age': [47, 'years'], 'Alanine aminotransferase': [309.0, 'U/L'], "
                               "'Aspartate aminotransferase': [213.0, 'U/L'], 'Platelet count': [149000.0, 'µL']}")
    assert r.value == pytest.approx(3.822, abs=1e-3)
