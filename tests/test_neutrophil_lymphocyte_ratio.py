import pytest

from medreckon import CalculatorInputError, calculate


def test_ratio_and_units():
    r = calculate("nlr", neutrophils=11.8, lymphocytes=0.9)
    assert r.value == pytest.approx(13.111, abs=1e-3) and r.rounded == 13.1
    assert r.outputs["stress_level"]["value"] == "moderate"
    # cells/µL and ×10⁹/L give the same ratio
    assert calculate("nlr", neutrophils="7500 /uL", lymphocytes="1500 /uL").value == pytest.approx(5.0)


@pytest.mark.parametrize("neutrophils, level", [
    (3.0, "normal"), (3.01, "borderline"), (6.0, "borderline"), (6.01, "mild"), (9.0, "mild"), (9.01, "moderate"),
    (18.0, "moderate"), (18.01, "severe"),
])
def test_stress_bands_both_sides(neutrophils, level):
    assert calculate("nlr", neutrophils=neutrophils, lymphocytes=1).outputs["stress_level"]["value"] == level


def test_zero_lymphocytes_is_an_input_error():
    with pytest.raises(CalculatorInputError, match="lymphocytes"):
        calculate("nlr", neutrophils=5, lymphocytes=0)
