import pytest

from medreckon import calculate

BASE = dict(age=30, sex="female", asian_or_indigenous=False, born_in_high_risk_region=False, family_history=False,
            high_glucose_history=False, bp_medication=False, current_smoker=False, no_daily_fruit_vegetables=False,
            inactive=False, waist=70)


def aus(**kw):
    return calculate("ausdrisk", {**BASE, **kw})


def test_worked_example():
    r = calculate("Australian Type 2 Diabetes Risk (AUSDRISK) Assessment Tool", BASE, age=50, sex="male",
                  family_history=True, high_glucose_history=True, inactive=True, waist="45 in")
    assert r.value == 25 and r.outputs["risk_group"]["value"] == "High" and r.outputs["five_year_risk"]["value"] == "1 in 3"


@pytest.mark.parametrize("age, points", [(34, 0), (35, 2), (44, 2), (45, 4), (55, 6), (64, 6), (65, 8)])
def test_age(age, points):
    assert aus(age=age).value == points


@pytest.mark.parametrize("sex, asian, waist, points", [
    ("male", False, 101, 0), ("male", False, 102, 4), ("male", False, 110, 4), ("male", False, 111, 7),
    ("female", False, 87, 0), ("female", False, 88, 4), ("female", False, 100, 4), ("female", False, 101, 7),
    ("male", True, 89, 0), ("male", True, 90, 4), ("male", True, 101, 7), ("female", True, 80, 4), ("female", True, 91, 7),
])
def test_waist_bands(sex, asian, waist, points):
    base = (3 if sex == "male" else 0) + (2 if asian else 0)
    assert aus(sex=sex, asian_or_indigenous=asian, waist=waist).value == base + points


@pytest.mark.parametrize("kw, group, risk", [
    (dict(high_glucose_history=False, family_history=True, inactive=True), "Low", "1 in 100"),
    (dict(high_glucose_history=True), "Intermediate", "1 in 50"), (dict(high_glucose_history=True, family_history=True,
                                                                        bp_medication=True, current_smoker=True),
                                                                   "High", "1 in 14"),
])
def test_groups(kw, group, risk):
    r = aus(**kw)
    assert r.outputs["risk_group"]["value"] == group and r.outputs["five_year_risk"]["value"] == risk


@pytest.mark.parametrize("total, group", [(5, "Low"), (6, "Intermediate"), (11, "Intermediate"), (12, "High")])
def test_group_edges(total, group):
    kw = {5: dict(family_history=True, current_smoker=True), 6: dict(high_glucose_history=True),
          11: dict(high_glucose_history=True, family_history=True, current_smoker=True),
          12: dict(high_glucose_history=True, family_history=True, current_smoker=True, no_daily_fruit_vegetables=True)}
    r = aus(**kw[total])
    assert r.value == total and r.outputs["risk_group"]["value"] == group
