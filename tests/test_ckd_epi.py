import pytest

from medreckon import CalculatorInputError, calculate, from_medcalc_bench
from medreckon.calculators.library.ckd_epi import gfr_category


def egfr(**kw):
    return calculate("ckd-epi-2021", kw)


def test_female_below_kappa_uses_alpha():
    # Scr 0.5 < 0.7: 142 × (0.5/0.7)^−0.241 × 0.9938^40 × 1.012
    assert egfr(age=40, sex="female", creatinine=0.5).value == pytest.approx(
        142 * (0.5 / 0.7) ** -0.241 * 0.9938**40 * 1.012)


def test_female_above_kappa_uses_minus_1_2():
    assert egfr(age=40, sex="female", creatinine=1.4).value == pytest.approx(142 * 2.0**-1.2 * 0.9938**40 * 1.012)


def test_at_kappa_both_terms_are_one():
    assert egfr(age=50, sex="female", creatinine=0.7).value == pytest.approx(142 * 0.9938**50 * 1.012)
    assert egfr(age=50, sex="male", creatinine=0.9).value == pytest.approx(142 * 0.9938**50)


def test_male_kappa_0_9_on_both_sides():
    # 0.8 < 0.9: α = −0.302 with κ = 0.9 (not 0.7)
    assert egfr(age=60, sex="male", creatinine=0.8).value == pytest.approx(142 * (0.8 / 0.9) ** -0.302 * 0.9938**60)
    assert egfr(age=60, sex="male", creatinine=1.2).value == pytest.approx(142 * (1.2 / 0.9) ** -1.2 * 0.9938**60)


def test_female_just_either_side_of_kappa():
    below = egfr(age=30, sex="female", creatinine=0.69).value
    above = egfr(age=30, sex="female", creatinine=0.71).value
    assert below == pytest.approx(142 * (0.69 / 0.7) ** -0.241 * 0.9938**30 * 1.012)
    assert above == pytest.approx(142 * (0.71 / 0.7) ** -1.2 * 0.9938**30 * 1.012)


def test_creatinine_in_umol_per_l():
    # 1 mg/dL = 10000 / 113.12 = 88.40 µmol/L
    r = egfr(age=60, sex="male", creatinine="176.8 umol/L")
    assert r.value == pytest.approx(142 * (176.8 * 113.12 / 10000 / 0.9) ** -1.2 * 0.9938**60)
    assert r.inputs["creatinine"] == pytest.approx(2.0, abs=1e-3)


def test_interpretation_and_rounding():
    r = egfr(age=60, sex="male", creatinine=1.2)  # 142 × (1.2/0.9)^−1.2 × 0.9938^60 = 69.3
    assert r.rounded == round(142 * (1.2 / 0.9) ** -1.2 * 0.9938**60) == 69
    assert "G2" in r.interpretation


@pytest.mark.parametrize(
    "gfr, category",
    [(90, "G1"), (89.99, "G2"), (60, "G2"), (59.99, "G3a"), (45, "G3a"), (44.99, "G3b"), (30, "G3b"),
     (29.99, "G4"), (15, "G4"), (14.99, "G5")],
)
def test_kdigo_category_boundaries(gfr, category):
    assert f"category {category} " in gfr_category(gfr)


def test_child_warns():
    assert any(w.field == "age" for w in egfr(age=12, sex="male", creatinine=0.6).warnings)


def test_missing_sex_and_impossible_creatinine():
    with pytest.raises(CalculatorInputError) as e:
        calculate("ckd-epi", age=50, creatinine=0)
    assert {i.field for i in e.value.issues} == {"sex", "creatinine"}


def test_medcalc_bench_row_24():
    r = from_medcalc_bench(3, "{'age': [30, 'years'], 'creatinine': [0.9, 'mg/dL'], 'sex': 'Female'}")
    assert r.value == pytest.approx(142 * (0.9 / 0.7) ** -1.2 * 0.9938**30 * 1.012)
    assert r.value == pytest.approx(88.199, abs=1e-3)


@pytest.mark.parametrize(("creatinine", "stage"), [
    ("0.5 mg/dL", "G1"), ("1.0 mg/dL", "G2"), ("1.4 mg/dL", "G3a"), ("1.8 mg/dL", "G3b"), ("2.7 mg/dL", "G4"),
    ("6 mg/dL", "G5"),
])
def test_ckd_stage_output_is_the_kdigo_category(creatinine, stage):
    r = calculate("ckd-epi-2021", age=62, sex="male", creatinine=creatinine)
    assert r.outputs["ckd_stage"]["value"] == stage
    assert f"category {stage} " in r.interpretation


def test_the_cystatin_equations_give_the_stage_too():
    r = calculate("ckd-epi-2021-creatinine-cystatin", age=62, sex="male", creatinine=1.8, cystatin_c=1.6)
    assert r.outputs["ckd_stage"]["value"] == "G3b"  # 42 mL/min/1.73 m²
    assert calculate("ckd-epi-cystatin-c", age=62, sex="male", cystatin_c=1.6).outputs["ckd_stage"]["value"] == "G3b"
