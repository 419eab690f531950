import pytest

from medreckon import CalculatorInputError, calculate
from medreckon.calculators.library.ipss import ITEMS

ZERO = {name: 0 for name, _ in ITEMS}


def test_worked_example():
    r = calculate("American Urological Association Symptom Index (AUA-SI)/International Prostate Symptom Score (IPSS)",
                  incomplete_emptying=4, frequency=4, intermittency=3, urgency=2, weak_stream=4, straining=2, nocturia=2,
                  quality_of_life="unhappy")
    assert r.value == 21 and r.outputs["severity"]["value"] == "Severe" and r.outputs["quality_of_life_score"]["value"] == 5


@pytest.mark.parametrize("total, severity", [(7, "Mild"), (8, "Moderate"), (19, "Moderate"), (20, "Severe"),
                                             (35, "Severe")])
def test_bands(total, severity):
    kw, left = dict(ZERO), total
    for name, _ in ITEMS:
        kw[name] = min(5, left)
        left -= kw[name]
    r = calculate("ipss", kw)
    assert r.value == total and r.outputs["severity"]["value"] == severity
    assert r.outputs["quality_of_life_score"]["value"] is None


def test_item_range():
    with pytest.raises(CalculatorInputError, match="nocturia"):
        calculate("ipss", {**ZERO, "nocturia": 6})
