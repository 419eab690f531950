import pytest

from medreckon import CalculatorInputError, calculate, from_medcalc_bench

# every criterion at 0 points
BASE = dict(bun=10, hemoglobin=15, sex="male", systolic_bp=120, heart_rate=80)


def gbs(**kw):
    return calculate("glasgow-blatchford", {**BASE, **kw})


def test_zero_is_low_risk():
    r = gbs()
    assert r.value == 0 and "low risk" in r.interpretation


@pytest.mark.parametrize("bun, points", [(18.1, 0), (18.2, 2), (22.3, 2), (22.4, 3), (27.9, 3), (28, 4),
                                         (69.9, 4), (70, 6)])
def test_bun_band_limits(bun, points):
    assert gbs(bun=bun).value == points


@pytest.mark.parametrize("urea, points", [("6.4 mmol/L", 0), ("6.5 mmol/L", 2), ("7.9 mmol/L", 2), ("8 mmol/L", 3),
                                          ("10 mmol/L", 4), ("24.9 mmol/L", 4), ("25 mmol/L", 6)])
def test_urea_in_mmol_per_litre(urea, points):
    # the paper's bands: urea ≥ 6.5 < 8.0 mmol/L 2, ≥ 8.0 < 10.0 3, ≥ 10.0 < 25.0 4, ≥ 25 6
    assert gbs(bun=urea).value == points


@pytest.mark.parametrize("hb, points", [(13, 0), (12.9, 1), (12, 1), (11.9, 3), (10, 3), (9.9, 6)])
def test_hemoglobin_men(hb, points):
    assert gbs(hemoglobin=hb).value == points


@pytest.mark.parametrize("hb, points", [(13, 0), (12, 0), (11.9, 1), (10, 1), (9.9, 6)])
def test_hemoglobin_women(hb, points):
    assert gbs(sex="female", hemoglobin=hb).value == points


def test_hemoglobin_in_grams_per_litre():
    assert gbs(hemoglobin="125 g/L").value == 1  # 12.5 g/dL, man
    assert gbs(hemoglobin="120 g/L", sex="female").value == 0


@pytest.mark.parametrize("sbp, points", [(110, 0), (109, 1), (100, 1), (99, 2), (90, 2), (89, 3)])
def test_systolic_band_limits(sbp, points):
    assert gbs(systolic_bp=sbp).value == points


@pytest.mark.parametrize("hr, points", [(99, 0), (100, 1)])
def test_heart_rate_at_least_100(hr, points):
    assert gbs(heart_rate=hr).value == points


@pytest.mark.parametrize("finding, points", [("melena", 1), ("syncope", 2), ("hepatic_disease", 2),
                                             ("cardiac_failure", 2)])
def test_findings(finding, points):
    r = gbs(**{finding: True})
    assert r.value == points and "not low risk" in r.interpretation


def test_maximum_is_23():
    r = gbs(bun=80, hemoglobin=8, systolic_bp=80, heart_rate=120, melena=True, syncope=True, hepatic_disease=True,
            cardiac_failure=True)
    assert r.value == 6 + 6 + 3 + 1 + 1 + 2 + 2 + 2
    assert [s.what for s in r.steps][-1] == "total" and len(r.steps) == 9


def test_missing_findings_warn():
    assert {w.field for w in gbs().warnings if w.code == "assumed_default"} == {
        "melena", "syncope", "hepatic_disease", "cardiac_failure"}


def test_errors():
    with pytest.raises(CalculatorInputError, match="sex"):
        calculate("gbs", bun=10, hemoglobin=15, systolic_bp=120, heart_rate=80)
    with pytest.raises(CalculatorInputError, match="hemoglobin"):
        gbs(hemoglobin=0)


def test_medcalc_bench_row():
    # row 385: BUN 34 (4), Hb 13 female (0), SBP 90 (2), HR 80 (0), melena (1), cardiac failure (2)
    r = from_medcalc_bench(27, "{'Hepatic disease history': False, 'Blood Urea Nitrogen (BUN)': [34.0, 'mg/dL'], "
                               "'Recent syncope': False, 'Heart Rate or Pulse': [80.0, 'beats per minute'], "
                               "'Hemoglobin': [13.0, 'g/dL'], 'sex': 'Female', 'Systolic Blood Pressure': [90.0, "
                               "'mm Hg'], 'Cardiac failure present': True, 'Melena present': True}")
    assert r.value == 9
