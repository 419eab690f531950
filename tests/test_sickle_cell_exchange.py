import math

import pytest

from medreckon import CalculatorInputError, calculate

BASE = {"sex": "female", "height": "64 in", "weight": "140 lb", "hematocrit": 21, "initial_hbs": 88, "target_hbs": 30,
        "replacement_hematocrit": 60}


def test_example_by_hand():
    tbv = (0.3561 * 1.6256**3 + 0.03308 * 63.5029 + 0.1833) * 1000
    r = calculate("Sickle Cell RBC Exchange Volume", **BASE)
    assert r.outputs["total_blood_volume"]["value"] == pytest.approx(tbv, rel=1e-6)
    assert r.value == pytest.approx(tbv * 21 / 60 * math.log(88 / 30), rel=1e-6) and r.rounded == 1436
    assert r.outputs["units"]["value"] == 4


def test_male_blood_volume():
    male = calculate("sickle-cell-exchange", **{**BASE, "sex": "male"}).outputs["total_blood_volume"]["value"]
    assert male == pytest.approx((0.3669 * 1.6256**3 + 0.03219 * 63.5029 + 0.6041) * 1000, rel=1e-6)


def test_target_must_be_below_initial():
    with pytest.raises(CalculatorInputError, match="target_hbs"):
        calculate("sickle-cell-exchange", **{**BASE, "target_hbs": 90})
    with pytest.raises(CalculatorInputError, match="target_hbs"):
        calculate("sickle-cell-exchange", **{**BASE, "target_hbs": 0})
