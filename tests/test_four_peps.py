import pytest

from medreckon import calculate
from medreckon.calculators.library.four_peps import ITEMS

BASE = dict(age=70, sex="female", heart_rate=90, oxygen_saturation=98)


def peps(**kw):
    return calculate("4peps", {**BASE, **kw})


@pytest.mark.parametrize("age, points", [(49, -2), (50, -1), (64, -1), (65, 0)])
def test_age(age, points):
    assert peps(age=age).value == points


@pytest.mark.parametrize("kw, points", [(dict(sex="male"), 2), (dict(heart_rate=79), -1), (dict(heart_rate=80), 0),
                                        (dict(oxygen_saturation=94.9), 3), (dict(oxygen_saturation=95), 0)])
def test_measured_items(kw, points):
    assert peps(**kw).value == points


@pytest.mark.parametrize("name, points", [(n, p) for n, _, p in ITEMS])
def test_findings(name, points):
    assert peps(**{name: True}).value == points


@pytest.mark.parametrize("kw, level", [
    (dict(age=40), "very low"), ({}, "low"), (dict(pe_most_likely=True), "low"),
    (dict(pe_most_likely=True, chest_pain_and_dyspnea=True), "moderate"),
    (dict(pe_most_likely=True, calf_pain_or_edema=True, prior_vte=True, estrogen=True), "moderate"),  # 12
    (dict(pe_most_likely=True, calf_pain_or_edema=True, prior_vte=True, estrogen=True,
          chest_pain_and_dyspnea=True), "high"),  # 13
])
def test_levels(kw, level):
    assert peps(**kw).outputs["probability"]["value"] == level
