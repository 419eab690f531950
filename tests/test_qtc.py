import pytest

from medreckon import CalculatorInputError, calculate, from_medcalc_bench

# QT 400 ms at 75 beats/min: RR = 60/75 = 0.8 s


def test_bazett_by_hand():
    # 400 / √0.8 = 400 / 0.894427 = 447.214
    assert calculate("qtc-bazett", qt_interval=400, heart_rate=75).value == pytest.approx(447.2136, abs=1e-3)


def test_fridericia_by_hand():
    # 400 / 0.8^(1/3) = 400 / 0.928318 = 430.887
    assert calculate("qtc-fridericia", qt_interval=400, heart_rate=75).value == pytest.approx(430.887, abs=1e-3)


def test_framingham_by_hand():
    # 400 + 154 × (1 − 0.8) = 400 + 30.8
    assert calculate("qtc-framingham", qt_interval=400, heart_rate=75).value == pytest.approx(430.8)


def test_hodges_by_hand():
    # 400 + 1.75 × (75 − 60) = 426.25
    assert calculate("qtc-hodges", qt_interval=400, heart_rate=75).value == pytest.approx(426.25)


def test_rautaharju_by_hand():
    # 400 × (120 + 75) / 180 = 433.333
    assert calculate("qtc-rautaharju", qt_interval=400, heart_rate=75).value == pytest.approx(433.3333, abs=1e-4)


@pytest.mark.parametrize("calc", ["qtc-bazett", "qtc-fridericia", "qtc-framingham", "qtc-hodges", "qtc-rautaharju"])
def test_all_formulas_agree_at_60_per_minute(calc):
    # RR = 1 s: every correction leaves the QT unchanged
    assert calculate(calc, qt_interval=420, heart_rate=60).value == pytest.approx(420)


def test_qt_in_seconds():
    assert calculate("qtc-bazett", qt_interval="0.4 s", heart_rate=75).value == pytest.approx(447.2136, abs=1e-3)


def test_interpretation_thresholds():
    # Hodges at 60/min returns the QT itself, so the thresholds can be hit exactly
    def interp(qt):
        return calculate("qtc-hodges", qt_interval=qt, heart_rate=60).interpretation

    assert interp(449.9).startswith("QTc below 450")
    assert interp(450).startswith("QTc 450-500")
    assert interp(500).startswith("QTc 450-500")
    assert interp(500.1).startswith("QTc above 500")


def test_zero_heart_rate_is_an_error():
    with pytest.raises(CalculatorInputError, match="heart_rate"):
        calculate("qtc-bazett", qt_interval=400, heart_rate=0)
    with pytest.raises(CalculatorInputError, match="heart_rate"):
        calculate("qtc-hodges", qt_interval=400, heart_rate=0)


def test_missing_qt():
    with pytest.raises(CalculatorInputError, match="qt_interval"):
        calculate("qtcb", heart_rate=80)


def test_medcalc_bench_row_bazett():
    # row 180: 330 / √(60/131) = 487.6
    r = from_medcalc_bench(11, "{'Heart Rate or Pulse': [131, 'beats per minute'], 'QT interval': [330, 'msec']}")
    assert r.value == pytest.approx(330 / (60 / 131) ** 0.5)
    assert r.value == pytest.approx(487.62, rel=1e-3)
