import math

import pytest

from medreckon import CalculatorInputError, calculate
from medreckon.calculators.library.score2_diabetes import risk_category

MAN = dict(age=56, sex="male", current_smoker=True, systolic_bp=138, diabetes=True, total_cholesterol=198,
           hdl_cholesterol=42, age_at_diabetes_diagnosis=44, hba1c=66, egfr=68, risk_region="high")


def by_hand(age, smk, sbp, tc, hdl, agedx, a1c, egfr, s1, s2):
    """The published male equation, written out term by term."""
    cage, csbp, ctc, chdl = (age - 60) / 5, (sbp - 120) / 20, tc - 6, (hdl - 1.3) / 0.5
    cdx, ca1c, ce = (agedx - 50) / 5, (a1c - 31) / 9.34, (math.log(egfr) - 4.5) / 0.15
    x = (0.5368 * cage + 0.4774 * smk + 0.1322 * csbp + 0.6457 + 0.1102 * ctc - 0.1087 * chdl - 0.0672 * smk * cage
         - 0.0268 * csbp * cage - 0.0983 * cage - 0.0181 * ctc * cage + 0.0095 * chdl * cage - 0.0998 * cdx
         + 0.0955 * ca1c - 0.0591 * ce + 0.0058 * ce * ce - 0.0134 * ca1c * cage + 0.0115 * ce * cage)
    raw = 1 - 0.9605 ** math.exp(x)
    return 100 * (1 - math.exp(-math.exp(s1 + s2 * math.log(-math.log(1 - raw)))))


def test_worked_example_against_the_written_out_equation():
    r = calculate("Systematic Coronary Risk Evaluation 2-Diabetes (SCORE2-Diabetes)", MAN)
    expected = by_hand(56, 1, 138, 198 * 0.0258627, 42 * 0.0258627, 44, 66, 68, 0.3207, 0.9360)
    assert r.value == pytest.approx(expected, rel=1e-3)
    assert r.rounded == 25.7 and r.outputs["risk_category"]["value"] == "Very high risk"


def test_units_mmol_and_percent():
    mmol = calculate("score2-diabetes", {**MAN, "total_cholesterol": "5.12 mmol/L", "hdl_cholesterol": "1.086 mmol/L",
                                         "hba1c": "8.19 %"})
    assert mmol.value == pytest.approx(calculate("score2-diabetes", MAN).value, rel=2e-3)


def test_women_have_their_own_coefficients():
    woman = calculate("score2-diabetes", {**MAN, "sex": "female"})
    assert woman.value != pytest.approx(calculate("score2-diabetes", MAN).value, rel=1e-2)


@pytest.mark.parametrize("region", ["low", "moderate", "high", "very high"])
def test_regions_are_ordered(region):
    assert calculate("score2-diabetes", {**MAN, "risk_region": region}).value > 0


def test_regions_order():
    values = [calculate("score2-diabetes", {**MAN, "risk_region": r}).value for r in ("low", "moderate", "high")]
    assert values == sorted(values)


@pytest.mark.parametrize("age, risk, category", [
    (49.9, 2.49, "Low to moderate risk"), (45, 2.5, "High risk"), (45, 7.49, "High risk"), (45, 7.5, "Very high risk"),
    (50, 4.99, "Low to moderate risk"), (55, 5.0, "High risk"), (55, 9.99, "High risk"), (55, 10.0, "Very high risk"),
])
def test_category_cut_offs_by_age(age, risk, category):
    assert risk_category(age, risk) == category


def test_age_outside_40_69_warns():
    r = calculate("score2-diabetes", {**MAN, "age": 72})
    assert any(w.field == "age" and "40-69" in w.message for w in r.warnings)


def test_age_at_diagnosis_needed_and_not_after_today():
    with pytest.raises(CalculatorInputError, match="age_at_diabetes_diagnosis"):
        calculate("score2-diabetes", {k: v for k, v in MAN.items() if k != "age_at_diabetes_diagnosis"})
    with pytest.raises(CalculatorInputError, match="age_at_diabetes_diagnosis"):
        calculate("score2-diabetes", {**MAN, "age_at_diabetes_diagnosis": 60})
    no_dm = {k: v for k, v in MAN.items() if k != "age_at_diabetes_diagnosis"} | {"diabetes": False}
    assert calculate("score2-diabetes", no_dm).value > 0
