import pytest

from medreckon import CalculatorInputError, calculate

LOW = dict(age=60, creatinine=0.9, heart_rate=70, systolic_bp=150, initial_troponin=10, troponin_upper_limit=19,
           prior_revascularization=True)


def action(**kw):
    return calculate("action-icu", {**LOW, **kw})


def test_lowest():
    r = action()
    assert r.value == 0 and r.outputs["icu_risk"]["value"] == 3.4


@pytest.mark.parametrize("age, points", [(69.9, 0), (70, 1)])
def test_age(age, points):
    assert action(age=age).value == points


@pytest.mark.parametrize("cr, points", [(1.09, 0), (1.1, 1), ("97 umol/L", 1), ("96 umol/L", 0)])
def test_creatinine(cr, points):
    assert action(creatinine=cr).value == points


@pytest.mark.parametrize("hr, points", [(84, 0), (85, 1), (99, 1), (100, 3)])
def test_heart_rate(hr, points):
    assert action(heart_rate=hr).value == points


@pytest.mark.parametrize("sbp, points", [(145, 0), (144, 1), (125, 1), (124, 3)])
def test_systolic(sbp, points):
    assert action(systolic_bp=sbp).value == points


@pytest.mark.parametrize("trop, points", [(227, 0), (228, 2), ("0.228 ng/mL", 2), ("0.227 ng/mL", 0)])
def test_troponin_ratio_12(trop, points):
    assert action(initial_troponin=trop).value == points  # 12 × 19 ng/L = 228


def test_findings():
    assert action(heart_failure=True).value == 5
    assert action(st_depression=True).value == 1
    assert action(prior_revascularization=False).value == 1
    assert action(chronic_lung_disease=True).value == 2


def test_risk_table_and_above_14():
    r = action(heart_rate=92, systolic_bp=128, prior_revascularization=False)  # 1 + 1 + 1
    assert r.value == 3 and r.outputs["icu_risk"]["value"] == 5.5
    r = action(age=75, creatinine=1.5, heart_rate=110, systolic_bp=110, heart_failure=True, chronic_lung_disease=True)
    assert r.value == 15 and r.outputs["icu_risk"]["value"] is None and "> 39.3%" in r.interpretation


def test_zero_upper_limit_is_refused():
    with pytest.raises(CalculatorInputError, match="troponin_upper_limit"):
        action(troponin_upper_limit=0)
