import pytest

from medreckon import CalculatorInputError, calculate


@pytest.mark.parametrize("formula, single", [("bazett", "qtc-bazett"), ("fridericia", "qtc-fridericia"),
                                             ("framingham", "qtc-framingham"), ("hodges", "qtc-hodges"),
                                             ("rautaharju", "qtc-rautaharju")])
def test_each_formula_matches_its_own_calculator(formula, single):
    r = calculate("Corrected QT Interval (QTc)", qt_interval=380, heart_rate=72, formula=formula)
    assert r.value == pytest.approx(calculate(single, qt_interval=380, heart_rate=72).value)


def test_bazett_default_and_small_boxes():
    assert calculate("corrected-qt", qt_interval=380, heart_rate=72).rounded == 416
    # 9 small boxes at 25 mm/s = 360 ms; HR 120: RR 0.5 s
    assert calculate("corrected-qt", qt_interval="0.36 s", heart_rate=120).rounded == 509


def test_unknown_formula():
    with pytest.raises(CalculatorInputError, match="formula"):
        calculate("corrected-qt", qt_interval=380, heart_rate=72, formula="sagie")
