import pytest

from medreckon import CalculatorInputError, calculate

BASE = dict(age=65, sex="female", cancer_type="other", standard_dose=False, chemotherapy_drugs=1, hemoglobin=13,
            creatinine_clearance=80, hearing="good", falls=0, needs_help_with_medications=False, walking_limited=False,
            decreased_social_activity=False)


def carg(**kw):
    return calculate("carg-tt", {**BASE, **kw})


def test_worked_example():
    r = carg(age=76, standard_dose=True, chemotherapy_drugs=2, hemoglobin=12, creatinine_clearance=28.8,
             hearing="fair", decreased_social_activity=True)
    assert r.value == 12  # 2 + 2 + 2 + 3 + 2 + 1
    assert r.outputs["risk_group"]["value"] == "High" and r.outputs["toxicity_risk"]["value"] == 83


@pytest.mark.parametrize(("kw", "points"), [
    (dict(age=71.9), 0), (dict(age=72), 2),
    (dict(cancer_type="gastrointestinal"), 2), (dict(cancer_type="genitourinary"), 2),
    (dict(standard_dose=True), 2),
    (dict(chemotherapy_drugs=2), 2),
    (dict(hemoglobin=10), 0), (dict(hemoglobin=9.9), 3), (dict(sex="male", hemoglobin=11), 0),
    (dict(sex="male", hemoglobin=10.9), 3),
    (dict(creatinine_clearance=34), 0), (dict(creatinine_clearance=33.9), 3),
    (dict(hearing="very good"), 0), (dict(hearing="fair"), 2), (dict(hearing="totally deaf"), 2),
    (dict(falls=1), 3),
    (dict(needs_help_with_medications=True), 1), (dict(walking_limited=True), 2), (dict(decreased_social_activity=True), 1),
])
def test_each_item_both_sides(kw, points):
    assert carg(**kw).value == points


@pytest.mark.parametrize(("kw", "group", "risk"), [
    (dict(age=72, standard_dose=True, needs_help_with_medications=True), "Low", 30),  # 5
    (dict(age=72, standard_dose=True, chemotherapy_drugs=2), "Intermediate", 52),  # 6
    (dict(age=72, standard_dose=True, chemotherapy_drugs=2, falls=1), "Intermediate", 52),  # 9
    (dict(age=72, standard_dose=True, chemotherapy_drugs=2, falls=1, decreased_social_activity=True), "High", 83),  # 10
])
def test_risk_groups(kw, group, risk):
    r = carg(**kw)
    assert (r.outputs["risk_group"]["value"], r.outputs["toxicity_risk"]["value"]) == (group, risk)


def test_errors():
    with pytest.raises(CalculatorInputError, match="chemotherapy_drugs"):
        carg(chemotherapy_drugs=0)
