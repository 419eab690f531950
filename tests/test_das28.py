import math

import pytest

from medreckon import CalculatorInputError, calculate


def test_das28_esr_worked_example():
    r = calculate("Disease Activity Score-28 for Rheumatoid Arthritis with ESR (DAS28-ESR)", tender_joints=8,
                  swollen_joints=6, esr=28, global_health=6)
    expected = 0.56 * math.sqrt(8) + 0.28 * math.sqrt(6) + 0.70 * math.log(28) + 0.014 * 60
    assert r.value == pytest.approx(expected) and r.outputs["disease_activity"]["value"] == "High"


def test_das28_crp_worked_example_and_mm():
    r = calculate("Disease Activity Score-28 for Rheumatoid Arthritis with CRP (DAS28-CRP)", tender_joints=8,
                  swollen_joints=6, crp=12, global_health="60 mm")
    expected = 0.56 * math.sqrt(8) + 0.28 * math.sqrt(6) + 0.36 * math.log(13) + 0.014 * 60 + 0.96
    assert r.value == pytest.approx(expected) and r.rounded == 4.99
    assert r.outputs["disease_activity"]["value"] == "Moderate"


@pytest.mark.parametrize("score, label", [(2.59, "Remission"), (2.6, "Low"), (3.2, "Low"), (3.21, "Moderate"),
                                          (5.1, "Moderate"), (5.11, "High")])
def test_cut_offs(score, label):
    # 28 tender joints and no global health: 0.56 √28 + 0.70 ln(ESR); choose the ESR that gives `score`
    esr = math.exp((score - 0.56 * math.sqrt(28)) / 0.70)
    r = calculate("das28-esr", tender_joints=28, swollen_joints=0, esr=esr, global_health=0)
    assert r.value == pytest.approx(score) and r.outputs["disease_activity"]["value"] == label


def test_esr_zero_is_refused():
    with pytest.raises(CalculatorInputError, match="esr"):
        calculate("das28-esr", tender_joints=0, swollen_joints=0, esr=0, global_health=0)


def test_global_health_above_10_cm():
    with pytest.raises(CalculatorInputError, match="global_health"):
        calculate("das28-crp", tender_joints=0, swollen_joints=0, crp=1, global_health=60)
