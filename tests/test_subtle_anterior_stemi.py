import pytest

from medreckon import CalculatorInputError, calculate


def stemi(**kw):
    return calculate("subtle-anterior-stemi", {"qtc_bazett": 400, "qrs_amplitude_v2": 20, "r_wave_v4": 10,
                                               "ste60_v3": 2, **kw})


def test_formula():
    # 0.052 × 445 − 0.151 × 10 − 0.268 × 7 + 1.062 × 1.5 = 21.347
    assert stemi(qtc_bazett=445, qrs_amplitude_v2=10, r_wave_v4=7, ste60_v3=1.5).value == pytest.approx(21.347)


@pytest.mark.parametrize("qtc, stemi_likely", [(418, False), (419, True)])
def test_cut_off_18_2(qtc, stemi_likely):
    # 0.052 × QTc − 0.151 × 20 − 0.268 × 10 + 1.062 × 2: 18.16 at 418 ms, 18.21 at 419 ms
    r = stemi(qtc_bazett=qtc)
    assert ("likely anterior STEMI" in r.interpretation) is stemi_likely


def test_seconds_for_qtc():
    assert stemi(qtc_bazett="0.445 s").value == pytest.approx(stemi(qtc_bazett=445).value)


def test_negative_amplitude_is_refused():
    with pytest.raises(CalculatorInputError, match="r_wave_v4"):
        stemi(r_wave_v4=-1)
