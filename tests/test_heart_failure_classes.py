"""NYHA class, Killip class, Framingham heart failure criteria and the ACC/AHA stage."""

import pytest

from medreckon import CalculatorInputError, calculate


@pytest.mark.parametrize("limitation, cls", [("none", "Class I"), ("slight", "Class II"), ("marked", "Class III"),
                                             ("symptoms_at_rest", "Class IV")])
def test_nyha(limitation, cls):
    assert calculate("nyha", limitation=limitation).value == cls


@pytest.mark.parametrize("findings, cls, mortality", [("no_heart_failure", "Class I", 6), ("s3_or_basal_rales",
                                                                                           "Class II", 17),
                                                      ("acute_pulmonary_edema", "Class III", 38),
                                                      ("cardiogenic_shock", "Class IV", 81)])
def test_killip(findings, cls, mortality):
    r = calculate("killip", findings=findings)
    assert r.value == cls and r.outputs["mortality_1967"]["value"] == mortality


@pytest.mark.parametrize("major, minor, result", [
    (["rales", "s3_gallop"], [], "Positive"), (["rales"], ["ankle_edema", "hepatomegaly"], "Positive"),
    (["rales"], ["ankle_edema"], "Negative"), ([], ["ankle_edema", "hepatomegaly", "tachycardia", "nocturnal_cough"],
                                               "Negative"),
])
def test_framingham_rule(major, minor, result):
    r = calculate("framingham-hf-criteria", **{c: True for c in major + minor})
    assert r.value == result and r.outputs["major_criteria"]["value"] == len(major)


@pytest.mark.parametrize("facts, stage", [
    ({}, "Not at risk"), ({"cardiotoxins": True}, "Stage A"), ({"risk_factors": True, "raised_biomarkers": True}, "Stage B"),
    ({"structural_heart_disease": True, "heart_failure_symptoms": True}, "Stage C"),
    ({"heart_failure_symptoms": True, "advanced_heart_failure": True}, "Stage D"),
])
def test_acc_aha_stage(facts, stage):
    assert calculate("acc-aha-hf-stage", **facts).value == stage


def test_unknown_choice():
    with pytest.raises(CalculatorInputError, match="limitation"):
        calculate("nyha", limitation="moderate")
