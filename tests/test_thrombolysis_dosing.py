import pytest

from medreckon import CalculatorInputError, calculate


def test_tenecteplase_0_25_mg_per_kg():
    r = calculate("tenecteplase-stroke-dosing", weight=80)  # 20 mg = 4 mL of 5 mg/mL
    assert r.value == pytest.approx(4.0)
    assert r.outputs["dose"]["value"] == pytest.approx(20)
    assert r.outputs["waste_dose"]["value"] == pytest.approx(30) and r.outputs["waste_volume"]["value"] == 6


@pytest.mark.parametrize("weight, dose", [(100, 25), (100.1, 25), (99.9, 24.975), (140, 25)])
def test_tenecteplase_capped_at_25_mg(weight, dose):
    assert calculate("tenecteplase-stroke-dosing", weight=weight).outputs["dose"]["value"] == pytest.approx(dose)


def test_tenecteplase_weight_in_pounds():
    r = calculate("tenecteplase-stroke-dosing", weight="180 lb")  # 81.65 kg: 20.41 mg, 4.08 mL
    assert r.rounded == 4.1 and r.outputs["dose"]["rounded"] == 20.4


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


@pytest.mark.parametrize("calc", ["tenecteplase-stroke-dosing", "alteplase-stroke-dosing"])
def test_zero_weight_is_refused(calc):
    with pytest.raises(CalculatorInputError, match="weight"):
        calculate(calc, weight=0)
