"""The CDC LMS helper: which table row a measurement is read against, and the z-score formula."""

import math

import pytest

from medreckon import CalculatorInputError, calculate
from medreckon.calculators.growth import _tables, lms_row


@pytest.mark.parametrize("months, row", [(0, 0.0), (0.3, 0.5), (1.99, 1.5), (2.0, 2.5), (2.5, 2.5), (35.2, 35.5)])
def test_age_reads_the_middle_of_its_month(months, row):
    assert lms_row("length_for_age_infant", "male", months, "age", "an age")[0] == row


@pytest.mark.parametrize("length, row", [(71.0, 71.5), (71.99, 71.5), (86.8, 86.5), (45.2, 45.5)])
def test_length_reads_the_middle_of_its_centimetre(length, row):
    assert lms_row("weight_for_length_infant", "female", length, "length", "a length")[0] == row


def test_the_median_is_the_50th_percentile_and_z_is_the_lms_formula():
    _, lam, mu, sigma = next(r for r in _tables()["length_for_age_infant"]["male"] if r[0] == 9.5)
    r = calculate("cdc-length-for-age-infant", sex="male", age="9 mo", length=mu)
    assert r.outputs["z_score"]["value"] == pytest.approx(0, abs=1e-9) and r.value == pytest.approx(50)
    r = calculate("cdc-length-for-age-infant", sex="male", age="9 mo", length=70)
    assert r.outputs["z_score"]["value"] == pytest.approx(((70 / mu) ** lam - 1) / (lam * sigma))
    z = r.outputs["z_score"]["value"]
    assert r.value == pytest.approx(50 * (1 + math.erf(z / math.sqrt(2))))


def test_the_mdcalc_rounding_option():
    exact = calculate("cdc-length-for-age-infant", sex="male", age="2 mo", length=56.5)
    rounded = calculate("cdc-length-for-age-infant", sex="male", age="2 mo", length=56.5,
                        percentile_from="z rounded to 2 decimals")
    z = round(exact.outputs["z_score"]["value"], 2)
    assert rounded.value == pytest.approx(50 * (1 + math.erf(z / math.sqrt(2))))
    assert abs(rounded.value - exact.value) < 0.2


def test_out_of_the_chart_is_refused():
    with pytest.raises(CalculatorInputError, match="age"):
        calculate("cdc-length-for-age-infant", sex="male", age="40 mo", length=95)
    with pytest.raises(CalculatorInputError, match="length"):
        calculate("cdc-weight-for-length-infant", sex="male", length=110, weight=18)
    with pytest.raises(CalculatorInputError, match="age"):
        calculate("cdc-height-for-age-girls", age="18 mo", height=80)
