import pytest

from medreckon import CalculatorInputError, calculate


def test_worked_example():
    r = calculate("Maternal-Fetal Hemorrhage Rh(D) Immune Globulin Dosage", maternal_blood_volume=5200, fetal_cells=0.2)
    assert r.value == 1 and r.outputs["fetal_bleed"]["value"] == pytest.approx(10.4)


@pytest.mark.parametrize("cells, vials", [(0.88, 2), (0.9, 3), (1.5, 4), (2.0, 4)])
def test_rounding_at_half_a_vial(cells, vials):
    # 5000 mL × 0.88% = 44 mL = 1.47 vials → 1 + 1; 0.9% = 45 mL = 1.5 → 2 + 1; 1.5% = 75 mL = 2.5 → 3 + 1
    assert calculate("rhig-dose", maternal_blood_volume=5000, fetal_cells=cells).value == vials


def test_litres_and_bounds():
    assert calculate("rhig-dose", maternal_blood_volume="5 L", fetal_cells=1.5).value == 4
    with pytest.raises(CalculatorInputError, match="fetal_cells"):
        calculate("rhig-dose", maternal_blood_volume=5000, fetal_cells=101)
