import pytest

from medreckon import CalculatorInputError, calculate, from_medcalc_bench


def score(**kw):
    return calculate("wells-pe", {"heart_rate": 80, **kw})


@pytest.mark.parametrize("hr, points", [(99, 0.0), (100, 0.0), (100.5, 1.5), (101, 1.5), (140, 1.5)])
def test_heart_rate_over_100_both_sides(hr, points):
    assert score(heart_rate=hr).value == points


@pytest.mark.parametrize(
    "finding, points",
    [("clinical_signs_of_dvt", 3.0), ("pe_most_likely_diagnosis", 3.0), ("immobilization_3_days", 1.5),
     ("surgery_previous_4_weeks", 1.5), ("previous_pe", 1.5), ("previous_dvt", 1.5), ("hemoptysis", 1.0),
     ("malignancy", 1.0)],
)
def test_each_criterion(finding, points):
    assert score(**{finding: True}).value == points


def test_paired_criteria_count_once():
    assert score(immobilization_3_days=True, surgery_previous_4_weeks=True).value == 1.5
    assert score(previous_pe=True, previous_dvt=True).value == 1.5


def test_maximum_keeps_the_half_point():
    r = score(heart_rate=120, clinical_signs_of_dvt=True, pe_most_likely_diagnosis=True,
              immobilization_3_days=True, previous_dvt=True, hemoptysis=True, malignancy=True)
    # 3 + 3 + 1.5 + 1.5 + 1.5 + 1 + 1
    assert r.value == 12.5 and r.rounded == 12.5
    assert r.steps[-1].expression == "3 + 3 + 1.5 + 1.5 + 1.5 + 1 + 1"


@pytest.mark.parametrize(
    "findings, three, two",
    [
        (dict(previous_pe=True), "low", "PE unlikely"),  # 1.5 < 2
        (dict(hemoptysis=True, malignancy=True), "moderate", "PE unlikely"),  # 2
        (dict(clinical_signs_of_dvt=True, malignancy=True), "moderate", "PE unlikely"),  # 4 ≤ 4
        (dict(clinical_signs_of_dvt=True, previous_pe=True), "moderate", "PE likely"),  # 4.5 > 4
        (dict(clinical_signs_of_dvt=True, pe_most_likely_diagnosis=True), "moderate", "PE likely"),  # 6
        (dict(clinical_signs_of_dvt=True, previous_pe=True, hemoptysis=True, malignancy=True), "high", "PE likely"),
    ],
)
def test_three_tier_and_two_tier_boundaries(findings, three, two):
    r = score(**findings)
    assert r.interpretation.startswith(f"{three} probability")
    assert f"; {two} " in r.interpretation


def test_heart_rate_is_required():
    with pytest.raises(CalculatorInputError, match="heart_rate"):
        calculate("wells-pe", hemoptysis=True)


def test_heart_rate_with_unit_and_impossible_value():
    assert score(heart_rate="110 bpm").value == 1.5
    with pytest.raises(CalculatorInputError, match="heart_rate"):
        score(heart_rate=-5)


def test_medcalc_bench_row_121():
    r = from_medcalc_bench(8, "{'Previously Documented Pulmonary Embolism': True, 'Heart Rate or Pulse': "
                              "[120.0, 'beats per minute'], 'Immobilization for at least 3 days': False, "
                              "'Surgery in the previous 4 weeks': False, "
                              "'Malignancy with treatment within 6 months or palliative': False, "
                              "'Pulmonary Embolism is #1 diagnosis OR equally likely': True, "
                              "'Previously documented Deep Vein Thrombosis': False}")
    # PE #1 3 + HR 120 > 100 1.5 + previous PE 1.5
    assert r.value == 6.0
