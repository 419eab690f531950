import pytest

from medreckon import CalculatorInputError, calculate
from medreckon.calculators.library.hoehn_yahr import STAGES


@pytest.mark.parametrize("severity, stage", list(STAGES.items()))
def test_stages(severity, stage):
    assert calculate("hoehn-yahr", severity=severity).value == stage


def test_unknown():
    with pytest.raises(CalculatorInputError, match="severity"):
        calculate("hoehn-yahr", severity="stage 3")
