import pytest

from medreckon import CalculatorInputError, calculate


def ratio(bun, cr):
    return calculate("bun-creatinine-ratio", bun=bun, creatinine=cr)


def test_worked_example():
    assert ratio(48, 2.3).rounded == 20.87


@pytest.mark.parametrize(("bun", "words"), [(9.9, "< 10"), (10, "normal"), (20, "normal"), (20.1, "prerenal")])
def test_bands(bun, words):
    assert words in ratio(bun, 1).interpretation


def test_si_units_are_converted_to_mg_dl_first():
    assert ratio("7.14 mmol/L", "88.4 umol/L").value == pytest.approx(7.14 * 2.80134, rel=1e-3)
    with pytest.raises(CalculatorInputError, match="creatinine"):
        ratio(20, 0)
