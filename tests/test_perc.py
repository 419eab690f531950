import pytest

from medreckon import CalculatorInputError, calculate, from_medcalc_bench

BASE = dict(age=30, heart_rate=80, oxygen_saturation=99)
FINDINGS = ["unilateral_leg_swelling", "hemoptysis", "recent_surgery_or_trauma", "hormone_use"]


def count(**kw):
    return calculate("perc", {**BASE, **kw})


@pytest.mark.parametrize("age, met", [(49, 0), (49.9, 0), (50, 1), (80, 1)])
def test_age_50_or_more(age, met):
    assert count(age=age).value == met


@pytest.mark.parametrize("hr, met", [(99, 0), (99.5, 0), (100, 1), (150, 1)])
def test_heart_rate_100_or_more(hr, met):
    assert count(heart_rate=hr).value == met


@pytest.mark.parametrize("sat, met", [(100, 0), (95, 0), (94.9, 1), (88, 1)])
def test_saturation_below_95(sat, met):
    assert count(oxygen_saturation=sat).value == met


def test_saturation_as_a_fraction():
    assert count(oxygen_saturation={"value": 0.94, "unit": "1"}).value == 1
    assert count(oxygen_saturation="0.96 fraction").value == 0
    with pytest.raises(CalculatorInputError, match=r"did you mean 0.94 1 \(= 94 %\)"):
        count(oxygen_saturation=0.94)  # 0.94 % or 94 %? the unit must be said
    r = count(oxygen_saturation=1.5)  # over 1: read as 1.5 %, flagged as implausible
    assert any(w.field == "oxygen_saturation" and w.code == "implausible" for w in r.warnings)


@pytest.mark.parametrize("finding", FINDINGS)
def test_findings(finding):
    assert count(**{finding: True}).value == 1


def test_prior_pe_or_dvt_is_one_criterion():
    assert count(previous_pe=True).value == 1
    assert count(previous_pe=True, previous_dvt=True).value == 1


def test_all_and_none():
    r = count(age=60, heart_rate=110, oxygen_saturation=90, previous_dvt=True, **{f: True for f in FINDINGS})
    assert r.value == 8 and r.interpretation.startswith("PERC positive")
    r = count()
    assert r.value == 0 and r.interpretation.startswith("PERC negative")


def test_impossible_saturation_and_missing_vitals():
    with pytest.raises(CalculatorInputError, match="oxygen_saturation"):
        count(oxygen_saturation=101)
    with pytest.raises(CalculatorInputError, match="heart_rate"):
        calculate("perc", age=40, oxygen_saturation=98)


def test_medcalc_bench_row_568():
    r = from_medcalc_bench(48, "{'age': [61.0, 'years'], 'Heart Rate or Pulse': [88.0, 'beats per minute'], "
                               "'O₂ saturation percentage': [88.0, '%'], 'Unilateral Leg Swelling': False, "
                               "'Hormone use': False, 'Recent surgery or trauma': False, "
                               "'Previously Documented Pulmonary Embolism': True, 'Hemoptysis': False, "
                               "'Previously documented Deep Vein Thrombosis': False}")
    # age 61 ≥ 50, SaO2 88 < 95, prior PE
    assert r.value == 3
