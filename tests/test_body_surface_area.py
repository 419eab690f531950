import pytest

from medreckon import CalculatorInputError, calculate, from_medcalc_bench


def test_mosteller_by_hand():
    # √(170 × 70 / 3600) = √3.30556 = 1.81812
    r = calculate("bsa", height=170, weight=70)
    assert r.value == pytest.approx(1.81812, abs=1e-5)
    assert r.rounded == 1.82


def test_units():
    a = calculate("bsa", height="5 ft 7 in", weight="154 lb").value
    assert a == pytest.approx((170.18 * 154 * 0.45359237 / 3600) ** 0.5)


@pytest.mark.parametrize(
    "formula, expected",
    [
        ("du_bois", 0.007184 * 70**0.425 * 170**0.725),  # 1.8097
        ("haycock", 0.024265 * 70**0.5378 * 170**0.3964),  # 1.8273
        ("gehan_george", 0.0235 * 70**0.51456 * 170**0.42246),  # 1.8354
    ],
)
def test_other_formulas(formula, expected):
    assert calculate("bsa", height=170, weight=70, formula=formula).value == pytest.approx(expected)
    assert 1.75 < expected < 1.9


def test_unknown_formula():
    with pytest.raises(CalculatorInputError, match="formula"):
        calculate("bsa", height=170, weight=70, formula="boyd")


def test_medcalc_bench_row():
    r = from_medcalc_bench(60, "{'weight': [8.4, 'kg'], 'height': [74.0, 'cm']}")
    assert r.value == pytest.approx((74 * 8.4 / 3600) ** 0.5)  # 0.416
