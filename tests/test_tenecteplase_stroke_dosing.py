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


def test_zero_weight_is_refused():
    with pytest.raises(CalculatorInputError, match="weight"):
        calculate("tenecteplase-stroke-dosing", weight=0)
