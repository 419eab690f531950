import pytest

from medreckon import calculate


@pytest.mark.parametrize("kw, label", [
    ({}, "Negative FAST"), (dict(pericardial_fluid=True), "Positive FAST"),
    (dict(right_upper_quadrant_fluid=True), "Positive FAST"), (dict(left_upper_quadrant_fluid=True), "Positive FAST"),
    (dict(pelvic_fluid=True), "Positive FAST"),
])
def test_any_window(kw, label):
    assert calculate("fast-exam", kw).value == label


def test_pericardial_fluid_names_tamponade():
    assert "tamponade" in calculate("fast-exam", pericardial_fluid=True).interpretation
