import pytest

from medreckon import CalculatorInputError, calculate


@pytest.mark.parametrize("age, points", [(15.9, 0), (16, 1), (45, 1), (45.5, 0)])
def test_age_16_to_45(age, points):
    assert calculate("ort-oud", age=age).value == points


@pytest.mark.parametrize("kw, high", [(dict(depression=True, family_alcohol=True), False),
                                      (dict(depression=True, family_alcohol=True, personal_alcohol=True), True)])
def test_high_risk_from_3(kw, high):
    assert calculate("ort-oud", age=60, **kw).interpretation.startswith("high") is high


def test_all_nine():
    kw = {n: True for n in ("family_alcohol", "family_illegal_drugs", "family_prescription_drugs", "personal_alcohol",
                            "personal_illegal_drugs", "personal_prescription_drugs", "depression", "other_psychiatric")}
    assert calculate("ort-oud", age=30, **kw).value == 9


def test_age_required():
    with pytest.raises(CalculatorInputError, match="age"):
        calculate("ort-oud", depression=True)
