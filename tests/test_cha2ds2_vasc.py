import pytest

from medreckon import CalculatorInputError, calculate, from_medcalc_bench

BASE = dict(age=50, sex="male")


def score(**kw):
    return calculate("cha2ds2-vasc", {**BASE, **kw})


@pytest.mark.parametrize("age, points", [(64, 0), (64.9, 0), (65, 1), (74, 1), (74.9, 1), (75, 2), (90, 2)])
def test_age_bands_both_sides(age, points):
    assert score(age=age).value == points


def test_age_in_months_is_converted():
    assert score(age="900 mo").value == 2  # 900 months = 75 years


def test_female_scores_one():
    assert score(sex="female").value == 1
    assert score(sex="F").value == 1
    assert score(sex="male").value == 0


@pytest.mark.parametrize(
    "finding", ["congestive_heart_failure", "hypertension", "vascular_disease", "diabetes"]
)
def test_one_point_findings(finding):
    assert score(**{finding: True}).value == 1
    assert score(**{finding: False}).value == 0


@pytest.mark.parametrize("finding", ["stroke", "transient_ischemic_attack", "thromboembolism"])
def test_stroke_tia_thromboembolism_scores_two(finding):
    assert score(**{finding: True}).value == 2


def test_stroke_tia_thromboembolism_is_one_criterion():
    r = score(stroke=True, transient_ischemic_attack=True, thromboembolism=True)
    assert r.value == 2
    step = next(s for s in r.steps if s.what == "stroke, TIA or thromboembolism")
    assert step.expression == "stroke + TIA + thromboembolism"


def test_maximum_is_nine():
    r = score(age=80, sex="female", congestive_heart_failure=True, hypertension=True, stroke=True,
              vascular_disease=True, diabetes=True)
    # 1 + 1 + 2 + 1 + 2 + 1 + 1
    assert r.value == 9
    assert r.steps[-1].what == "total" and r.steps[-1].value == 9


def test_interpretation_discounts_the_sex_point():
    assert score(sex="female").interpretation.startswith("low risk")
    assert score(sex="male").interpretation.startswith("low risk")
    assert score(sex="male", hypertension=True).interpretation.startswith("one non-sex risk factor")
    assert score(sex="female", hypertension=True).interpretation.startswith("one non-sex risk factor")
    assert score(sex="female", age=75).interpretation.startswith("two or more")


def test_absent_findings_are_warned():
    r = score()
    defaults = {w.field for w in r.warnings if w.code == "assumed_default"}
    assert {"congestive_heart_failure", "stroke", "diabetes"} <= defaults
    assert not any(w.code == "assumed_default" for w in score(diabetes=False).warnings if w.field == "diabetes")


def test_sex_is_required_and_age_cannot_be_negative():
    with pytest.raises(CalculatorInputError, match="sex"):
        calculate("cha2ds2-vasc", age=70)
    with pytest.raises(CalculatorInputError, match="age"):
        calculate("cha2ds2-vasc", age=-1, sex="male")


def test_medcalc_bench_row_43():
    r = from_medcalc_bench(4, "{'sex': 'Female', 'age': [86.0, 'years'], 'Congestive Heart Faliure': True, "
                              "'Hypertension history': True, 'Thromboembolism history': True, "
                              "'Vascular disease history': True, 'Stroke': False, "
                              "'Transient Ischemic Attacks History': False}")
    # age 2 + female 1 + CHF 1 + HTN 1 + thromboembolism 2 + vascular 1
    assert r.value == 8
