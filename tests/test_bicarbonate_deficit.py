import pytest

from medreckon import CalculatorInputError, calculate


def deficit(**kw):
    return calculate("bicarbonate-deficit", kw)


def test_formula():
    # 0.4 × 70 × (24 − 12) = 336
    assert deficit(weight=70, bicarbonate=12).value == pytest.approx(336)


def test_weight_in_pounds():
    # 180 lb = 81.647 kg: 0.4 × 81.647 × 14 = 457.2
    assert deficit(weight="180 lb", bicarbonate=10).rounded == 457.2


def test_bicarbonate_in_mmol():
    assert deficit(weight=70, bicarbonate="12 mmol/L").value == pytest.approx(336)


def test_just_below_the_target():
    assert deficit(weight=70, bicarbonate=23.9).value == pytest.approx(2.8)


@pytest.mark.parametrize("hco3", [24, 24.1])
def test_at_or_above_the_target_is_refused(hco3):
    with pytest.raises(CalculatorInputError, match="bicarbonate"):
        deficit(weight=70, bicarbonate=hco3)


def test_missing_weight():
    with pytest.raises(CalculatorInputError, match="weight"):
        deficit(bicarbonate=10)
