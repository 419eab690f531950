import math

import pytest

from medreckon import CalculatorInputError, calculate


def test_worked_example_regression():
    r = calculate("PSA Doubling Time (PSADT) Calculator", psa_1=5.1, psa_2=5.4, months_1_2=6, psa_3=5.2, months_2_3=6,
                  psa_4=5.8, months_3_4=6, psa_5=6.2, months_4_5=6)
    assert r.rounded == pytest.approx(0.008) and r.outputs["doubling_time"]["rounded"] == 90.0


def test_two_values_double_in_the_interval():
    r = calculate("psadt", psa_1=2, psa_2=4, months_1_2=6)
    assert r.value == pytest.approx(math.log(2) / 6) and r.outputs["doubling_time"]["value"] == pytest.approx(6)


def test_weeks_are_converted():
    assert calculate("psadt", psa_1=2, psa_2=4, months_1_2="26.0893 wk").outputs["doubling_time"]["value"] == \
        pytest.approx(6, rel=1e-3)


def test_falling_psa_has_no_doubling_time():
    r = calculate("psadt", psa_1=4, psa_2=3, months_1_2=6)
    assert r.value < 0 and r.outputs["doubling_time"]["value"] is None


def test_pairs_and_order():
    with pytest.raises(CalculatorInputError, match="months_2_3"):
        calculate("psadt", psa_1=2, psa_2=3, months_1_2=3, psa_3=4)
    with pytest.raises(CalculatorInputError, match="psa_3"):
        calculate("psadt", psa_1=2, psa_2=3, months_1_2=3, psa_4=4, months_3_4=3)
