import pytest

from medreckon import calculate


def test_title_heavier_is_higher_and_pounds():
    r = calculate("CDC Weight for Age Percentiles for Boys (2-20 years)", age="30 mo", weight=14.2)
    assert 40 < r.value < 80 and -1 < r.outputs["z_score"]["value"] < 1
    light = calculate("cdc-weight-for-age-boys", age=10, weight=25).value
    heavy = calculate("cdc-weight-for-age-boys", age=10, weight=45).value
    assert light < heavy
    assert calculate("cdc-weight-for-age-boys", age=10, weight=f"{45 / 0.45359237} lb").value == pytest.approx(heavy)
