import pytest

from medreckon import CalculatorInputError, calculate
from medreckon.calculators.library.pas_ii import HAQ_II

ZERO = {name: 0 for name, _ in HAQ_II} | {"pain": 0, "patient_global": 0}


def test_worked_example():
    items = dict(stand_from_chair=1, walk_outdoors=1, toilet=0, reach_overhead=2, open_car_doors=1, outside_work=2,
                 wait_in_line=1, lift_heavy=2, move_heavy=2, climb_stairs=1)
    r = calculate("Patient Activity Scale II (PAS II) for RA", items, pain=6, patient_global=6)
    assert r.value == pytest.approx((1.3 * 3.33 + 12) / 3) and r.rounded == 5.44
    assert r.outputs["disease_activity"]["value"] == "Moderate"


@pytest.mark.parametrize("pain, label", [(0.75, "Near remission"), (0.78, "Low"), (11.1 - 10, "Low")])
def test_low_edges(pain, label):
    r = calculate("pas-ii", {**ZERO, "pain": pain})
    assert r.outputs["disease_activity"]["value"] == label


@pytest.mark.parametrize("pain, glob, label", [(10, 1.1, "Low"), (10, 1.2, "Moderate")])
def test_low_moderate_edge(pain, glob, label):  # (0 + 10 + 1.1) / 3 = 3.7; 1.2 gives 3.73
    assert calculate("pas-ii", {**ZERO, "pain": pain, "patient_global": glob}).outputs["disease_activity"]["value"] == label


def test_high_edge():
    all3 = {name: 3 for name, _ in HAQ_II}
    assert calculate("pas-ii", {**all3, "pain": 4.01, "patient_global": 10}).outputs["disease_activity"]["value"] == "High"
    assert calculate("pas-ii", {**all3, "pain": 3.9, "patient_global": 10}).outputs["disease_activity"]["value"] == "Moderate"


def test_item_range():
    with pytest.raises(CalculatorInputError, match="toilet"):
        calculate("pas-ii", {**ZERO, "toilet": 4})
