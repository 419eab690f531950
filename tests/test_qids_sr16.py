import pytest

from medreckon import calculate
from medreckon.calculators.library.qids_sr16 import ITEMS

ZERO = {name: 0 for name, _ in ITEMS}


def test_worked_example():
    kw = dict(sleep_onset=3, mid_nocturnal=3, early_waking=1, hypersomnia=0, sad_mood=2, appetite_decreased=1,
              appetite_increased=0, weight_decreased=1, weight_increased=0, concentration=2, self_view=2,
              suicidal_ideation=1, interest=2, energy=2, slowed=1, restless=1)
    r = calculate("Quick Inventory of Depressive Symptomatology (QIDS)", kw)
    assert r.value == 16 and r.outputs["severity"]["value"] == "Severe"


def test_grouped_items_count_once():
    r = calculate("qids", {**ZERO, "sleep_onset": 2, "hypersomnia": 3, "appetite_decreased": 1, "weight_increased": 2,
                           "slowed": 1, "restless": 3})
    assert r.value == 3 + 2 + 3


@pytest.mark.parametrize("total, band", [(5, "None"), (6, "Mild"), (10, "Mild"), (11, "Moderate"), (15, "Moderate"),
                                         (16, "Severe"), (20, "Severe"), (21, "Very severe"), (27, "Very severe")])
def test_bands(total, band):
    singles = ("sleep_onset", "sad_mood", "appetite_decreased", "concentration", "self_view", "suicidal_ideation",
               "interest", "energy", "slowed")
    kw, left = dict(ZERO), total
    for name in singles:
        kw[name] = min(3, left)
        left -= kw[name]
    assert calculate("qids", kw).outputs["severity"]["value"] == band
