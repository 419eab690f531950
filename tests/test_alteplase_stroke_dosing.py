import pytest

from medreckon import CalculatorInputError, calculate


def test_alteplase_bolus_infusion_waste():
    r = calculate("alteplase-stroke-dosing", weight="176 lb")  # 79.83 kg × 0.9 = 71.85 mg
    assert r.value == pytest.approx(0.1 * 0.9 * 79.832291, rel=1e-6)
    r = calculate("alteplase-stroke-dosing", weight=80)
    assert r.value == pytest.approx(7.2)
    assert r.outputs["infusion"]["value"] == pytest.approx(64.8)
    assert r.outputs["total_dose"]["value"] == pytest.approx(72) and r.outputs["waste"]["value"] == pytest.approx(28)


@pytest.mark.parametrize("weight, total", [(100, 90), (100.1, 90), (99.9, 89.91), (150, 90)])
def test_alteplase_capped_at_90_mg(weight, total):
    assert calculate("alteplase-stroke-dosing", weight=weight).outputs["total_dose"]["value"] == pytest.approx(total)


def test_zero_weight_is_refused():
    with pytest.raises(CalculatorInputError, match="weight"):
        calculate("alteplase-stroke-dosing", weight=0)
