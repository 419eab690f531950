import pytest

from medreckon import CalculatorInputError, calculate


def calvert(**kw):
    base = dict(age=58, sex="female", weight=78.5, creatinine=0.92, target_auc=5)
    return calculate("carboplatin-calvert", {**base, **kw})


def test_worked_example():
    crcl = (140 - 58) * 78.5 * 0.85 / (72 * 0.92)  # 82.6 mL/min
    r = calvert()
    assert r.outputs["gfr"]["value"] == pytest.approx(crcl)
    assert r.value == pytest.approx(5 * (crcl + 25))  # 538 mg


def test_male_has_no_085_factor():
    assert calvert(sex="male").outputs["gfr"]["value"] == pytest.approx((140 - 58) * 78.5 / (72 * 0.92))


@pytest.mark.parametrize(("creatinine", "gfr"), [(0.5, 125), (1.0, 82 * 100 / 72)])  # 227.8 -> 125 | 113.9
def test_gfr_capped_at_125(creatinine, gfr):
    assert calvert(sex="male", weight=100, creatinine=creatinine).outputs["gfr"]["value"] == pytest.approx(gfr)


def test_cap_exactly_at_125():
    # (140 − 50) × 100 / (72 × 1.0) = 125 exactly: not capped, and the same value
    r = calvert(age=50, sex="male", weight=100, creatinine=1.0)
    assert r.outputs["gfr"]["value"] == pytest.approx(125) and r.value == pytest.approx(5 * 150)
    assert not any(s.what == "GFR capped" for s in r.steps)
    assert any(s.what == "GFR capped" for s in calvert(age=50, sex="male", weight=100.1, creatinine=1.0).steps)


def test_units():
    assert calvert(creatinine="81.3 umol/L", weight="173 lb", target_auc="5 mg*min/mL").value == pytest.approx(
        calvert(creatinine=81.3 / 88.4, weight=173 * 0.45359237).value, rel=1e-3)
    with pytest.raises(CalculatorInputError, match="target_auc"):
        calvert(target_auc=0)
