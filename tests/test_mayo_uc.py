import pytest

from medreckon import CalculatorInputError, calculate

QUIET = {"rectal_bleeding": "none", "endoscopy": "normal", "physician_global": "normal"}


@pytest.mark.parametrize("above, points", [(0, 0), (1, 1), (2, 1), (3, 2), (4, 2), (5, 3), (9, 3)])
def test_stool_frequency_bands(above, points):
    assert calculate("mayo-uc", stools_above_normal=above, **QUIET).value == points


def test_maximum_and_remission():
    r = calculate("Mayo Score/Disease Activity Index (DAI) for Ulcerative Colitis", stools_above_normal=6,
                  rectal_bleeding="blood_alone", endoscopy="severe", physician_global="severe")
    assert r.value == 12 and r.interpretation.startswith("12 of 12: active")
    assert calculate("mayo-uc", stools_above_normal=1, rectal_bleeding="streaks_less_than_half_the_time",
                     endoscopy="normal", physician_global="normal").interpretation.startswith("2 of 12: remission")


def test_negative_count_rejected():
    with pytest.raises(CalculatorInputError, match="stools_above_normal"):
        calculate("mayo-uc", stools_above_normal=-1, **QUIET)
