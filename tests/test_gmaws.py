import pytest

from medreckon import CalculatorInputError, calculate

CALM = dict(tremor="none", sweating="none", hallucinations="none", orientation="oriented", agitation="calm")


def test_worked_example():
    r = calculate("Glasgow Modified Alcohol Withdrawal Scale (GMAWS)", tremor="at rest", sweating="moist skin",
                  hallucinations="dubious or reported but not distressed", orientation="oriented",
                  agitation="panicky or pacing")
    assert r.value == 6


def test_zero_and_maximum():
    assert calculate("gmaws", CALM).interpretation.startswith("GMAWS 0 of 10: no withdrawal")
    worst = dict(tremor="at rest", sweating="drenching sweats", hallucinations="visual or tactile, distressing",
                 orientation="disoriented or no contact", agitation="panicky or pacing")
    assert calculate("gmaws", worst).value == 10


def test_bad_choice():
    with pytest.raises(CalculatorInputError, match="tremor"):
        calculate("gmaws", {**CALM, "tremor": "severe"})
