import pytest

from medreckon import CalculatorInputError, calculate


@pytest.mark.parametrize("bmi, points", [(20.01, 0), (20.0, 1), (18.5, 1), (18.49, 2)])
def test_bmi_bands_both_sides(bmi, points):
    assert calculate("must", bmi=bmi, weight_loss_percent=0).value == points


@pytest.mark.parametrize("loss, points", [(4.99, 0), (5.0, 1), (10.0, 1), (10.01, 2)])
def test_weight_loss_bands_both_sides(loss, points):
    assert calculate("must", bmi=25, weight_loss_percent=loss).value == points


def test_risk_levels():
    assert calculate("must", bmi=25, weight_loss_percent=0).interpretation.startswith("low risk")
    assert calculate("must", bmi=25, weight_loss_percent=7).interpretation.startswith("medium risk")
    high = calculate("must", bmi=22.2, weight_loss_percent=6.8, acute_disease_no_intake=True)
    assert high.value == 3 and high.interpretation.startswith("high risk")


def test_weight_loss_as_a_fraction_and_bad_input():
    assert calculate("must", bmi=25, weight_loss_percent="0.12 fraction").value == 2
    with pytest.raises(CalculatorInputError, match="weight_loss_percent"):
        calculate("must", bmi=25, weight_loss_percent=-3)
