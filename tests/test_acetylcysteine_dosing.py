import pytest

from medreckon import CalculatorInputError, calculate

KG = 92.6 * 0.45359237  # 42.0 kg


def test_iv_worked_example_in_pounds():
    # 92.6 lb = 42.0 kg: 150/50/100 mg/kg, 200/500/1000 mL from 40 kg
    r = calculate("Acetaminophen Overdose and NAC Dosing", {"route": "IV", "weight": "92.6 lb"})
    assert r.value == "IV: 21-hour regimen (3 bags)"
    out = r.outputs
    assert out["loading_dose"]["value"] == pytest.approx(150 * KG, rel=1e-4)
    assert out["second_dose"]["value"] == pytest.approx(50 * KG, rel=1e-4)
    assert out["third_dose"]["value"] == pytest.approx(100 * KG, rel=1e-4)
    assert (out["loading_volume"]["value"], out["second_volume"]["value"], out["third_volume"]["value"]) == (200, 500, 1000)


def test_weight_cap_at_100_kg_both_sides():
    at = calculate("acetylcysteine-dosing", {"route": "IV", "weight": 100}).outputs
    over = calculate("acetylcysteine-dosing", {"route": "IV", "weight": 130}).outputs
    below = calculate("acetylcysteine-dosing", {"route": "IV", "weight": 99}).outputs
    assert at["loading_dose"]["value"] == over["loading_dose"]["value"] == 15000
    assert below["loading_dose"]["value"] == 14850


@pytest.mark.parametrize(("weight", "volumes"), [
    (40, (200, 500, 1000)), (39.9, (100, 250, 500)), (20, (100, 250, 500)), (19, (57, 133, 266)),
])
def test_diluent_volumes_by_weight_band(weight, volumes):
    out = calculate("acetylcysteine-dosing", {"route": "IV", "weight": weight}).outputs
    assert (out["loading_volume"]["value"], out["second_volume"]["value"], out["third_volume"]["value"]) == pytest.approx(volumes)


def test_oral_regimen():
    r = calculate("acetylcysteine-dosing", {"route": "oral", "weight": 70})
    assert r.value == "Oral: 72-hour regimen"
    assert r.outputs["loading_dose"]["value"] == 9800 and r.outputs["second_dose"]["value"] == 4900
    assert r.outputs["third_dose"]["value"] is None and r.outputs["loading_volume"]["value"] is None


def test_weight_bounds():
    with pytest.raises(CalculatorInputError, match="weight"):
        calculate("acetylcysteine-dosing", {"route": "IV", "weight": 0})
