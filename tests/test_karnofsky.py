import pytest

from medreckon import CalculatorInputError, calculate
from medreckon.calculators.library.karnofsky import LEVELS

ECOG = {100: 0, 90: 0, 80: 1, 70: 1, 60: 2, 50: 2, 40: 3, 30: 3, 20: 4, 10: 4, 0: 5}


@pytest.mark.parametrize("status, kps", list(LEVELS.items()))
def test_levels_and_ecog(status, kps):
    r = calculate("karnofsky", status=status)
    assert r.value == kps and r.outputs["ecog"]["value"] == ECOG[kps]


def test_unknown_description():
    with pytest.raises(CalculatorInputError, match="status"):
        calculate("karnofsky", status="fine")
