import pytest

from medreckon import CalculatorInputError, calculate


def rts(**kw):
    return calculate("revised-trauma-score", {"gcs": 15, "systolic_bp": 120, "respiratory_rate": 16, **kw})


def test_normal_is_maximum():
    assert rts().value == pytest.approx(7.8408)


def test_champion_example():
    # GCS 10 (3), SBP 112 (4), RR 24 (4): 0.9368×3 + 0.7326×4 + 0.2908×4 = 6.904
    assert rts(gcs=10, systolic_bp=112, respiratory_rate=24).rounded == 6.904


@pytest.mark.parametrize("gcs, code", [(13, 4), (12, 3), (9, 3), (8, 2), (6, 2), (5, 1), (4, 1), (3, 0)])
def test_gcs_codes(gcs, code):
    assert rts(gcs=gcs).value == pytest.approx(0.9368 * code + 0.7326 * 4 + 0.2908 * 4)


@pytest.mark.parametrize("sbp, code", [(90, 4), (89, 3), (76, 3), (75, 2), (50, 2), (49, 1), (1, 1), (0, 0),
                                       ("12 kPa", 4)])
def test_sbp_codes(sbp, code):
    assert rts(systolic_bp=sbp).value == pytest.approx(0.9368 * 4 + 0.7326 * code + 0.2908 * 4)


@pytest.mark.parametrize("rr, code", [(30, 3), (29, 4), (10, 4), (9, 2), (6, 2), (5, 1), (1, 1), (0, 0)])
def test_rr_codes(rr, code):
    assert rts(respiratory_rate=rr).value == pytest.approx(0.9368 * 4 + 0.7326 * 4 + 0.2908 * code)


def test_below_four_interpretation():
    r = rts(gcs=3, systolic_bp=60)  # 0 + 0.7326×2 + 0.2908×4 = 2.63
    assert r.value < 4 and "trauma centre" in r.interpretation


def test_gcs_out_of_range():
    with pytest.raises(CalculatorInputError, match="gcs"):
        rts(gcs=2)
