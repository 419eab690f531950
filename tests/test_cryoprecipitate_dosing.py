import pytest

from medreckon import CalculatorInputError, calculate


def cryo(**kw):
    return calculate("cryoprecipitate-dosing", {"plasma_volume": 3000, "initial_fibrinogen": 100,
                                                "goal_fibrinogen": 200, "fibrinogen_per_unit": 250, **kw})


def test_formula():
    r = cryo()  # 100 mg/dL × 3000 mL / 100 = 3000 mg; / 250 = 12 units exactly
    assert r.outputs["fibrinogen_needed"]["value"] == pytest.approx(3000)
    assert r.value == 12


@pytest.mark.parametrize("goal, units", [(200.5, 13), (199.9, 12)])  # 12.06 -> 13; 11.99 -> 12: always up
def test_rounded_up(goal, units):
    assert cryo(goal_fibrinogen=goal).value == units


def test_fibrinogen_in_grams_per_litre():
    assert cryo(initial_fibrinogen="1 g/L", goal_fibrinogen="2 g/L").value == 12


def test_plasma_volume_in_litres():
    assert cryo(plasma_volume="3 L").value == 12


def test_goal_not_above_initial_is_refused():
    with pytest.raises(CalculatorInputError, match="goal_fibrinogen"):
        cryo(goal_fibrinogen=100)


@pytest.mark.parametrize("field, ok, refused", [
    ("plasma_volume", 19999, 20000), ("goal_fibrinogen", 1999, 2000), ("initial_fibrinogen", 0, -1),
    ("fibrinogen_per_unit", 50, 49.9), ("fibrinogen_per_unit", 9999, 10000)])
def test_input_bounds_on_both_sides(field, ok, refused):
    assert cryo(**{field: ok}).value >= 1
    with pytest.raises(CalculatorInputError, match=field):
        cryo(**{field: refused})
