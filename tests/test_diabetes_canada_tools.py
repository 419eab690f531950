"""Diabetes Canada decision tools: vascular protection and the physical activity tool."""

import pytest

from medreckon import CalculatorInputError, calculate

NONE = dict(cardiovascular_disease=False, microvascular_disease=False, diabetes_type="type 2",
            duration_over_15_years=False, a1c_above_target=False, age=35, other_risk_factor=False)


def vp(**kw):
    return calculate("diabetes-vascular-protection", {**NONE, **kw})


def test_vascular_protection_example():
    r = calculate("Reducing Vascular Risk in Patients Living with Diabetes", NONE, microvascular_disease=True,
                  a1c_above_target=True, age=56, other_risk_factor=True)
    assert r.value == "Yes"
    assert {k: v["value"] for k, v in r.outputs.items()} == {
        "acei_arb": "Yes", "asa": "Not routinely recommended", "cv_benefit_agent": "No"}


def test_nothing_indicated_in_a_young_patient_without_risk():
    r = vp()
    assert r.value == "No" and r.outputs["acei_arb"]["value"] == "No"


@pytest.mark.parametrize("kw, statin", [
    (dict(age=39.9), "No"), (dict(age=40), "Yes"), (dict(age=29.9, duration_over_15_years=True), "No"),
    (dict(age=30, duration_over_15_years=True), "Yes"), (dict(microvascular_disease=True), "Yes"),
    (dict(cardiovascular_disease=True), "Yes"), (dict(other_risk_factor=True), "Yes"),
])
def test_statin_criteria(kw, statin):
    assert vp(**kw).value == statin


@pytest.mark.parametrize("kw, acei", [
    (dict(age=54.9, other_risk_factor=True), "No"), (dict(age=55, other_risk_factor=True), "Yes"),
    (dict(age=60), "No"), (dict(microvascular_disease=True), "Yes"), (dict(cardiovascular_disease=True), "Yes"),
])
def test_acei_criteria(kw, acei):
    assert vp(**kw).outputs["acei_arb"]["value"] == acei


def test_asa_and_agent_need_cardiovascular_disease():
    r = vp(cardiovascular_disease=True, a1c_above_target=True)
    assert r.outputs["asa"]["value"] == "Yes" and r.outputs["cv_benefit_agent"]["value"] == "Yes"
    assert vp(cardiovascular_disease=True).outputs["cv_benefit_agent"]["value"] == "No"
    assert vp(cardiovascular_disease=True, a1c_above_target=True, diabetes_type="type 1"
              ).outputs["cv_benefit_agent"]["value"] == "No"


def test_physical_activity_example():
    r = calculate("Physical Activity Decision Tool for Patients Living with Diabetes", limiting_angina=False,
                  mvpa_days_per_week=2, mvpa_minutes_per_day=25, resistance_days_per_week=0)
    assert r.value == 50 and r.outputs["mvpa_goal_met"]["value"] is False
    assert r.outputs["resistance_training_needed"]["value"] is True


@pytest.mark.parametrize("days, minutes, met", [(5, 30, True), (5, 29.9, False)])
def test_150_minutes(days, minutes, met):
    r = calculate("physical-activity-diabetes", limiting_angina=False, mvpa_days_per_week=days,
                  mvpa_minutes_per_day=minutes, resistance_days_per_week=2)
    assert r.outputs["mvpa_goal_met"]["value"] is met and r.outputs["resistance_training_needed"]["value"] is False


def test_angina_comes_first_and_days_are_bounded():
    r = calculate("physical-activity-diabetes", limiting_angina=True, mvpa_days_per_week=0, mvpa_minutes_per_day=0,
                  resistance_days_per_week=0)
    assert "angina" in r.outputs["advice"]["value"]
    with pytest.raises(CalculatorInputError, match="mvpa_days_per_week"):
        calculate("physical-activity-diabetes", limiting_angina=False, mvpa_days_per_week=8, mvpa_minutes_per_day=10,
                  resistance_days_per_week=0)
