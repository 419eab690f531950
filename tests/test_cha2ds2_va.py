import pytest

from medreckon import CalculatorInputError, calculate


@pytest.mark.parametrize("age, points", [(64.9, 0), (65, 1), (74.9, 1), (75, 2)])
def test_age(age, points):
    assert calculate("cha2ds2-va", age=age).value == points


def test_items_and_no_sex_criterion():
    assert calculate("cha2ds2-va", age=50, stroke_tia_thromboembolism=True).value == 2
    kw = dict(age=50, heart_failure=True, hypertension=True, vascular_disease=True, diabetes=True)
    assert calculate("cha2ds2-va", kw).value == 4
    with pytest.raises(CalculatorInputError, match="sex"):
        calculate("cha2ds2-va", age=50, sex="female")


@pytest.mark.parametrize("kw, words", [({}, "0:"), (dict(diabetes=True), "considered"),
                                       (dict(diabetes=True, hypertension=True), "recommended")])
def test_interpretation(kw, words):
    assert words in calculate("cha2ds2-va", age=40, **kw).interpretation
