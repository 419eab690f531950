import pytest

from medreckon import CalculatorInputError, calculate


def test_example():
    r = calculate("ABIC Score for Alcoholic Hepatitis", age=52, bilirubin=22, inr=1.9, creatinine=1.8)
    assert r.value == pytest.approx(9.02) and r.outputs["risk_group"]["value"] == "High"
    assert r.outputs["survival_90_days"]["value"] == 25


@pytest.mark.parametrize("age, group", [(50.2, "Low"), (50.3, "Intermediate"), (73.1, "Intermediate"),
                                        (73.2, "High")])
def test_group_cut_offs_both_sides(age, group):
    # bilirubin 1, creatinine 1, INR 1: 0.1 × age + 1.18; 6.71 at age 55.3, 9.0 at age 78.2
    assert calculate("abic", age=age + 5, bilirubin=1, inr=1, creatinine=1).outputs["risk_group"]["value"] == group


def test_units_and_bad_inr():
    assert calculate("abic", age=50, bilirubin="171 umol/L", inr=1, creatinine="88.4 umol/L").value == pytest.approx(
        5 + 0.08 * 10 + 0.3 * 1 + 0.8, abs=1e-3)
    with pytest.raises(CalculatorInputError, match="inr"):
        calculate("abic", age=50, bilirubin=1, inr=0, creatinine=1)
