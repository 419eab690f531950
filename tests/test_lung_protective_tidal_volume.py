import pytest

from medreckon import CalculatorInputError, calculate


def test_worked_example_checked_by_hand():
    # 5 ft 4 in = 162.56 cm; PBW 45.5 + 0.91 × 10.16 = 54.75 kg; 6 × 54.75 = 328 mL
    r = calculate("lung-protective-tidal-volume", sex="female", height="5 ft 4 in")
    assert r.value == pytest.approx(328.47, abs=0.01) and r.rounded == 328


@pytest.mark.parametrize("sex, base", [("male", 50.0), ("female", 45.5)])
def test_sex_and_ml_per_kg(sex, base):
    r = calculate("ardsnet-tidal-volume", sex=sex, height=180, ml_per_kg=8)
    assert r.value == pytest.approx(8 * (base + 0.91 * (180 - 152.4)))


def test_short_height_warns_and_errors():
    assert calculate("pbw-tidal-volume", sex="female", height=102.5).value == pytest.approx(6 * 0.091, abs=0.01)
    with pytest.raises(CalculatorInputError, match="102.5 cm for women") as info:  # predicted body weight −2.2 kg
        calculate("pbw-tidal-volume", sex="female", height=100)
    assert [i.field for i in info.value.issues] == ["height"]
    with pytest.raises(CalculatorInputError):  # 0 kg exactly: no tidal volume
        calculate("pbw-tidal-volume", sex="female", height=102.4)
    with pytest.raises(CalculatorInputError, match="ml_per_kg"):
        calculate("pbw-tidal-volume", sex="female", height=160, ml_per_kg=25)
