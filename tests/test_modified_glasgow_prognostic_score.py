import pytest

from medreckon import CalculatorInputError, calculate


@pytest.mark.parametrize("crp, albumin, score", [
    (10, 2.0, 0),  # CRP not raised: albumin does not count
    (10.1, 3.5, 1), (10.1, 3.49, 2), (28, 3.2, 2),
])
def test_criteria_both_sides(crp, albumin, score):
    assert calculate("mgps", crp=crp, albumin=albumin).value == score


def test_units():
    assert calculate("mgps", crp="1.2 mg/dL", albumin="30 g/L").value == 2  # 12 mg/L, 3.0 g/dL
    assert calculate("mgps", crp="0.9 mg/dL", albumin="30 g/L").value == 0


def test_negative_crp_rejected():
    with pytest.raises(CalculatorInputError, match="crp"):
        calculate("mgps", crp=-1, albumin=3)
