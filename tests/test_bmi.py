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


def test_bmi_returns_mosteller_bsa_and_a_target_weight_as_mdcalc_shows():
    # 120 lb, 67 in: BMI 18.8 kg/m², BSA √(170.18 × 54.43 / 3600) = 1.60 m²
    r = calculate("BMI Calculator (Body Mass Index and BSA)", weight="120 lb", height="67 in")
    assert r.rounded == 18.8 and r.outputs["bsa"]["rounded"] == 1.60
    assert r.outputs["target_weight"]["value"] is None  # no target given: not applicable
    t = calculate("bmi", weight=100, height=180, target_bmi=25)
    assert t.outputs["target_weight"]["value"] == pytest.approx(81.0)  # 25 × 1.8²
    assert t.outputs["bsa"]["value"] == pytest.approx((180 * 100 / 3600) ** 0.5)
