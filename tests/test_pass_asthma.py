import pytest

from medreckon import CalculatorInputError, calculate


def test_worked_example():
    r = calculate("Pediatric Asthma Severity Score (PASS) for Asthma Exacerbation Severity", wheezing="none or mild",
                  work_of_breathing="none or mild", prolonged_expiration="moderately prolonged")
    assert r.value == 1


def test_maximum_and_bad_choice():
    assert calculate("pass-asthma", wheezing="severe, or absent from poor air exchange", work_of_breathing="severe",
                     prolonged_expiration="severely prolonged").value == 6
    with pytest.raises(CalculatorInputError, match="wheezing"):
        calculate("pass-asthma", wheezing="loud", work_of_breathing="severe", prolonged_expiration="severely prolonged")
