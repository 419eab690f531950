import pytest

from medreckon import CalculatorInputError, calculate

BASE = dict(age=54, sex="male", hematocrit=41, contrast_volume=90, egfr=80)


def mehran(**kw):
    return calculate("mehran", {**BASE, **kw})


def test_zero_and_lowest_group():
    r = mehran()
    assert r.value == 0 and r.outputs["cin_risk"]["value"] == 7.5 and r.outputs["dialysis_risk"]["value"] == 0.04


@pytest.mark.parametrize("ml, points", [(99, 0), (100, 1), (199, 1), (200, 2), ("0.35 L", 3)])
def test_contrast_per_whole_100_ml(ml, points):
    assert mehran(contrast_volume=ml).value == points


@pytest.mark.parametrize("sex, hct, points", [("male", 39, 0), ("male", 38.9, 3), ("female", 36, 0),
                                              ("female", 35.9, 3)])
def test_anaemia_by_sex(sex, hct, points):
    assert mehran(sex=sex, hematocrit=hct).value == points


@pytest.mark.parametrize("egfr, points", [(60, 0), (59.9, 2), (40, 2), (39.9, 4), (20, 4), (19.9, 6)])
def test_egfr(egfr, points):
    assert mehran(egfr=egfr).value == points


@pytest.mark.parametrize("age, points", [(75, 0), (75.1, 4)])
def test_age_over_75(age, points):
    assert mehran(age=age).value == points


@pytest.mark.parametrize("kw, total, cin", [
    (dict(hypotension=True), 5, 7.5), (dict(hypotension=True, contrast_volume=100), 6, 14.0),
    (dict(iabp=True, heart_failure=True), 10, 14.0), (dict(iabp=True, heart_failure=True, contrast_volume=100), 11, 26.1),
    (dict(iabp=True, heart_failure=True, hypotension=True), 15, 26.1),
    (dict(iabp=True, heart_failure=True, hypotension=True, contrast_volume=100), 16, 57.3),
])
def test_risk_groups(kw, total, cin):
    r = mehran(**kw)
    assert r.value == total and r.outputs["cin_risk"]["value"] == cin


def test_diabetes():
    assert mehran(diabetes=True).value == 3


def test_missing_sex():
    kw = dict(BASE)
    del kw["sex"]
    with pytest.raises(CalculatorInputError, match="sex"):
        calculate("mehran", kw)
