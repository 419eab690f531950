import pytest

from medreckon import calculate


def test_worked_example():
    r = calculate("C-Peptide to Glucose Ratio", c_peptide=5.8, glucose=110)
    assert r.value == pytest.approx(5.8 / 110 * 100) and r.rounded == 5.3


@pytest.mark.parametrize("c_peptide, preserved", [(0.79, False), (0.8, True)])
def test_cut_off_08(c_peptide, preserved):
    r = calculate("cpi", c_peptide=c_peptide, glucose=100)
    assert r.interpretation.startswith("≥ 0.8" if preserved else "< 0.8")


def test_glucose_in_mmol():
    assert calculate("cpi", c_peptide=1.8, glucose="10 mmol/L").value == pytest.approx(1.8 / 180.16 * 100, rel=1e-3)
