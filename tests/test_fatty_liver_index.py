import math

import pytest

from medreckon import calculate


def by_hand(tg, bmi, ggt, waist):
    y = 0.953 * math.log(tg) + 0.139 * bmi + 0.718 * math.log(ggt) + 0.053 * waist - 15.745
    return 100 * math.exp(y) / (1 + math.exp(y))


def test_worked_example():
    r = calculate("Fatty Liver Index", triglycerides=212, bmi=38.7, ggt=64, waist="45 in")
    assert r.value == pytest.approx(by_hand(212, 38.7, 64, 114.3)) and r.rounded == 98
    assert r.outputs["risk"]["value"] == "High risk"


def test_triglycerides_in_mmol():
    assert calculate("fli", triglycerides="1.5 mmol/L", bmi=25, ggt=30, waist=90).value == pytest.approx(
        by_hand(1.5 * 88.57, 25, 30, 90), rel=1e-3)


@pytest.mark.parametrize("target, risk", [(29.99, "Low risk"), (30.0, "Indeterminate"), (59.99, "Indeterminate"),
                                          (60.0, "High risk")])
def test_cut_offs(target, risk):
    # solve the waist that gives `target` with TG 100, BMI 25, GGT 30
    y = math.log(target / (100 - target))
    waist = (y - 0.953 * math.log(100) - 0.139 * 25 - 0.718 * math.log(30) + 15.745) / 0.053
    r = calculate("fli", triglycerides=100, bmi=25, ggt=30, waist=waist)
    assert r.value == pytest.approx(target) and r.outputs["risk"]["value"] == risk
