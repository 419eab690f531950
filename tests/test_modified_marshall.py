import pytest

from medreckon import CalculatorInputError, calculate

NORMAL = {"pao2": 95, "fio2": 21, "creatinine": 1.0, "systolic_bp": 120}


@pytest.mark.parametrize("pao2, points", [(84.1, 0), (84, 1), (63.1, 1), (63, 2), (42.1, 2), (42, 3), (21.3, 3),
                                          (21.2, 4)])
def test_respiratory_bands_both_sides(pao2, points):
    # FiO2 0.21: PaO2 84 → 400, 63 → 300, 42 → 200, 21.2 → 101
    assert calculate("modified-marshall", **{**NORMAL, "pao2": pao2}).value == points


@pytest.mark.parametrize("umol, points", [(133, 0), (134, 1), (169, 1), (170, 2), (310, 2), (311, 3), (439, 3),
                                          (440, 4)])
def test_renal_bands_in_umol(umol, points):
    assert calculate("modified-marshall", **{**NORMAL, "creatinine": f"{umol} umol/L"}).value == points


def test_cardiovascular_and_organ_failure():
    assert calculate("modified-marshall", **{**NORMAL, "systolic_bp": 90}).value == 0
    assert calculate("modified-marshall", **{**NORMAL, "systolic_bp": 89}).value == 1
    r = calculate("modified-marshall", **{**NORMAL, "systolic_bp": 80, "fluid_responsive": False, "arterial_ph": 7.3})
    assert r.value == 2 and r.outputs["organ_failure"]["value"] is True
    assert calculate("modified-marshall", **{**NORMAL, "systolic_bp": 80, "fluid_responsive": False,
                                             "arterial_ph": 7.29}).value == 3
    assert calculate("modified-marshall", **{**NORMAL, "systolic_bp": 80, "fluid_responsive": False,
                                             "arterial_ph": 7.19}).value == 4
    with pytest.raises(CalculatorInputError, match="arterial_ph"):
        calculate("modified-marshall", **{**NORMAL, "systolic_bp": 80, "fluid_responsive": False})
    assert calculate("modified-marshall", **NORMAL).outputs["organ_failure"]["value"] is False
