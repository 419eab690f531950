import pytest

from medreckon import CalculatorInputError, calculate


@pytest.mark.parametrize("t, n, m, stage", [
    ("T1a", "N0", "M0", "IA"), ("T1b", "N0", "M0", "IB"), ("T2", "N0", "M0", "II"), ("T3", "N0", "M0", "IIIA"),
    ("T4", "N0", "M0", "IIIB"), ("T2", "N1", "M0", "IVA"), ("TX", "N1", "M0", "IVA"), ("T1a", "NX", "M1", "IVB"),
    ("TX", "N0", "M0", "Unable to stage for this combination"), ("pT1b", "pN0", "cM0", "IB"),
])
def test_stage_groups(t, n, m, stage):
    assert calculate("Hepatocellular Carcinoma TNM Staging", t=t, n=n, m=m).value == stage


def test_unknown_category():
    with pytest.raises(CalculatorInputError, match="t"):
        calculate("hcc-tnm", t="T5", n="N0", m="M0")
