import pytest

from medreckon import CalculatorInputError, calculate

BEST = dict(sensory_perception=4, moisture=4, activity=4, mobility=4, nutrition=4, friction_shear=3)


def test_worked_example():
    r = calculate("braden", sensory_perception=3, moisture=3, activity=2, mobility=2, nutrition=2, friction_shear=2)
    assert r.value == 14 and r.outputs["risk"]["value"] == "Moderate risk"


@pytest.mark.parametrize(("total", "risk"), [
    (23, "No risk"), (19, "No risk"), (18, "Mild risk"), (15, "Mild risk"), (14, "Moderate risk"),
    (13, "Moderate risk"), (12, "High risk"), (10, "High risk"), (9, "Very high risk"), (6, "Very high risk"),
])
def test_risk_bands(total, risk):
    levels = dict(BEST)
    drop = 23 - total
    for name in levels:
        step = min(drop, levels[name] - 1)
        levels[name] -= step
        drop -= step
    r = calculate("braden", levels)
    assert r.value == total and r.outputs["risk"]["value"] == risk


def test_subscale_ranges():
    with pytest.raises(CalculatorInputError, match="friction_shear"):
        calculate("braden", {**BEST, "friction_shear": 4})
    with pytest.raises(CalculatorInputError, match="moisture"):
        calculate("braden", {**BEST, "moisture": 0})
