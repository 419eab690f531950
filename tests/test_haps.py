import pytest

from medreckon import CalculatorInputError, calculate

NORMAL = {"peritonitis": False, "hematocrit": 40, "sex": "male", "creatinine": 1.1}


@pytest.mark.parametrize("change, points", [
    ({}, 0), ({"peritonitis": True}, 1), ({"hematocrit": 43}, 0), ({"hematocrit": 43.1}, 1),
    ({"sex": "female", "hematocrit": 39.6}, 0), ({"sex": "female", "hematocrit": 39.7}, 1),
    ({"creatinine": 2.0}, 0), ({"creatinine": 2.01}, 1), ({"creatinine": "180 umol/L"}, 1),
])
def test_criteria_both_sides(change, points):
    assert calculate("haps", **{**NORMAL, **change}).value == points


def test_interpretation_and_bad_input():
    assert calculate("haps", **NORMAL).interpretation.startswith("0: harmless")
    with pytest.raises(CalculatorInputError, match="hematocrit"):
        calculate("haps", **{**NORMAL, "hematocrit": 120})
