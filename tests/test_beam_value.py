import pytest

from medreckon import calculate


def test_worked_example():
    r = calculate("BeAM Value", bedtime_glucose=210, morning_glucose=130)
    assert r.value == 80 and r.outputs["high"]["value"] is True
    assert r.outputs["beam_mmol"]["value"] == pytest.approx(80 / 18.016, rel=1e-3)


@pytest.mark.parametrize("bedtime, high", [(179.9, False), (180, True)])
def test_cut_off_50(bedtime, high):
    assert calculate("beam-value", bedtime_glucose=bedtime, morning_glucose=130).outputs["high"]["value"] is high


def test_mmol_inputs():
    r = calculate("beam-value", bedtime_glucose="11 mmol/L", morning_glucose="8 mmol/L")
    assert r.outputs["beam_mmol"]["value"] == pytest.approx(3.0, rel=1e-6)
