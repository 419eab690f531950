import pytest

from medreckon import CalculatorInputError, calculate
from medreckon.calculators.library.young_mania_rating_scale import ITEMS

ZERO = {name: 0 for name, _, _ in ITEMS}


def test_worked_example_sums_the_items():
    kw = dict(elevated_mood=4, motor_activity=4, sexual_interest=3, sleep=4, irritability=6, speech=6,
              language_thought_disorder=3, content=6, disruptive_aggressive=4, appearance=3, insight=4)
    r = calculate("Young Mania Rating Scale (YMRS)", kw)
    assert r.value == 47 and r.outputs["severity"]["value"] == "Severe"


@pytest.mark.parametrize("total, band", [(12, "Remission"), (13, "Minimal"), (19, "Minimal"), (20, "Mild"), (25, "Mild"),
                                         (26, "Moderate"), (37, "Moderate"), (38, "Severe")])
def test_bands(total, band):
    kw, left = dict(ZERO), total
    for name, _, top in ITEMS:
        kw[name] = min(top, left)
        left -= kw[name]
    assert calculate("ymrs", kw).outputs["severity"]["value"] == band


def test_double_weighted_items_reach_8_and_others_4():
    assert calculate("ymrs", {**ZERO, "irritability": 8}).value == 8
    with pytest.raises(CalculatorInputError, match="elevated_mood"):
        calculate("ymrs", {**ZERO, "elevated_mood": 5})
