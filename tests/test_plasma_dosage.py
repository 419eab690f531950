import pytest

from medreckon import CalculatorInputError, calculate


def plasma(**kw):
    return calculate("plasma-dosage", {"weight": 80, "dose_per_kg": 15, "unit_volume": 250, **kw})


def test_volume_and_units():
    r = plasma()  # 80 × 15 = 1200 mL = 4.8 units
    assert r.outputs["volume"]["value"] == pytest.approx(1200)
    assert r.value == pytest.approx(4.8) and r.rounded == 5


def test_weight_in_pounds():
    r = plasma(weight="180 lb")  # 81.65 kg × 15 = 1224.7 mL, 4.9 units
    assert r.outputs["volume"]["rounded"] == 1225 and r.rounded == 5


@pytest.mark.parametrize("weight, units", [(70, 4), (75, 5)])  # 4.2 -> 4; 4.5 -> 5 (half rounds up)
def test_nearest_whole_unit(weight, units):
    assert plasma(weight=weight).rounded == units


def test_unit_volume_in_litres():
    assert plasma(unit_volume="0.25 L").value == pytest.approx(4.8)


def test_less_than_half_a_unit():
    r = plasma(weight=5, dose_per_kg=10)  # 50 mL
    assert r.rounded == 0 and "less than half" in r.interpretation


def test_zero_unit_volume_is_refused():
    with pytest.raises(CalculatorInputError, match="unit_volume"):
        plasma(unit_volume=0)


@pytest.mark.parametrize("field, ok, refused", [("dose_per_kg", 99.9, 100), ("unit_volume", 50, 49.9),
                                                 ("unit_volume", 1000, 1000.1)])
def test_dose_and_unit_volume_bounds_on_both_sides(field, ok, refused):
    inputs = {"weight": 70, "dose_per_kg": 15, "unit_volume": 250}
    assert calculate("plasma-dosage", {**inputs, field: ok}).value >= 0
    with pytest.raises(CalculatorInputError, match=field):
        calculate("plasma-dosage", {**inputs, field: refused})
