import pytest

from medreckon import CalculatorInputError, calculate

NONE = dict(age=50, sex="male", loop_diuretic=False, potassium=4.2, qtc=420, acute_mi=False, sepsis=False,
            heart_failure=False, qt_prolonging_drugs=0)


def tisdale(**kw):
    return calculate("tisdale-qt", {**NONE, **kw})


def test_worked_example():
    r = calculate("Tisdale Risk Score for QT Prolongation", age=59, sex="female", loop_diuretic=False, potassium=3.3,
                  qtc=462, acute_mi=False, sepsis=False, heart_failure=False, qt_prolonging_drugs=2)
    assert r.value == 11 and r.outputs["risk_group"]["value"] == "High risk"


@pytest.mark.parametrize("kw, points", [
    (dict(age=67), 0), (dict(age=68), 1), (dict(potassium=3.5), 2), (dict(potassium=3.51), 0),
    (dict(potassium="3.5 mmol/L"), 2), (dict(qtc=449), 0), (dict(qtc=450), 2), (dict(qtc="0.45 s"), 2),
    (dict(qt_prolonging_drugs=1), 3), (dict(qt_prolonging_drugs=2), 6), (dict(qt_prolonging_drugs=5), 6),
    (dict(sex="female"), 1), (dict(loop_diuretic=True), 1), (dict(acute_mi=True), 2), (dict(sepsis=True), 3),
    (dict(heart_failure=True), 3),
])
def test_each_item_on_both_sides(kw, points):
    assert tisdale(**kw).value == points


@pytest.mark.parametrize("kw, total, group", [
    (dict(qt_prolonging_drugs=2), 6, "Low risk"), (dict(qt_prolonging_drugs=2, sex="female"), 7, "Moderate risk"),
    (dict(qt_prolonging_drugs=2, sepsis=True, sex="female"), 10, "Moderate risk"),
    (dict(qt_prolonging_drugs=2, sepsis=True, sex="female", age=70), 11, "High risk"),
])
def test_risk_group_edges(kw, total, group):
    r = tisdale(**kw)
    assert r.value == total and r.outputs["risk_group"]["value"] == group


def test_maximum():
    r = tisdale(age=80, sex="female", loop_diuretic=True, potassium=3, qtc=500, acute_mi=True, sepsis=True,
                heart_failure=True, qt_prolonging_drugs=3)
    assert r.value == 21


def test_negative_drug_count_is_refused():
    with pytest.raises(CalculatorInputError, match="qt_prolonging_drugs"):
        tisdale(qt_prolonging_drugs=-1)
