import pytest

from medreckon import CalculatorInputError, calculate
from medreckon.calculators.library.tpa_contraindications import ABSOLUTE, LATE_WARNINGS, WARNINGS

OK = dict(age=68, ischemic_stroke_with_deficit=True, hours_since_last_known_well=1.5, systolic_bp=172,
          diastolic_bp=98, platelets=210, glucose=156, nihss=19)


def tpa(**kw):
    return calculate("tpa-contraindications", {**OK, **kw})


def test_eligible():
    r = tpa()
    assert r.value == "eligible" and r.outputs["exclusions"]["value"] is None


@pytest.mark.parametrize("kw", [dict(age=17.9), dict(ischemic_stroke_with_deficit=False),
                                dict(hours_since_last_known_well=4.5), dict(hours_since_last_known_well="270 min")])
def test_inclusion_criteria(kw):
    assert tpa(**kw).value == "not eligible"


@pytest.mark.parametrize("kw, label", [
    (dict(age=18, hours_since_last_known_well=4.49), "eligible"),
    (dict(systolic_bp=185, diastolic_bp=110), "eligible"), (dict(systolic_bp=186), "not eligible"),
    (dict(diastolic_bp=111), "not eligible"),
    (dict(platelets=100), "eligible"), (dict(platelets=99), "not eligible"), (dict(platelets="99000 /uL"), "not eligible"),
    (dict(glucose=50), "eligible"), (dict(glucose=49), "not eligible"), (dict(glucose="2.7 mmol/L"), "not eligible"),
    (dict(warfarin=True, inr=1.7), "eligible"), (dict(warfarin=True, inr=1.8), "not eligible"),
    (dict(inr=2.5), "eligible"),  # an INR off warfarin is not this criterion
])
def test_numeric_limits(kw, label):
    assert tpa(**kw).value == label


@pytest.mark.parametrize("name", [n for n, _ in ABSOLUTE])
def test_each_absolute_contraindication(name):
    assert tpa(**{name: True}).value == "not eligible"


@pytest.mark.parametrize("name", [n for n, _ in WARNINGS])
def test_each_warning(name):
    r = tpa(**{name: True})
    assert r.value == "eligible with warnings" and r.outputs["warnings"]["value"]


@pytest.mark.parametrize("hours, label", [(2.9, "eligible"), (3, "eligible with warnings"), (4.4, "eligible with warnings")])
def test_late_warnings_from_3_hours(hours, label):
    for name, _ in LATE_WARNINGS:
        assert tpa(hours_since_last_known_well=hours, **{name: True}).value == label
    assert tpa(hours_since_last_known_well=hours, age=81).value == label
    assert tpa(hours_since_last_known_well=hours, nihss=26).value == label


@pytest.mark.parametrize("kw", [dict(age=80, hours_since_last_known_well=3.5), dict(nihss=25, hours_since_last_known_well=3.5)])
def test_late_limits_are_strict(kw):
    assert tpa(**kw).value == "eligible"


def test_warfarin_without_inr_warns():
    r = tpa(warfarin=True)
    assert any(w.field == "inr" for w in r.warnings)


def test_missing_blood_pressure():
    kw = dict(OK)
    del kw["systolic_bp"]
    with pytest.raises(CalculatorInputError, match="systolic_bp"):
        calculate("tpa-contraindications", kw)
