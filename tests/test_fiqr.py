import pytest

from medreckon import CalculatorInputError, calculate
from medreckon.calculators.library.fiqr import FUNCTION, OVERALL, SYMPTOMS

EXAMPLE = dict(function_brush_hair=2, function_walk_20_min=6, function_prepare_meal=3, function_vacuum=7,
               function_lift_groceries=6, function_climb_stairs=6, function_change_bedsheets=7, function_sit_45_min=5,
               function_shop_groceries=6, overall_goals_prevented=7, overall_overwhelmed=6, symptom_pain=7,
               symptom_energy=7, symptom_stiffness=7, symptom_sleep=6, symptom_depression=5, symptom_memory=5,
               symptom_anxiety=5, symptom_tenderness=6, symptom_balance=4, symptom_environmental_sensitivity=4)


def test_worked_example():
    assert calculate("REVISED FIBROMYALGIA IMPACT QUESTIONNAIRE (FIQR)", EXAMPLE).value == 48 / 3 + 13 + 56 / 2


def test_domain_weights_and_maximum():
    ten = {f"function_{n}": 10 for n, _ in FUNCTION} | {f"overall_{n}": 10 for n, _ in OVERALL} | \
          {f"symptom_{n}": 10 for n, _ in SYMPTOMS}
    assert calculate("fiqr", ten).value == pytest.approx(100)
    one_each = {k: 0 for k in ten} | {"function_brush_hair": 3, "overall_overwhelmed": 1, "symptom_pain": 2}
    assert calculate("fiqr", one_each).value == pytest.approx(1 + 1 + 1)


def test_item_range():
    with pytest.raises(CalculatorInputError, match="symptom_pain"):
        calculate("fiqr", {**EXAMPLE, "symptom_pain": 11})
