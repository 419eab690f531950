import pytest

from medreckon import CalculatorInputError, calculate, from_medcalc_bench

FINDINGS = ["elevated_risk_surgery", "ischemic_heart_disease", "congestive_heart_failure",
            "cerebrovascular_disease", "insulin_treatment"]


def score(**kw):
    return calculate("rcri", {"creatinine": 1.0, **kw})


@pytest.mark.parametrize("finding", FINDINGS)
def test_one_point_findings(finding):
    assert score(**{finding: True}).value == 1
    assert score(**{finding: False}).value == 0


@pytest.mark.parametrize("creatinine, points", [(1.99, 0), (2.0, 0), (2.01, 1), (3.5, 1)])
def test_creatinine_over_2_both_sides(creatinine, points):
    assert score(creatinine=creatinine).value == points


def test_creatinine_in_umol_per_litre():
    # 2 mg/dL = 176.8 umol/L (creatinine 113.12 g/mol): 177 is above, 176 below
    assert score(creatinine="177 umol/L").value == 1
    assert score(creatinine="176 umol/L").value == 0


def test_missing_creatinine_is_assumed_normal_with_warning():
    r = calculate("rcri", ischemic_heart_disease=True)
    assert r.value == 1
    assert any(w.field == "creatinine" and w.code == "assumed_default" for w in r.warnings)


def test_impossible_creatinine():
    with pytest.raises(CalculatorInputError, match="creatinine"):
        score(creatinine=0)


@pytest.mark.parametrize("n, label", [(0, "class I"), (1, "class II"), (2, "class III"), (3, "class IV"), (6, "class IV")])
def test_classes(n, label):
    kw = {f: True for f in FINDINGS[:min(n, 5)]}
    r = score(creatinine=2.5 if n == 6 else 1.0, **kw)
    assert r.value == n
    assert r.interpretation.startswith(f"RCRI {label}:")


def test_medcalc_bench_cerebrovascular_entities_are_combined():
    r = from_medcalc_bench(17, "{'History of cerebrovascular disease': True, 'Cerebrovascular disease history': False, "
                               "'Pre-operative creatinine': [1.3, 'mg/dL'], 'History of ischemic heart disease': True}")
    assert r.inputs["cerebrovascular_disease"] is True
    assert r.value == 2  # ischaemic heart disease 1 + cerebrovascular disease 1


def test_medcalc_bench_row_247():
    r = from_medcalc_bench(17, "{'Congestive Heart Failure criteria for the Cardiac Risk Index rule': True, "
                               "'History of ischemic heart disease': False, 'Pre-operative treatment with insulin': True, "
                               "'Pre-operative creatinine': [1.6, 'mg/dL'], 'History of cerebrovascular disease': False, "
                               "'Elevated-risk surgery': False, 'Cerebrovascular disease history': False}")
    assert r.value == 2  # heart failure 1 + insulin 1
