import pytest

from medreckon import calculate


@pytest.mark.parametrize("age, prior, points", [
    (64, False, 0), (65, False, 3), (74, False, 3), (75, False, 5), (84, False, 5), (85, False, 6),
    (64, True, 8), (65, True, 7), (84, True, 7), (85, True, 9),
])
def test_age_points_depend_on_prior_stroke(age, prior, points):
    assert calculate("atria-stroke", age=age, sex="male", prior_stroke=prior).value == points


def test_one_point_items():
    kw = dict(diabetes=True, heart_failure=True, hypertension=True, proteinuria=True, egfr_below_45_or_esrd=True)
    assert calculate("atria-stroke", age=50, sex="female", **kw).value == 6


@pytest.mark.parametrize("kw, band", [(dict(age=70, hypertension=True, diabetes=True), "low"),
                                      (dict(age=70, hypertension=True, diabetes=True, proteinuria=True), "moderate"),
                                      (dict(age=76, hypertension=True, diabetes=True), "high")])
def test_bands(kw, band):
    assert calculate("atria-stroke", sex="male", **kw).interpretation.startswith(band)
