import pytest

from medreckon import CalculatorInputError, calculate

BASE = dict(gcs=15, age=60, volume=10)


def ich(**kw):
    return calculate("ich-score", {**BASE, **kw})


@pytest.mark.parametrize("gcs, points", [(15, 0), (13, 0), (12, 1), (5, 1), (4, 2), (3, 2)])
def test_gcs(gcs, points):
    assert ich(gcs=gcs).value == points


@pytest.mark.parametrize("age, points", [(79.9, 0), (80, 1)])
def test_age(age, points):
    assert ich(age=age).value == points


@pytest.mark.parametrize("volume, points", [(29.9, 0), (30, 1), ("0.03 L", 1)])
def test_volume(volume, points):
    assert ich(volume=volume).value == points


@pytest.mark.parametrize("kw, total, mortality", [
    ({}, 0, 0), (dict(infratentorial=True), 1, 13), (dict(gcs=10, intraventricular_hemorrhage=True), 2, 26),
    (dict(gcs=4, intraventricular_hemorrhage=True), 3, 72), (dict(gcs=4, age=85, volume=40), 4, 97),
    (dict(gcs=4, age=85, volume=40, infratentorial=True), 5, 100),
    (dict(gcs=4, age=85, volume=40, infratentorial=True, intraventricular_hemorrhage=True), 6, 100),
])
def test_mortality(kw, total, mortality):
    r = ich(**kw)
    assert r.value == total and r.outputs["mortality"]["value"] == mortality


def test_gcs_below_3():
    with pytest.raises(CalculatorInputError, match="gcs"):
        ich(gcs=2)
