import math

import pytest

from medreckon import CalculatorInputError, calculate

BASE = dict(age=68, smoker=True, extrathoracic_cancer=False, diameter=12, spiculation=True, upper_lobe=True)


def spn(**kw):
    return calculate("mayo-spn", {**BASE, **kw})


def p(x):
    return 100 / (1 + math.exp(-x))


def test_worked_example():
    x = -6.8272 + 0.0391 * 68 + 0.7917 + 0.1274 * 12 + 1.0407 + 0.7838
    assert spn().value == pytest.approx(p(x)) and spn().rounded == 49.4


@pytest.mark.parametrize(("kw", "delta"), [
    (dict(smoker=False), -0.7917), (dict(extrathoracic_cancer=True), 1.3388), (dict(spiculation=False), -1.0407),
    (dict(upper_lobe=False), -0.7838), (dict(age=78), 0.391), (dict(diameter="2.2 cm"), 1.274),
])
def test_each_term(kw, delta):
    base = -6.8272 + 0.0391 * 68 + 0.7917 + 0.1274 * 12 + 1.0407 + 0.7838
    assert spn(**kw).value == pytest.approx(p(base + delta))


def test_diameter_up_to_30_mm():
    assert spn(diameter=30).value > 0
    with pytest.raises(CalculatorInputError, match="diameter"):
        spn(diameter=30.1)
