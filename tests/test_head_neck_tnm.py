import pytest

from medreckon import CalculatorInputError, calculate

UNSTAGEABLE = "Unable to stage for this combination"


@pytest.mark.parametrize("t, n, m, stage", [
    ("Tis", "N0", "M0", "0"), ("T1", "N0", "M0", "I"), ("T2", "N0", "M0", "II"), ("T3", "N0", "M0", "III"),
    ("T1", "N1", "M0", "III"), ("T3", "cN1", "M0", "III"), ("T4a", "N1", "M0", "IVA"), ("T2", "N2c", "M0", "IVA"),
    ("T3", "cN2b", "M0", "IVA"), ("T1", "N3b", "M0", "IVB"), ("T4b", "N0", "M0", "IVB"), ("T1", "N0", "M1", "IVC"),
    ("pTX", "pNX", "M0", UNSTAGEABLE), ("Tis", "N1", "M0", UNSTAGEABLE),
])
def test_larynx_stage_groups(t, n, m, stage):
    assert calculate("Laryngeal Cancer: Supraglottis (Clinical)", t=t, n=n, m=m).value == stage
    assert calculate("Laryngeal Cancer: Glottis (Pathological)", t=t, n=n, m=m).value == stage


@pytest.mark.parametrize("t, n, m, stage", [
    ("T1", "N0", "M0", "I"), ("T2", "N0", "M0", "II"), ("T3", "N0", "M0", "III"), ("T0", "N1", "M0", "III"),
    ("T4a", "cN0", "M0", "IVA"), ("pT4a", "pN2b", "M0", "IVA"), ("T0", "N2a", "M0", "IVA"), ("T4b", "N1", "M0", "IVB"),
    ("T2", "N3a", "M0", "IVB"), ("T2", "N0", "M1", "IVC"), ("T0", "N0", "M0", UNSTAGEABLE),
])
def test_salivary_stage_groups(t, n, m, stage):
    assert calculate("Major Salivary Gland Cancer (Clinical)", t=t, n=n, m=m).value == stage
    assert calculate("Major Salivary Gland Cancer TNM Staging (Pathological)", t=t, n=n, m=m).value == stage


def test_unknown_n():
    with pytest.raises(CalculatorInputError, match="n"):
        calculate("larynx-tnm", t="T1", n="N4", m="M0")
