import math

import pytest

from medreckon import CalculatorInputError, calculate


def test_continuity_equation():
    r = calculate("AS: Aortic Valve Area (Cont)", lvot_diameter="19 mm", lvot_vti=8.4, aortic_valve_vti=80)
    assert r.value == pytest.approx(math.pi * 0.95**2 * 8.4 / 80) and r.rounded == 0.30
    assert r.interpretation.startswith("≤ 1.0")


@pytest.mark.parametrize("lvot_vti, words", [(1.5 * 80 / (math.pi * 1.0), "1.0-1.5"), (1.5001 * 80 / math.pi, "> 1.5"),
                                             (1.0 * 80 / math.pi, "≤ 1.0"), (1.0001 * 80 / math.pi, "1.0-1.5")])
def test_grades_both_sides(lvot_vti, words):
    # LVOT 2 cm: area π cm², so AVA = π × VTI / 80
    assert calculate("ava-continuity", lvot_diameter=2, lvot_vti=lvot_vti, aortic_valve_vti=80
                     ).interpretation.startswith(words)


def test_zero_vti_rejected():
    with pytest.raises(CalculatorInputError, match="aortic_valve_vti"):
        calculate("ava-continuity", lvot_diameter=2, lvot_vti=20, aortic_valve_vti=0)
