import math

import pytest

from medreckon import CalculatorInputError, calculate

RATINGS = dict(back_pain=7, morning_stiffness_duration=6, patient_global=6, peripheral_pain=3)


def test_asdas_crp_worked_example():
    r = calculate("Ankylosing Spondylitis Disease Activity Score with CRP (ASDAS-CRP)", RATINGS, crp=12)
    expected = 0.12 * 7 + 0.06 * 6 + 0.11 * 6 + 0.07 * 3 + 0.58 * math.log(13)
    assert r.value == pytest.approx(expected) and r.rounded == 3.6
    assert r.outputs["disease_activity"]["value"] == "Very high"


def test_asdas_crp_in_mg_per_dl():
    assert calculate("asdas-crp", RATINGS, crp="1.2 mg/dL").value == pytest.approx(
        calculate("asdas-crp", RATINGS, crp=12).value)


def test_low_crp_taken_as_2_unless_asked_otherwise():
    kw = dict(back_pain=4, morning_stiffness_duration=2, patient_global=3, peripheral_pain=2, crp=1.2)
    base = 0.12 * 4 + 0.06 * 2 + 0.11 * 3 + 0.07 * 2
    assert calculate("asdas-crp", kw).value == pytest.approx(base + 0.58 * math.log(3))
    assert calculate("asdas-crp", kw, low_crp="as measured").value == pytest.approx(base + 0.58 * math.log(2.2))
    assert calculate("asdas-crp", kw, crp=2).value == pytest.approx(base + 0.58 * math.log(3))


def test_asdas_esr_worked_example():
    r = calculate("Ankylosing Spondylitis Disease Activity Score with ESR (ASDAS-ESR)", RATINGS, esr="30 mm/hr")
    expected = 0.08 * 7 + 0.07 * 6 + 0.11 * 6 + 0.09 * 3 + 0.29 * math.sqrt(30)
    assert r.value == pytest.approx(expected) and r.rounded == 3.5
    assert r.outputs["disease_activity"]["value"] == "High"  # 3.498: not above 3.5


@pytest.mark.parametrize("target, label", [(1.29, "Inactive"), (1.3, "Low"), (2.09, "Low"), (2.1, "High"),
                                           (3.5, "High"), (3.51, "Very high")])
def test_cut_off_edges(target, label):
    # ESR chosen so that the score is exactly `target` with all ratings 0
    esr = (target / 0.29) ** 2
    r = calculate("asdas-esr", back_pain=0, morning_stiffness_duration=0, patient_global=0, peripheral_pain=0, esr=esr)
    assert r.value == pytest.approx(target) and r.outputs["disease_activity"]["value"] == label


def test_esr_above_200_is_impossible():
    with pytest.raises(CalculatorInputError, match="esr"):
        calculate("asdas-esr", RATINGS, esr=250)
