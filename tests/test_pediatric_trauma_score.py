import pytest

from medreckon import CalculatorInputError, calculate

BEST = dict(weight=25, airway="normal", systolic_bp=100, cns="awake", skeletal="none", cutaneous="none")


def pts(**kw):
    return calculate("pediatric-trauma-score", {**BEST, **kw})


def test_best_is_12():
    assert pts().value == 12


@pytest.mark.parametrize("kg, points", [(20.1, 2), (20, 1), (10, 1), (9.9, -1), ("44 lb", 1)])
def test_weight(kg, points):
    assert pts(weight=kg).value == 10 + points


@pytest.mark.parametrize("sbp, points", [(91, 2), (90, 1), (50, 1), (49, -1)])
def test_systolic(sbp, points):
    assert pts(systolic_bp=sbp).value == 10 + points


def test_example_and_band():
    r = pts(airway="maintainable", cns="obtunded or any loss of consciousness", skeletal="open or multiple fractures",
            cutaneous="major or penetrating")
    assert r.value == 4 and "≤ 8" in r.interpretation
    assert "≤ 8" in pts(airway="maintainable", cns="obtunded or any loss of consciousness", skeletal="closed fracture",
                        cutaneous="minor").interpretation  # 8
    assert "> 8" in pts(airway="maintainable", cns="obtunded or any loss of consciousness",
                        skeletal="closed fracture").interpretation  # 9


def test_unknown_airway():
    with pytest.raises(CalculatorInputError, match="airway"):
        pts(airway="intubated")
