import pytest

from medreckon import calculate
from medreckon.calculators.library.dsm5_bipolar import SYMPTOMS

MANIA = {"mood": "elevated or expansive", "increased_energy": True, "episode_days": 10, "hospitalized": False,
         **{name: True for name, _ in SYMPTOMS}, "marked_impairment": True, "psychotic_features": False,
         "not_substance_or_medical": True, "not_psychotic_disorder": True}


def bp(**kw):
    return calculate("dsm5-bipolar-i", {**MANIA, **kw})


def test_worked_example():
    assert calculate("DSM-5 Criteria for Bipolar Disorder", MANIA).value == "Positive"


@pytest.mark.parametrize("days, hospital, result", [(6.9, False, "Negative"), (7, False, "Positive"),
                                                    (3, True, "Positive")])
def test_duration_or_hospitalisation(days, hospital, result):
    assert bp(episode_days=days, hospitalized=hospital).value == result


@pytest.mark.parametrize("mood, count, result", [
    ("elevated or expansive", 2, "Negative"), ("elevated or expansive", 3, "Positive"), ("irritable only", 3, "Negative"),
    ("irritable only", 4, "Positive"), ("neither", 7, "Negative"),
])
def test_symptom_count(mood, count, result):
    kw = {name: i < count for i, (name, _) in enumerate(SYMPTOMS)}
    assert bp(mood=mood, **kw).value == result


def test_criteria_c_and_d():
    assert bp(marked_impairment=False).value == "Negative"
    assert bp(marked_impairment=False, psychotic_features=True).value == "Positive"
    assert bp(not_substance_or_medical=False).value == "Negative"
    assert bp(not_psychotic_disorder=False).value == "Negative"
