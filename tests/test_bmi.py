import pytest

from medreckon import calculate
from medreckon.calculators.library.bmi import who_category


def test_bmi_formula():
    assert calculate("bmi", weight=10.2, height=83.8).value == pytest.approx(14.525, abs=5e-4)


def test_bmi_units():
    assert calculate("bmi", weight="154.3 lb", height="1.75 m").value == pytest.approx(
        calculate("bmi", weight=69.989, height=175).value, rel=1e-4
    )


@pytest.mark.parametrize(
    "bmi, label",
    [(15.99, "severe thinness"), (16.0, "moderate thinness"), (18.49, "mild thinness"),
     (18.5, "normal weight"), (24.99, "normal weight"), (25.0, "overweight"), (29.99, "overweight"),
     (30.0, "obese class I"), (35.0, "obese class II"), (39.99, "obese class II"), (40.0, "obese class III")],
)
def test_who_bands_both_sides(bmi, label):
    assert who_category(bmi) == label


def test_bmi_interpretation():
    assert calculate("bmi", weight=90, height=170).interpretation.startswith("obese class I")
