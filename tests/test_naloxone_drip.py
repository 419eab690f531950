import pytest

from medreckon import CalculatorInputError, calculate


def test_two_thirds_per_hour():
    r = calculate("naloxone-drip", bolus_dose=0.4)
    assert r.value == pytest.approx(0.4 * 2 / 3) and r.rounded == 0.27
    assert r.outputs["rebolus"]["value"] == pytest.approx(0.2)


def test_micrograms():
    assert calculate("naloxone-drip", bolus_dose="800 mcg").value == pytest.approx(0.8 * 2 / 3)


def test_zero_bolus_is_refused():
    with pytest.raises(CalculatorInputError, match="bolus_dose"):
        calculate("naloxone-drip", bolus_dose=0)
