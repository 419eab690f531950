import pytest

from medreckon import CalculatorInputError, calculate


def test_effluent_flow_is_dose_times_weight():
    assert calculate("crrt-dosing", weight=80, dose=25).value == 2000
    assert calculate("crrt-dosing", weight="176 lb", dose="25 mL/kg/h").value == pytest.approx(25 * 176 * 0.45359237)
    assert calculate("crrt-dosing", weight=80, dose="25 cc/kg/hr").value == 2000


@pytest.mark.parametrize(("dose", "words"), [(19.9, "below KDIGO"), (20, "to deliver 20"), (34.9, "to deliver 34.9"),
                                             (35, "no benefit")])
def test_dose_bands(dose, words):
    assert words in calculate("crrt-dosing", weight=70, dose=dose).interpretation


def test_errors():
    with pytest.raises(CalculatorInputError, match="dose"):
        calculate("crrt-dosing", weight=70, dose=0)
    with pytest.raises(CalculatorInputError, match="dose"):
        calculate("crrt-dosing", weight=70, dose="25 mL/min")
