import pytest

from medreckon import CalculatorInputError, calculate


def test_worked_example_male_70_in():
    r = calculate("ett-depth-tidal-volume", height="70 in", sex="male")
    assert r.value == pytest.approx(177.8 / 10 + 4) and r.rounded == 22
    pbw = 50 + 0.91 * (177.8 - 152.4)
    assert r.outputs["predicted_body_weight"]["value"] == pytest.approx(pbw)
    assert r.outputs["tidal_volume_6"]["value"] == pytest.approx(6 * pbw)
    assert r.outputs["tidal_volume_8"]["value"] == pytest.approx(8 * pbw)


def test_female_and_rounding_of_the_depth():
    r = calculate("ett-depth-tidal-volume", height="62 in", sex="female")  # 19.75 cm -> 20
    assert r.rounded == 20
    assert r.outputs["predicted_body_weight"]["value"] == pytest.approx(45.5 + 0.91 * (157.48 - 152.4))


def test_too_short_for_predicted_body_weight():
    with pytest.raises(CalculatorInputError, match="height"):
        calculate("ett-depth-tidal-volume", height=95, sex="male")
