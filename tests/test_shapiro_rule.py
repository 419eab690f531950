import pytest

from medreckon import calculate

NONE = dict(temperature=37, age=40, systolic_bp=120, wbc=8, bands=2, platelets=250, creatinine=1.0)


def shapiro(**kw):
    return calculate("shapiro-rule", {**NONE, **kw})


def test_nothing_met():
    r = shapiro()
    assert r.value == "Blood culture not indicated" and r.outputs["minor_criteria"]["value"] == 0


@pytest.mark.parametrize("t, major, minor", [(38.2, 0, 0), (38.3, 0, 1), (39.4, 0, 1), (39.5, 1, 0),
                                             ("103.1 degF", 1, 0)])
def test_temperature(t, major, minor):
    r = shapiro(temperature=t)
    assert (r.outputs["major_criteria"]["value"], r.outputs["minor_criteria"]["value"]) == (major, minor)


@pytest.mark.parametrize("kw", [dict(age=65.5), dict(chills=True), dict(vomiting=True), dict(systolic_bp=89),
                                dict(wbc=18.1), dict(bands=5.1), dict(platelets=149), dict(creatinine=2.01)])
def test_each_minor(kw):
    r = shapiro(**kw)
    assert r.outputs["minor_criteria"]["value"] == 1 and r.value == "Blood culture not indicated"


@pytest.mark.parametrize("kw", [dict(age=65), dict(systolic_bp=90), dict(wbc=18), dict(bands=5), dict(platelets=150),
                                dict(creatinine=2.0)])
def test_minor_limits_not_met(kw):
    assert shapiro(**kw).outputs["minor_criteria"]["value"] == 0


def test_two_minor_or_one_major():
    assert shapiro(chills=True, vomiting=True).value == "Blood culture indicated"
    assert shapiro(indwelling_vascular_catheter=True).value == "Blood culture indicated"
    assert shapiro(suspected_endocarditis=True).outputs["major_criteria"]["value"] == 1
