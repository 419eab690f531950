import pytest

from medreckon import CalculatorInputError, calculate, from_medcalc_bench

FINDINGS = ["uncontrolled_hypertension", "renal_disease", "liver_disease", "stroke", "prior_major_bleeding",
            "labile_inr", "bleeding_medication"]


def score(**kw):
    return calculate("has-bled", {"age": 50, "alcohol_drinks_per_week": 0, **kw})


@pytest.mark.parametrize("age, points", [(64, 0), (65, 0), (65.5, 1), (66, 1), (85, 1)])
def test_elderly_is_over_65(age, points):
    assert score(age=age).value == points


@pytest.mark.parametrize("drinks, points", [(0, 0), (7, 0), (7.5, 0), (8, 1), (20, 1)])
def test_alcohol_eight_or_more_per_week(drinks, points):
    assert score(alcohol_drinks_per_week=drinks).value == points


def test_alcohol_not_given_is_assumed_below_eight_with_warning():
    r = calculate("has-bled", age=50)
    assert r.value == 0
    assert any(w.field == "alcohol_drinks_per_week" and w.code == "assumed_default" for w in r.warnings)


def test_negative_alcohol_is_impossible():
    with pytest.raises(CalculatorInputError, match="alcohol_drinks_per_week"):
        score(alcohol_drinks_per_week=-1)


@pytest.mark.parametrize("finding", FINDINGS)
def test_one_point_findings(finding):
    assert score(**{finding: True}).value == 1


def test_maximum_and_high_risk_band():
    r = score(age=70, alcohol_drinks_per_week=10, **{f: True for f in FINDINGS})
    assert r.value == 9
    assert score(stroke=True, labile_inr=True).interpretation.startswith("bleeding risk not high")  # 2
    assert score(stroke=True, labile_inr=True, age=66).interpretation.startswith("high bleeding risk")  # 3


def test_age_is_required():
    with pytest.raises(CalculatorInputError, match="age"):
        calculate("has-bled", stroke=True)


def test_medcalc_bench_row_345():
    r = from_medcalc_bench(25, "{'Stroke': True, 'Hypertension history': True, 'age': [22.0, 'years'], "
                               "'Medication usage predisposing to bleeding': False, "
                               "'Liver disease criteria for the HAS-BLED rule': True, "
                               "'Number of Alcoholic Drinks Per Week': 12, 'Labile international normalized ratio': False, "
                               "'Renal disease criteria for the HAS-BLED rule': True, "
                               "'Prior major bleeding or predisposition to bleeding': False}")
    # hypertension 1 + renal 1 + liver 1 + stroke 1 + alcohol 12 ≥ 8 1
    assert r.value == 5


def test_alcohol_must_be_a_count_not_a_yes_no():
    with pytest.raises(CalculatorInputError, match="alcohol use alone does not score"):
        score(alcohol_drinks_per_week=True)
    with pytest.raises(CalculatorInputError, match="0 or more"):
        score(alcohol_drinks_per_week="-3")
    assert score(alcohol_drinks_per_week="12").value == 1
