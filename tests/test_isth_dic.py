import pytest

from medreckon import CalculatorInputError, calculate

BASE = dict(platelets=150, fibrin_marker="no increase", pt_prolongation=1, fibrinogen=3)


def dic(**kw):
    return calculate("isth-dic", {**BASE, **kw})


def test_worked_example_overt():
    r = dic(platelets=24, fibrin_marker="strong increase", pt_prolongation=7.2, fibrinogen=0.8)
    assert r.value == 8 and r.outputs["overt_dic"]["value"] is True


@pytest.mark.parametrize(("kw", "points"), [
    (dict(platelets=100.1), 0), (dict(platelets=100), 1), (dict(platelets=50), 1), (dict(platelets=49.9), 2),
    (dict(fibrin_marker="moderate increase"), 2), (dict(fibrin_marker="strong increase"), 3),
    (dict(pt_prolongation=2.9), 0), (dict(pt_prolongation=3), 1), (dict(pt_prolongation=6), 1),
    (dict(pt_prolongation=6.1), 2),
    (dict(fibrinogen=1.01), 0), (dict(fibrinogen=1), 1), (dict(fibrinogen="100 mg/dL"), 1),
])
def test_each_item_both_sides(kw, points):
    assert dic(**kw).value == points


@pytest.mark.parametrize(("kw", "overt"), [
    (dict(platelets=40, fibrin_marker="moderate increase"), False),  # 4
    (dict(platelets=40, fibrin_marker="strong increase"), True),  # 5
])
def test_overt_from_5(kw, overt):
    assert dic(**kw).outputs["overt_dic"]["value"] is overt


def test_errors():
    with pytest.raises(CalculatorInputError, match="fibrin_marker"):
        dic(fibrin_marker="high")
