import pytest

from medreckon import CalculatorInputError, calculate
from medreckon.calculators.library.epworth_sleepiness import SITUATIONS


def with_total(total):
    kw, left = {}, total
    for name, _ in SITUATIONS:
        kw[name] = min(3, left)
        left -= kw[name]
    return kw


def test_worked_example():
    r = calculate("Epworth Sleepiness Scale", reading=1, watching_tv=2, public_place=1, car_passenger=2,
                  lying_down_afternoon=3, talking=0, after_lunch=2, in_traffic=1)
    assert r.value == 12 and "above 10" in r.interpretation


@pytest.mark.parametrize("total, label", [(5, "Lower normal"), (6, "Higher normal"), (10, "Higher normal"), (11, "Mild"),
                                          (12, "Mild"), (13, "Moderate"), (15, "Moderate"), (16, "Severe"), (24, "Severe")])
def test_bands(total, label):
    assert calculate("ess", with_total(total)).outputs["category"]["value"].startswith(label)


def test_rating_range():
    with pytest.raises(CalculatorInputError, match="talking"):
        calculate("ess", {**with_total(0), "talking": 4})
