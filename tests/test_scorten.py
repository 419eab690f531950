import pytest

from medreckon import calculate

LOW = dict(age=30, heart_rate=90, malignancy=False, detached_bsa=5, bun=14, bicarbonate=24, glucose=100)


def sc(**kw):
    return calculate("scorten", {**LOW, **kw})


def test_worked_example():
    r = calculate("Severity-of-Illness Score for Toxic Epidermal Necrolysis (SCORTEN)", age=48, heart_rate=102,
                  malignancy=False, detached_bsa=0, bun=22, bicarbonate=23, glucose=118)
    assert r.value == 1 and r.outputs["mortality"]["value"] == 3.2


@pytest.mark.parametrize("kw, points", [
    (dict(age=39), 0), (dict(age=40), 1), (dict(heart_rate=119), 0), (dict(heart_rate=120), 1),
    (dict(detached_bsa=10), 0), (dict(detached_bsa=11), 1), (dict(bun=28), 0), (dict(bun=28.1), 1),
    (dict(bun="10 mmol/L"), 0), (dict(bun="10.1 mmol/L"), 1), (dict(bicarbonate=20), 0), (dict(bicarbonate=19), 1),
    (dict(glucose="14 mmol/L"), 0), (dict(glucose="14.1 mmol/L"), 1), (dict(glucose=252), 0), (dict(glucose=253), 1),
    (dict(malignancy=True), 1),
])
def test_each_criterion(kw, points):
    assert sc(**kw).value == points


@pytest.mark.parametrize("kw, mortality", [
    (dict(age=50, heart_rate=130), 12.1), (dict(age=50, heart_rate=130, malignancy=True), 35.3),
    (dict(age=50, heart_rate=130, malignancy=True, detached_bsa=40), 58.3),
    (dict(age=50, heart_rate=130, malignancy=True, detached_bsa=40, bicarbonate=15), 90.0),
])
def test_mortality_table(kw, mortality):
    assert sc(**kw).outputs["mortality"]["value"] == mortality
