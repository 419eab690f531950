import pytest

from medreckon import calculate


def test_title_and_median_band():
    r = calculate("CDC Height for Age Percentiles for Boys (2 - 20 years)", age="30 mo", height=91.8)
    assert 40 < r.value < 70 and r.outputs["category"]["value"] == "Normal stature"


@pytest.mark.parametrize("height, label", [(150, "Short stature"), (170, "Normal stature"), (190, "Tall stature")])
def test_categories_at_15(height, label):
    assert calculate("cdc-height-for-age-boys", age=15, height=height).outputs["category"]["value"] == label


def test_feet_and_inches():
    a = calculate("cdc-height-for-age-boys", age=12, height="4 ft 11 in").value
    assert a == pytest.approx(calculate("cdc-height-for-age-boys", age=12, height=149.86).value)
