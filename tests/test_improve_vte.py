import pytest

from medreckon import CalculatorInputError, calculate


def test_every_item_and_example():
    everything = {"previous_vte": True, "thrombophilia": True, "lower_limb_paralysis": True, "current_cancer": True,
                  "immobilized_7_days": True, "icu_or_ccu": True, "age": 70}
    assert calculate("improve-vte", **everything).value == 12
    r = calculate("IMPROVE Risk Score for Venous Thromboembolism (VTE)", immobilized_7_days=True, age=78)
    assert r.value == 2 and "increased" in r.interpretation


@pytest.mark.parametrize("age, points", [(60, 0), (60.5, 1)])
def test_age_both_sides(age, points):
    assert calculate("improve-vte", age=age).value == points


def test_bands_and_bad_age():
    assert "low" in calculate("improve-vte", age=70).interpretation
    assert "high" in calculate("improve-vte", age=50, previous_vte=True, icu_or_ccu=True).interpretation
    with pytest.raises(CalculatorInputError, match="age"):
        calculate("improve-vte", age=-1)
