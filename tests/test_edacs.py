import pytest

from medreckon import CalculatorInputError, calculate


def test_example():
    r = calculate("Emergency Department Assessment of Chest Pain Score (EDACS)", age=62, sex="male", diaphoresis=True,
                  radiation=True)
    assert r.value == 24 and r.interpretation.startswith("24 ≥ 16")


@pytest.mark.parametrize("age, points", [(18, 2), (45, 2), (46, 4), (55, 6), (56, 8), (66, 12), (85, 18), (86, 20)])
def test_age_bands(age, points):
    assert calculate("edacs", age=age, sex="female").value == points


def test_risk_factor_item_only_up_to_50_and_negatives():
    assert calculate("edacs", age=50, sex="female", known_cad_or_risk_factors=True).value == 8
    assert calculate("edacs", age=51, sex="female", known_cad_or_risk_factors=True).value == 6
    assert calculate("edacs", age=40, sex="male", pleuritic=True, reproducible=True).value == -2
    low = calculate("edacs", age=56, sex="male", known_cad_or_risk_factors=False)  # 8 + 6 = 14
    assert low.interpretation.startswith("14 < 16")
    assert calculate("edacs", age=61, sex="male").interpretation.startswith("16 ≥ 16")


def test_children_refused():
    with pytest.raises(CalculatorInputError, match="age"):
        calculate("edacs", age=15, sex="male")
