import pytest

from medreckon import calculate
from medreckon.calculators.library.pas_ra import CATEGORIES

ITEMS = [name for _, _, items in CATEGORIES for name, _ in items]
ZERO = {name: 0 for name in ITEMS} | {"pain": 0, "patient_global": 0}


def test_worked_example():
    kw = {name: 1 for name in ITEMS} | dict(climb_steps=2, tub_bath=2, reach_overhead=2, bend_down=2, open_jars=2,
                                             chores=2, pain=6, patient_global=6)
    r = calculate("Patient Activity Scale (PAS) for RA", kw)
    haq = (1 + 1 + 1 + 2 + 2 + 2 + 2 + 2) / 8
    assert r.value == pytest.approx((haq * 3.33 + 12) / 3) and r.rounded == 5.8
    assert r.outputs["disease_activity"]["value"] == "Moderate"


def test_category_takes_its_worst_item():
    r = calculate("pas-ra", {**ZERO, "cut_meat": 3, "lift_cup": 1})
    assert r.value == pytest.approx(3 / 8 * 3.33 / 3)


@pytest.mark.parametrize("item, aided, category_score", [(0, True, 2), (1, True, 2), (3, True, 3), (1, False, 1)])
def test_aid_or_help_raises_the_category_to_2(item, aided, category_score):
    r = calculate("pas-ra", {**ZERO, "dress": item, "aid_or_help_dressing": aided})
    assert r.value == pytest.approx(category_score / 8 * 3.33 / 3)
