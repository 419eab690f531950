import pytest

from medreckon import CalculatorInputError, calculate

EXAMPLE = dict(hallucinations=2, delusions=3, disorganized_speech=2, abnormal_psychomotor_behavior=3,
               negative_symptoms=1, impaired_cognition=2, depression=0, mania=4)


def test_worked_example():
    assert calculate("Clinician-Rated Dimensions of Psychosis Symptom Severity (CRDPSS)", EXAMPLE).value == 17


def test_range():
    assert calculate("crdpss", dict.fromkeys(EXAMPLE, 4)).value == 32
    with pytest.raises(CalculatorInputError, match="mania"):
        calculate("crdpss", {**EXAMPLE, "mania": 5})
