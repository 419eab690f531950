import pytest

from medreckon import calculate


def test_examples_against_cdc_percentiles():
    # CDC tabulates P5 and P95 beside L, M, S: a length at P5 is the 5th percentile
    r = calculate("CDC/NCHS Infant Length for Age Percentiles (<36 months)", sex="female", age="12 mo", length=69.49379917)
    assert 4 < r.value < 6


def test_inches_and_sex():
    cm = calculate("cdc-infant-length-for-age", sex="male", age="9 mo", length=71)
    inches = calculate("cdc-infant-length-for-age", sex="male", age="9 mo", length=f"{71 / 2.54} in")
    assert inches.value == pytest.approx(cm.value)
    assert calculate("cdc-infant-length-for-age", sex="female", age="9 mo", length=71).value > cm.value


@pytest.mark.parametrize("length, short", [(60, True), (71, False)])
def test_short_for_age_below_5th(length, short):
    r = calculate("cdc-infant-length-for-age", sex="male", age="9 mo", length=length)
    assert ("short for age" in r.interpretation) is short
