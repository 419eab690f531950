import pytest

from medreckon import CalculatorInputError, calculate


def bv(**kw):
    return calculate("blood-volume", {"sex": "male", "height": 177, "weight": 80, "hematocrit": 40, **kw})


def test_nadler_male():
    r = bv()
    assert r.value == pytest.approx(0.3669 * 1.77**3 + 0.03219 * 80 + 0.6041)
    assert r.outputs["red_cell_volume"]["value"] == pytest.approx(r.value * 1000 * 0.4)
    assert r.outputs["plasma_volume"]["value"] == pytest.approx(r.value * 1000 * 0.6)


def test_nadler_female():
    assert bv(sex="female").value == pytest.approx(0.3561 * 1.77**3 + 0.03308 * 80 + 0.1833)


def test_units():
    assert bv(height="69.685 in", weight="176.37 lb").value == pytest.approx(bv().value, rel=1e-4)


@pytest.mark.parametrize("kg, ok", [(25, True), (24.9, False)])
def test_25_kg_minimum(kg, ok):
    if ok:
        assert bv(weight=kg).value > 0
    else:
        with pytest.raises(CalculatorInputError, match="weight"):
            bv(weight=kg)
