import pytest

from medreckon import calculate
from medreckon.calculators.library.dsm5_major_depression import SYMPTOMS

EPISODE = {**{name: True for name, _ in SYMPTOMS}, "duration_weeks": 3, "distress_or_impairment": True,
           "not_substance_or_medical": True, "not_psychotic_disorder": True, "no_mania_or_hypomania": True}


def mdd(**kw):
    return calculate("dsm5-major-depression", {**EPISODE, **kw})


def test_worked_example():
    assert calculate("DSM-5 Criteria for Major Depressive Disorder", EPISODE).value == "Positive"


@pytest.mark.parametrize("count, result", [(4, "Negative"), (5, "Positive")])
def test_five_symptoms(count, result):
    assert mdd(**{name: i < count for i, (name, _) in enumerate(SYMPTOMS)}).value == result


def test_a_core_symptom_is_needed():
    others = {name: name not in ("depressed_mood", "anhedonia") for name, _ in SYMPTOMS}  # 7 symptoms, no core
    assert mdd(**others).value == "Negative"


@pytest.mark.parametrize("weeks, result", [(1.9, "Negative"), (2, "Positive")])
def test_two_weeks(weeks, result):
    assert mdd(duration_weeks=weeks).value == result


@pytest.mark.parametrize("field", ["distress_or_impairment", "not_substance_or_medical", "not_psychotic_disorder",
                                   "no_mania_or_hypomania"])
def test_exclusions(field):
    assert mdd(**{field: False}).value == "Negative"
