import pytest

from medreckon import CalculatorInputError, calculate, from_medcalc_bench

ONE_POINT = ["active_cancer", "bedridden_recently", "major_surgery_12_weeks", "calf_swelling_3cm",
             "collateral_superficial_veins", "entire_leg_swollen", "localized_tenderness", "pitting_edema",
             "paralysis_or_immobilization", "previous_dvt"]


def score(**kw):
    return calculate("wells-dvt", kw)


@pytest.mark.parametrize("finding", ONE_POINT)
def test_one_point_criteria(finding):
    assert score(**{finding: True}).value == 1
    assert score(**{finding: False}).value == 0


def test_alternative_diagnosis_subtracts_two():
    assert score(alternative_diagnosis_as_likely=True).value == -2
    assert score(alternative_diagnosis_as_likely=True, active_cancer=True).value == -1


def test_bedridden_or_surgery_is_one_criterion():
    assert score(bedridden_recently=True, major_surgery_12_weeks=True).value == 1


def test_range():
    assert score(**{f: True for f in ONE_POINT}).value == 9  # 9 criteria, the bedridden/surgery pair once
    assert score(**{f: True for f in ONE_POINT}, alternative_diagnosis_as_likely=True).value == 7


@pytest.mark.parametrize(
    "n, three, two",
    [(-2, "low", "DVT unlikely"), (0, "low", "DVT unlikely"), (1, "moderate", "DVT unlikely"),
     (2, "moderate", "DVT likely"), (3, "high", "DVT likely")],
)
def test_interpretation_boundaries(n, three, two):
    findings = ["active_cancer", "calf_swelling_3cm", "entire_leg_swollen"][:max(n, 0)]
    r = score(**{f: True for f in findings}, alternative_diagnosis_as_likely=n < 0)
    assert r.value == n
    assert r.interpretation.startswith(f"{three} probability") and f"; {two} " in r.interpretation


def test_unknown_or_non_boolean_input():
    with pytest.raises(CalculatorInputError, match="did you mean 'active_cancer'"):
        score(active_cancerr=True)
    with pytest.raises(CalculatorInputError, match="true or false"):
        score(active_cancer="perhaps")


def test_medcalc_bench_row_237():
    r = from_medcalc_bench(16, {
        "Active cancer": True, "Bedridden recently >3 days or major surgery within 12 weeks": False,
        "Major surgery within 12 weeks": False, "Calf swelling >3 centimeters compared to the other leg": False,
        "Collateral (nonvaricose) superficial veins present": False, "Entire Leg Swollen": False,
        "Localized tenderness along the deep venous system": True, "Pitting edema, confined to symptomatic leg": False,
        "Paralysis, paresis, or recent plaster immobilization of the lower extremity": True,
        "Previously documented Deep Vein Thrombosis": False,
        "Alternative diagnosis to Deep Vein Thrombosis as likely or more likely": True,
    })
    # cancer 1 + tenderness 1 + paralysis 1 - 2
    assert r.value == 1
