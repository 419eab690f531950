import pytest

from medreckon import CalculatorInputError, calculate


def test_worked_example():
    r = calculate("base-excess", ph=7.34, paco2=31)  # −8.5 mEq/L, HCO3- 16.2
    assert r.rounded == -8.5
    assert r.outputs["bicarbonate"]["rounded"] == 16.2
    assert "metabolic acidosis" in r.interpretation


def test_normal_blood_is_near_zero():
    # the approximation gives −0.45 at pH 7.40, PaCO2 40: within the normal ±2
    assert calculate("base-excess", ph=7.40, paco2=40).value == pytest.approx(-0.45, abs=0.01)


@pytest.mark.parametrize(("ph", "words"), [(7.30, "acidosis"), (7.40, "within"), (7.50, "alkalosis")])
def test_bands(ph, words):
    assert words in calculate("base-excess", ph=ph, paco2=40).interpretation


def test_errors():
    with pytest.raises(CalculatorInputError, match="ph"):
        calculate("base-excess", ph=14, paco2=40)
