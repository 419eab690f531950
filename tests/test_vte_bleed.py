import pytest

from medreckon import CalculatorInputError, calculate

BASE = dict(age=50, sex="female", active_cancer=False, systolic_bp=120, hemoglobin=14, prior_bleeding=False,
            creatinine_clearance=90)


def vte(**kw):
    return calculate("vte-bleed", {**BASE, **kw})


def test_worked_example():
    r = vte(age=72, sex="male", systolic_bp=165, hemoglobin=11.2, prior_bleeding=True, creatinine_clearance=54)
    assert r.value == 7.0 and r.outputs["risk"]["value"] == "Elevated"


@pytest.mark.parametrize(("kw", "points"), [
    (dict(age=59.9), 0), (dict(age=60), 1.5),
    (dict(active_cancer=True), 2),
    (dict(sex="male", systolic_bp=139), 0), (dict(sex="male", systolic_bp=140), 1), (dict(systolic_bp=180), 0),
    (dict(hemoglobin=12), 0), (dict(hemoglobin=11.9), 1.5),  # women < 12
    (dict(sex="male", hemoglobin=13), 0), (dict(sex="male", hemoglobin=12.9), 1.5),  # men < 13
    (dict(prior_bleeding=True), 1.5),
    (dict(creatinine_clearance=60.1), 0), (dict(creatinine_clearance=60), 1.5), (dict(creatinine_clearance=30), 1.5),
    (dict(creatinine_clearance=29.9), 0),
])
def test_each_item_both_sides(kw, points):
    assert vte(**kw).value == points


@pytest.mark.parametrize(("kw", "risk"), [(dict(age=60), "Low"), (dict(active_cancer=True), "Elevated")])
def test_risk_from_2_points(kw, risk):
    assert vte(**kw).outputs["risk"]["value"] == risk


def test_units_warning_and_errors():
    assert vte(hemoglobin="118 g/L").value == 1.5  # 11.8 g/dL
    assert any(w.field == "creatinine_clearance" for w in vte(creatinine_clearance=20).warnings)
    with pytest.raises(CalculatorInputError, match="sex"):
        vte(sex="unknown")
