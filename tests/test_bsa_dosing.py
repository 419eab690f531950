import pytest

from medreckon import CalculatorInputError, calculate


def test_worked_example_paclitaxel():
    r = calculate("bsa-dosing", dose_per_m2=175, weight=82, height=168)
    area = (168 * 82 / 3600) ** 0.5
    assert r.outputs["bsa"]["value"] == pytest.approx(area)
    assert r.value == pytest.approx(175 * area) and r.rounded == 342.33


def test_formula_option_and_units():
    du_bois = 0.007184 * 82**0.425 * 168**0.725
    assert calculate("bsa-dosing", dose_per_m2="175 mg/m2", weight=82, height=168, formula="du_bois").value == \
        pytest.approx(175 * du_bois)
    assert calculate("bsa-dosing", dose_per_m2="175000 ug/m^2", weight="180.8 lb", height="66.14 in").value == \
        pytest.approx(175 * ((66.14 * 2.54) * (180.8 * 0.45359237) / 3600) ** 0.5)


def test_errors():
    with pytest.raises(CalculatorInputError, match="dose_per_m2"):
        calculate("bsa-dosing", dose_per_m2="5 mg/kg", weight=82, height=168)
