import pytest

from medreckon import CalculatorInputError, calculate

NORMAL = {"age": 48, "pao2": 88, "wbc": 12.4, "calcium": 8.6, "bun": 22, "ldh": 280, "albumin": 3.6, "glucose": 138}


@pytest.mark.parametrize("field, ok, scoring", [
    ("age", 55, 56), ("pao2", 60, 59.9), ("wbc", 15, 15.1), ("calcium", 8, 7.9), ("bun", 45, 45.1),
    ("ldh", 600, 601), ("albumin", 3.2, 3.1), ("glucose", 180, 181),
])
def test_each_criterion_both_sides(field, ok, scoring):
    assert calculate("glasgow-imrie", **{**NORMAL, field: ok}).value == 0
    assert calculate("glasgow-imrie", **{**NORMAL, field: scoring}).value == 1


def test_si_units_and_severity():
    r = calculate("glasgow-imrie", **{**NORMAL, "calcium": "1.9 mmol/L", "bun": "17 mmol/L", "glucose": "11 mmol/L"})
    assert r.value == 3 and r.interpretation.startswith("3 ≥ 3")
    with pytest.raises(CalculatorInputError, match="ldh"):
        calculate("glasgow-imrie", **{**NORMAL, "ldh": -5})
