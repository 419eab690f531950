import pytest

from medreckon import CalculatorInputError, calculate


@pytest.mark.parametrize("congestion, low_perfusion, profile", [
    (False, False, "Warm and Dry"), (True, False, "Warm and Wet"), (False, True, "Cold and Dry"),
    (True, True, "Cold and Wet"),
])
def test_four_profiles(congestion, low_perfusion, profile):
    r = calculate("Stevenson HF Class", congestion=congestion, low_perfusion=low_perfusion)
    assert r.value == profile == r.rounded


def test_both_findings_required():
    with pytest.raises(CalculatorInputError, match="low_perfusion"):
        calculate("stevenson-hf-class", congestion=True)
