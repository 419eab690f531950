import pytest

from medreckon import CalculatorInputError, calculate
from medreckon.calculators.library.nutritional_risk_index import risk


def test_formula_with_units():
    # 1.519 × 28 g/L + 41.7 × 80/86 = 81.32: severe
    r = calculate("nri", albumin="28 g/L", current_weight=80, usual_weight=86)
    assert r.value == pytest.approx(1.519 * 28 + 41.7 * 80 / 86) and r.rounded == 81.3
    assert r.interpretation.startswith("severe risk")
    assert calculate("nri", albumin=3.2, current_weight="120 lb", usual_weight="148 lb").value == pytest.approx(
        1.519 * 32 + 41.7 * 120 / 148)


@pytest.mark.parametrize("nri, label", [
    (100.01, "no risk"), (100.0, "mild risk"), (97.5, "mild risk"), (97.49, "moderate risk"), (83.5, "moderate risk"),
    (83.49, "severe risk"),
])
def test_bands_both_sides(nri, label):
    assert risk(nri) == label


def test_zero_weight_is_rejected():
    with pytest.raises(CalculatorInputError, match="usual_weight"):
        calculate("nri", albumin=3.5, current_weight=70, usual_weight=0)
