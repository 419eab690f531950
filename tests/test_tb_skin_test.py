import pytest

from medreckon import CalculatorInputError, calculate
from medreckon.calculators.library.tb_skin_test import FIVE_MM, TEN_MM


@pytest.mark.parametrize("name", [n for n, _ in FIVE_MM])
def test_five_mm_groups(name):
    assert calculate("tb-skin-test", induration=5, **{name: True}).value == "Positive"
    assert calculate("tb-skin-test", induration=4.9, **{name: True}).value == "Negative"


@pytest.mark.parametrize("name", [n for n, _ in TEN_MM])
def test_ten_mm_groups(name):
    assert calculate("tb-skin-test", induration=10, **{name: True}).value == "Positive"
    assert calculate("tb-skin-test", induration=9, **{name: True}).value == "Negative"


@pytest.mark.parametrize("age, induration, label", [(3.9, 10, "Positive"), (4, 10, "Negative"), (30, 15, "Positive"),
                                                    (30, 14, "Negative")])
def test_age_and_no_risk(age, induration, label):
    assert calculate("tb-skin-test", induration=induration, age=age).value == label


def test_centimetres():
    assert calculate("tb-skin-test", induration="1.5 cm").value == "Positive"


def test_negative_induration():
    with pytest.raises(CalculatorInputError, match="induration"):
        calculate("tb-skin-test", induration=-1)
